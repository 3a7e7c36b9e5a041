// What the web bench looks at: a verified user signed in through the API, who has been through
// the guides already (a returning user at the track), and a protocol started from a demo official
// match, on the server that startBuiltServer() (lib.mjs) started.

import { apiCall } from './lib.mjs';

const EMAIL = 'bench-web@example.se';
const PASSWORD = 'bench-web-lösenord-1';

/** Every key the app keeps a session under (apps/web/src/lib/storage.ts). */
export const SESSION_KEYS = { token: 'speedway.token', user: 'speedway.user' };

/**
 * Creates the user (with the server's CLI), signs in, marks the intro and every page guide done
 * (else a guide would open over the page being measured) and starts a protocol:
 * { session, matchId }.
 */
export async function prepareSignedInVisit(server) {
  await server.cli(['create-user', '--email', EMAIL, '--password', PASSWORD]);
  const session = await apiCall(server, null, 'POST', '/api/auth/login', {
    email: EMAIL,
    password: PASSWORD,
  });
  if (!session.token) throw new Error(`login gave no token: ${JSON.stringify(session)}`);
  const { tutorial } = await apiCall(server, session.token, 'GET', '/api/account/tutorials');
  const pages = Object.fromEntries(
    Object.keys(tutorial.pages).map((k) => [k, { completed: true }]),
  );
  await apiCall(server, session.token, 'PUT', '/api/account/tutorials', {
    tutorial: { introCompleted: true, pages },
  });
  return { session, matchId: await startProtocol(server, session.token) };
}

/**
 * A new protocol from the first upcoming demo match with line-ups (or the caller's unfinished one
 * of it, as the server answers): its id. `skip` takes a later match, for a fresh protocol.
 */
export async function startProtocol(server, token, skip = 0) {
  const officials = await apiCall(server, token, 'GET', '/api/official-matches');
  const official = officials.filter((m) => m.lineups_ready && m.status === 'upcoming')[skip];
  if (!official) throw new Error(`the demo season has no upcoming match with line-ups (#${skip})`);
  const protocol = await apiCall(server, token, 'POST', '/api/matches/from-official', {
    official_match_id: official.id,
  });
  return protocol.id;
}

/**
 * A browser init script (a string, for puppeteer's evaluateOnNewDocument and Playwright's
 * addInitScript) that stores `session` before the app's own scripts run, as a previous visit
 * leaves it. about:blank has no storage; it is skipped there.
 */
export function sessionInitScript(session) {
  const entries = [
    [SESSION_KEYS.token, session.token],
    [SESSION_KEYS.user, JSON.stringify(session.user)],
  ];
  return `try { for (const [k, v] of ${JSON.stringify(entries)}) localStorage.setItem(k, v); } catch {}`;
}
