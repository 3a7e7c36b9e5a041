import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { adForm, adRevision, beaconPayload, createAd } from './ads';
import { importDoc } from './official-data';
import { api } from './protocol-api';
import { nominationOf, randomIp, resultsOf, type Fixtures, type Role } from './route-fixtures';
import { login, PASSWORD, totp } from './users';

// The authorization matrix: every registered route, as each role, with the status
// it must answer. authz-matrix.test.ts fails when a registered route has no row here, so a new
// route is added with its row. Columns: anonymous, owner, another user, club_admin, super_admin.
// "Owner" owns the object a route names (protocol, saved match, session); on routes without an
// object it is an ordinary signed-in user. Someone else's object answers 404, as if missing.

export type Expected = readonly [
  anonymous: number,
  owner: number,
  other: number,
  clubAdmin: number,
  superAdmin: number,
];

export type CallSpec = {
  url: string;
  payload?: unknown;
  /** A token other than the role's own (a new user for calls that end a session or account). */
  token?: string;
};

export type MatrixRow = {
  expect: Expected;
  /** A valid request for the role: real ids of real objects, a body the route accepts. */
  request: (fx: Fixtures, role: Role) => CallSpec | Promise<CallSpec>;
};

const all = (status: number): Expected => [status, status, status, status, status];
/** Any signed-in user, on their own account or on shared data. */
const signedIn = (status: number): Expected => [401, status, status, status, status];
/** An object of the owner's: nobody else sees it, whatever their role. */
const owned = (status: number): Expected => [401, status, 404, 404, 404];
const superAdminOnly = (status: number): Expected => [401, 403, 403, 403, status];

/** For calls that end a session or an account: a new user with the role's account role. */
async function freshUser(fx: Fixtures, role: Role): Promise<{ token?: string }> {
  if (role === 'anonymous') return {};
  return { token: (await fx.newUser(role)).token };
}

let emailSerial = 0;
const UNKNOWN_TOKEN = 'x'.repeat(43);

/** The owner's newest or oldest inbox item (their saved protocols made some). */
async function ownerItem(fx: Fixtures, which: 'newest' | 'oldest'): Promise<string> {
  const res = await api(fx.t, fx.tokens.owner)('GET', '/api/notifications/inbox?limit=100');
  const items = res.json() as { id: string }[];
  return (which === 'newest' ? items[0] : items[items.length - 1])?.id ?? randomUUID();
}

/**
 * A browser's subscription at a push service's host that does not exist, one per role: the DELETE
 * row removes it again before the test-push row (a fuzzed test push finds no server to reach).
 */
function pushSubscription(role: Role) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint: `https://matris-${role}.push.services.mozilla.com/wpush/v2/matris`,
    keys: {
      p256dh: ecdh.getPublicKey().toString('base64url'),
      auth: randomBytes(16).toString('base64url'),
    },
  };
}

/** The owner's live link of their open protocol: created, read or ended through the API. */
async function liveLinkCall(fx: Fixtures, method: 'POST' | 'DELETE') {
  return api(fx.t, fx.tokens.owner)(method, `/api/matches/${fx.protocol.id}/live-link`);
}

/** The rider identities of the fixtures, by name (as the riders' admin lists them). */
async function riderIdentities(fx: Fixtures, q = '') {
  const res = await api(fx.t, fx.tokens.super_admin)(
    'GET',
    `/api/admin/riders?q=${encodeURIComponent(q)}`,
  );
  return res.json() as {
    id: string;
    name: string;
    entries: { entry_id: string; season: number | null }[];
  }[];
}

/** The identities of two new riders, each in a match of his own: two that a merge accepts. */
async function ridersOfTwoMatches(fx: Fixtures): Promise<[string, string]> {
  const tag = randomUUID().slice(0, 8);
  const teams = [
    { slug: `matris-a-${tag}`, name: `Matris A ${tag}` },
    { slug: `matris-b-${tag}`, name: `Matris B ${tag}` },
  ];
  const matchOf = (n: number) => ({
    external_id: `matris-${tag}-${n}`,
    season: 2030 + n,
    home: teams[0]!.slug,
    away: teams[1]!.slug,
    lineups: { home: { '1': `Matris ${tag} ${n}` }, away: { '1': `Matris ${tag} motståndare` } },
  });
  await importDoc(fx.t, {
    format: 'speedway-official/1',
    teams,
    matches: [matchOf(1), matchOf(2)],
  });
  const ids = (await riderIdentities(fx, `Matris ${tag}`))
    .filter(
      (identity) => identity.name === `Matris ${tag} 1` || identity.name === `Matris ${tag} 2`,
    )
    .map((identity) => identity.id);
  if (ids.length !== 2) throw new Error(`expected two new riders, found ${ids.length}`);
  return [ids[0]!, ids[1]!];
}

async function liveLinkToken(fx: Fixtures): Promise<string> {
  return ((await liveLinkCall(fx, 'POST')).json() as { link: { token: string } }).link.token;
}

export const ROUTE_MATRIX: Record<string, MatrixRow> = {
  // Public: the same answer whoever asks.
  'GET /api/health': { expect: all(200), request: () => ({ url: '/api/health' }) },
  // A live link is public: whoever has it sees the shared protocol.
  'GET /api/live/:token': {
    expect: all(200),
    request: async (fx) => ({ url: `/api/live/${await liveLinkToken(fx)}` }),
  },
  // A stream of a link in use never ends, so app.inject cannot wait for it: this row checks a
  // revoked link (404 for all); live.routes.test.ts reads the stream over a socket.
  'GET /api/live/:token/events': {
    expect: all(404),
    request: async (fx) => {
      const token = await liveLinkToken(fx);
      await liveLinkCall(fx, 'DELETE');
      return { url: `/api/live/${token}/events` };
    },
  },
  'POST /api/auth/register': {
    expect: all(201),
    request: () => ({
      url: '/api/auth/register',
      payload: { email: `matris.${++emailSerial}@example.se`, password: PASSWORD },
    }),
  },
  'POST /api/auth/verify-email': {
    expect: all(400),
    request: () => ({ url: '/api/auth/verify-email', payload: { token: UNKNOWN_TOKEN } }),
  },
  'POST /api/auth/login': {
    expect: all(200),
    request: (fx) => ({
      url: '/api/auth/login',
      payload: { email: fx.emails.other, password: PASSWORD },
    }),
  },
  'POST /api/auth/2fa/verify': {
    expect: all(401),
    request: () => ({
      url: '/api/auth/2fa/verify',
      payload: { ticket: UNKNOWN_TOKEN, code: '123456' },
    }),
  },
  'POST /api/auth/2fa/removal': {
    expect: all(401),
    request: () => ({ url: '/api/auth/2fa/removal', payload: { ticket: UNKNOWN_TOKEN } }),
  },
  'POST /api/auth/2fa/removal/cancel': {
    expect: all(400),
    request: () => ({ url: '/api/auth/2fa/removal/cancel', payload: { token: UNKNOWN_TOKEN } }),
  },
  'POST /api/auth/password/forgot': {
    expect: all(200),
    // Each asks for their own account (the limit per account is low on purpose).
    request: (fx, role) => ({
      url: '/api/auth/password/forgot',
      payload: { email: fx.emails[role === 'anonymous' ? 'other' : role] },
    }),
  },
  'POST /api/auth/password/reset': {
    expect: all(400),
    request: () => ({
      url: '/api/auth/password/reset',
      payload: { token: UNKNOWN_TOKEN, new_password: 'ett-nytt-lösenord' },
    }),
  },
  'POST /api/auth/email/revert': {
    expect: all(400),
    request: () => ({ url: '/api/auth/email/revert', payload: { token: UNKNOWN_TOKEN } }),
  },

  // The caller's own account.
  'POST /api/auth/logout': {
    expect: signedIn(200),
    request: async (fx, role) => ({ url: '/api/auth/logout', ...(await freshUser(fx, role)) }),
  },
  'GET /api/account/me': { expect: signedIn(200), request: () => ({ url: '/api/account/me' }) },
  'PUT /api/account/profile': {
    expect: signedIn(200),
    request: () => ({ url: '/api/account/profile', payload: { display_name: 'Matris' } }),
  },
  'PUT /api/account/password': {
    expect: signedIn(200),
    request: async (fx, role) => ({
      url: '/api/account/password',
      payload: { current_password: PASSWORD, new_password: 'ett-nytt-lösenord' },
      ...(await freshUser(fx, role)),
    }),
  },
  'POST /api/account/2fa/enable': {
    expect: signedIn(200),
    request: async (fx, role) => ({
      url: '/api/account/2fa/enable',
      payload: { password: PASSWORD },
      ...(await freshUser(fx, role)),
    }),
  },
  'POST /api/account/2fa/verify': {
    expect: signedIn(200),
    request: async (fx, role) => {
      const { token } = await freshUser(fx, role);
      if (!token) return { url: '/api/account/2fa/verify', payload: { code: '123456' } };
      const setup = await api(fx.t, token)('POST', '/api/account/2fa/enable', {
        password: PASSWORD,
      });
      const code = await totp((setup.json() as { secret: string }).secret);
      return { url: '/api/account/2fa/verify', payload: { code }, token };
    },
  },
  'POST /api/account/2fa/disable': {
    expect: signedIn(200),
    request: async (fx, role) => ({
      url: '/api/account/2fa/disable',
      payload: { password: PASSWORD },
      ...(await freshUser(fx, role)),
    }),
  },
  'POST /api/account/2fa/recovery-codes': {
    expect: signedIn(200),
    request: async (fx, role) => {
      const { token } = await freshUser(fx, role);
      const url = '/api/account/2fa/recovery-codes';
      if (!token) return { url, payload: { password: PASSWORD } };
      const call = api(fx.t, token);
      const setup = await call('POST', '/api/account/2fa/enable', { password: PASSWORD });
      const code = await totp((setup.json() as { secret: string }).secret);
      await call('POST', '/api/account/2fa/verify', { code });
      return { url, payload: { password: PASSWORD }, token };
    },
  },
  'GET /api/account/sessions': {
    expect: signedIn(200),
    request: () => ({ url: '/api/account/sessions' }),
  },
  'DELETE /api/account/sessions/:id': {
    expect: owned(200),
    request: async (fx, role) => {
      if (role !== 'owner') return { url: `/api/account/sessions/${fx.ownerSpareSessionId}` };
      // The owner ends another session of their own (a new one, so that the fixture's stays).
      const token = await login(fx.t, fx.emails.owner, PASSWORD, { 'x-forwarded-for': randomIp() });
      const me = await api(fx.t, token)('GET', '/api/account/sessions');
      const created = (me.json() as { id: string; current: boolean }[]).find((s) => s.current)!;
      return { url: `/api/account/sessions/${created.id}` };
    },
  },
  'DELETE /api/account/sessions': {
    expect: signedIn(200),
    request: async (fx, role) => ({
      url: '/api/account/sessions',
      payload: { scope: 'others' },
      ...(await freshUser(fx, role)),
    }),
  },
  'GET /api/account/export': {
    expect: signedIn(200),
    request: () => ({ url: '/api/account/export' }),
  },
  'DELETE /api/account': {
    expect: signedIn(200),
    request: async (fx, role) => ({
      url: '/api/account',
      payload: { password: PASSWORD },
      ...(await freshUser(fx, role)),
    }),
  },

  // Tutorial status: the caller's own.
  'GET /api/account/tutorials': {
    expect: signedIn(200),
    request: () => ({ url: '/api/account/tutorials' }),
  },
  'PUT /api/account/tutorials': {
    expect: signedIn(200),
    request: () => ({
      url: '/api/account/tutorials',
      payload: { tutorial: { pages: { home: { completed: true, step: 0 } } } },
    }),
  },

  // Official data: shared; the import only for super_admin.
  'GET /api/official-matches': {
    expect: signedIn(200),
    request: () => ({ url: '/api/official-matches' }),
  },
  'GET /api/official-matches/:id': {
    expect: signedIn(200),
    request: (fx) => ({ url: `/api/official-matches/${fx.official['fx-upcoming']}` }),
  },
  'POST /api/official-matches/import': {
    expect: superAdminOnly(200),
    request: (fx) => ({ url: '/api/official-matches/import', payload: fx.doc }),
  },
  'PUT /api/official-matches/:id/follow': {
    expect: signedIn(200),
    request: (fx) => ({ url: `/api/official-matches/${fx.official['fx-upcoming']}/follow` }),
  },
  'DELETE /api/official-matches/:id/follow': {
    expect: signedIn(200),
    request: (fx) => ({ url: `/api/official-matches/${fx.official['fx-upcoming']}/follow` }),
  },
  'GET /api/official-matches/:id/blank-scoresheet.pdf': {
    expect: signedIn(200),
    request: (fx) => ({
      url: `/api/official-matches/${fx.official['fx-upcoming']}/blank-scoresheet.pdf`,
    }),
  },
  'GET /api/follows': { expect: signedIn(200), request: () => ({ url: '/api/follows' }) },

  // Protocols: each user's own.
  'GET /api/matches': { expect: signedIn(200), request: () => ({ url: '/api/matches' }) },
  'POST /api/matches/from-official': {
    expect: signedIn(201),
    request: (fx) => ({
      url: '/api/matches/from-official',
      payload: { official_match_id: fx.official['fx-upcoming'] },
    }),
  },
  'GET /api/matches/:id': {
    expect: owned(200),
    request: (fx) => ({ url: `/api/matches/${fx.protocol.id}` }),
  },
  // The scoresheet out of the app (ADR 011): the owner's protocol as PDF, CSV and JSON.
  'GET /api/matches/:id/scoresheet.pdf': {
    expect: owned(200),
    request: (fx) => ({ url: `/api/matches/${fx.protocol.id}/scoresheet.pdf` }),
  },
  'GET /api/matches/:id/export.csv': {
    expect: owned(200),
    request: (fx) => ({ url: `/api/matches/${fx.protocol.id}/export.csv` }),
  },
  'GET /api/matches/:id/export.json': {
    expect: owned(200),
    request: (fx) => ({ url: `/api/matches/${fx.protocol.id}/export.json` }),
  },
  'POST /api/matches/:id/heat/:heatNumber/save': {
    expect: owned(200),
    // Heat 1 ridden the other way round: a real change (saving the same is refused).
    request: (fx) => {
      const { results } = resultsOf(fx.protocol, fx.heats[0]!);
      const finishers = results.filter((r) => r.status === 'completed');
      const reversed = results.map((r) =>
        r.status === 'completed' ? { ...r, position: finishers.length + 1 - r.position } : r,
      );
      return { url: `/api/matches/${fx.protocol.id}/heat/1/save`, payload: { results: reversed } };
    },
  },
  'PUT /api/matches/:id/nominations': {
    expect: owned(200),
    request: (fx) => ({
      url: `/api/matches/${fx.protocol.id}/nominations`,
      payload: nominationOf(
        fx.protocol,
        fx.heats.find((h) => h.heat === 15)!,
      ),
    }),
  },
  'PUT /api/matches/:id/confirm': {
    expect: owned(200),
    request: (fx) => ({ url: `/api/matches/${fx.savedProtocolId}/confirm` }),
  },
  'POST /api/matches/:id/save': {
    expect: owned(200),
    request: (fx) => ({ url: `/api/matches/${fx.savedProtocolId}/save` }),
  },
  'GET /api/matches/:id/live-link': {
    expect: owned(200),
    request: (fx) => ({ url: `/api/matches/${fx.protocol.id}/live-link` }),
  },
  'POST /api/matches/:id/live-link': {
    expect: [401, 201, 404, 404, 404],
    // The owner's call comes last and creates a link (201): any link from an earlier row ends first.
    request: async (fx, role) => {
      if (role === 'owner') await liveLinkCall(fx, 'DELETE');
      return { url: `/api/matches/${fx.protocol.id}/live-link` };
    },
  },
  'DELETE /api/matches/:id/live-link': {
    expect: owned(200),
    request: (fx) => ({ url: `/api/matches/${fx.protocol.id}/live-link` }),
  },
  'DELETE /api/matches/:id': {
    expect: owned(200),
    request: async (fx, role) => {
      if (role !== 'owner') return { url: `/api/matches/${fx.protocol.id}` };
      const started = await api(fx.t, fx.tokens.owner)('POST', '/api/matches/from-official', {
        official_match_id: fx.official['fx-live'],
      });
      return { url: `/api/matches/${(started.json() as { id: string }).id}` };
    },
  },

  // Saved matches: each user's own.
  'GET /api/user/matches': { expect: signedIn(200), request: () => ({ url: '/api/user/matches' }) },
  'GET /api/user/matches/:id': {
    expect: owned(200),
    request: (fx) => ({ url: `/api/user/matches/${fx.savedMatchId}` }),
  },
  'PUT /api/user/matches/:id/resolve': {
    expect: owned(200),
    request: (fx) => ({
      url: `/api/user/matches/${fx.savedMatchId}/resolve`,
      payload: { action: 'keep_user' },
    }),
  },
  'DELETE /api/user-matches/:id': {
    expect: owned(200),
    request: (fx, role) => ({
      url: `/api/user-matches/${role === 'owner' ? fx.spareSavedMatchId : fx.savedMatchId}`,
    }),
  },

  // Teams: shared; a match's line-up only of one's own protocol (or an official match).
  'GET /api/teams': { expect: signedIn(200), request: () => ({ url: '/api/teams' }) },
  'GET /api/teams/:id/riders': {
    expect: owned(200),
    request: (fx) => ({ url: `/api/teams/${fx.teamId}/riders?match_id=${fx.protocol.id}` }),
  },
  // Statistics (issue 28): shared like the table; a rider is named by a squad rider of the line-ups
  // (the owner's protocol carries the official ids) or by his identity.
  'GET /api/stats/riders': {
    expect: signedIn(200),
    request: () => ({ url: '/api/stats/riders?min_heats=1&sort=points' }),
  },
  'GET /api/stats/riders/:id': {
    expect: signedIn(200),
    request: (fx) => ({ url: `/api/stats/riders/${fx.protocol.lineups.home[0]!.rider_id}` }),
  },
  'GET /api/stats/riders/:id/head-to-head/:opponentId': {
    expect: signedIn(200),
    request: (fx) => ({
      url:
        `/api/stats/riders/${fx.protocol.lineups.home[0]!.rider_id}` +
        `/head-to-head/${fx.protocol.lineups.away[0]!.rider_id}`,
    }),
  },
  'GET /api/stats/teams/:id': {
    expect: signedIn(200),
    request: (fx) => ({ url: `/api/stats/teams/${fx.teamId}` }),
  },
  // Rider identities: super_admin only. Each call takes identities as they are then (a merge
  // removes one, a split adds one).
  'GET /api/admin/riders': {
    expect: superAdminOnly(200),
    request: () => ({ url: '/api/admin/riders?q=a' }),
  },
  'POST /api/admin/riders/:id/merge': {
    expect: superAdminOnly(200),
    request: async (fx) => {
      // Two riders of two matches (two of one match are two people: 409), new for each call.
      const [into, merged] = await ridersOfTwoMatches(fx);
      return { url: `/api/admin/riders/${merged}/merge`, payload: { into } };
    },
  },
  'POST /api/admin/riders/:id/split': {
    expect: superAdminOnly(200),
    request: async (fx) => {
      const identity = (await riderIdentities(fx)).find((i) => i.entries.length > 1)!;
      const { entry_id, season } = identity.entries[0]!;
      return { url: `/api/admin/riders/${identity.id}/split`, payload: { entry_id, season } };
    },
  },
  // Notifications: each user's own inbox (another user's item answers 404), settings and push
  // devices on the caller's own account, the one-click mail opt-out by token without a session.
  'GET /api/notifications/inbox': {
    expect: signedIn(200),
    request: () => ({ url: '/api/notifications/inbox?limit=20' }),
  },
  'PUT /api/notifications/read-all': {
    expect: signedIn(200),
    request: () => ({ url: '/api/notifications/read-all' }),
  },
  'PUT /api/notifications/:id/read': {
    expect: owned(200),
    request: async (fx) => ({ url: `/api/notifications/${await ownerItem(fx, 'oldest')}/read` }),
  },
  'DELETE /api/notifications/:id': {
    expect: owned(200),
    request: async (fx) => ({ url: `/api/notifications/${await ownerItem(fx, 'newest')}` }),
  },
  'GET /api/account/notifications': {
    expect: signedIn(200),
    request: () => ({ url: '/api/account/notifications' }),
  },
  'PUT /api/account/notifications': {
    expect: signedIn(200),
    request: () => ({
      url: '/api/account/notifications',
      payload: { quietHours: { start: '23:00', end: '06:30' } },
    }),
  },
  'GET /api/account/push/public-key': {
    expect: signedIn(200),
    request: () => ({ url: '/api/account/push/public-key' }),
  },
  'POST /api/account/push/subscribe': {
    expect: signedIn(200),
    request: (_fx, role) => ({
      url: '/api/account/push/subscribe',
      payload: pushSubscription(role),
    }),
  },
  'DELETE /api/account/push/subscribe': {
    expect: signedIn(200),
    request: (_fx, role) => ({
      url: '/api/account/push/subscribe',
      payload: { endpoint: pushSubscription(role).endpoint },
    }),
  },
  // Any signed-in user reaches it; without a device of their own it is 409 (no push is sent to a
  // real push service from a test).
  'POST /api/account/push/test': {
    expect: signedIn(409),
    request: () => ({ url: '/api/account/push/test' }),
  },
  'GET /api/notifications/email-opt-out': {
    expect: all(400),
    request: () => ({ url: `/api/notifications/email-opt-out?token=${UNKNOWN_TOKEN}` }),
  },
  'POST /api/notifications/email-opt-out': {
    expect: all(400),
    request: () => ({ url: `/api/notifications/email-opt-out?token=${UNKNOWN_TOKEN}` }),
  },

  // Banner ads: the admin area's calls for club_admin (their club's ads) and super_admin; the
  // moderation and deletion for super_admin; the selection for anyone signed in; the beacons for
  // anyone holding a token (sendBeacon sends no Authorization header).
  'GET /api/ads': { expect: [401, 403, 403, 200, 200], request: () => ({ url: '/api/ads' }) },
  'GET /api/ads/:id': {
    expect: [401, 403, 403, 200, 200],
    request: (fx) => ({ url: `/api/ads/${fx.ads.clubAdId}` }),
  },
  'POST /api/ads': {
    expect: [401, 403, 403, 201, 201],
    request: () => ({ url: '/api/ads', payload: adForm() }),
  },
  'PUT /api/ads/:id': {
    expect: [401, 403, 403, 200, 200],
    request: (fx) => ({ url: `/api/ads/${fx.ads.clubAdId}`, payload: adForm() }),
  },
  'DELETE /api/ads/:id': {
    expect: superAdminOnly(200),
    // The super_admin deletes an ad of their own, so that the club's ad stays for the others.
    request: async (fx, role) => {
      const id =
        role === 'super_admin' ? (await createAd(fx.t, fx.tokens.super_admin)).id : fx.ads.clubAdId;
      return { url: `/api/ads/${id}` };
    },
  },
  // The approval names the revision of the ad reviewed (the PUT row may have raised it).
  'POST /api/ads/:id/approve': {
    expect: superAdminOnly(200),
    request: async (fx) => ({
      url: `/api/ads/${fx.ads.clubAdId}/approve`,
      payload: { revision: await adRevision(fx.t, fx.tokens.super_admin, fx.ads.clubAdId) },
    }),
  },
  ...Object.fromEntries(
    ['reject', 'pause', 'activate'].map((action) => [
      `POST /api/ads/:id/${action}`,
      {
        expect: superAdminOnly(200),
        request: (fx: Fixtures) => ({ url: `/api/ads/${fx.ads.clubAdId}/${action}` }),
      },
    ]),
  ),
  'POST /api/ads/select': {
    expect: signedIn(200),
    request: () => ({ url: '/api/ads/select', payload: { placement: 'protocol-top' } }),
  },
  'POST /api/ads/impression': {
    expect: all(200),
    request: async (fx) => ({
      url: '/api/ads/impression',
      payload: await beaconPayload(fx.t, fx.tokens.owner, 'impression'),
    }),
  },
  // The spec's form (id, placement, no token): taken from anyone, counted only on a counted
  // impression of the signed-in sender (ad-beacons.test.ts).
  'POST /api/ads/click': {
    expect: all(200),
    request: (fx) => ({
      url: '/api/ads/click',
      payload: { id: fx.ads.selectableAdId, placement: 'protocol-top' },
    }),
  },

  // The global announcement: read by anyone signed in, saved and closed by super_admin.
  'GET /api/system/announcement': {
    expect: signedIn(200),
    request: () => ({ url: '/api/system/announcement' }),
  },
  'PUT /api/system/announcement': {
    expect: superAdminOnly(200),
    request: () => ({
      url: '/api/system/announcement',
      payload: { message: 'Välkommen till säsongen!', level: 'info', active: true },
    }),
  },
  'DELETE /api/system/announcement': {
    expect: superAdminOnly(200),
    request: () => ({ url: '/api/system/announcement' }),
  },

  // The official-data sync (/admin/official-data): super_admin only. The suites' apps have no
  // source (OFFICIAL_SOURCE=none, the default outside production), so 'Synka nu' answers 409
  // SYNC_NOT_CONFIGURED, a state conflict like the push test's, and nothing calls out to TA.
  'GET /api/admin/official-sync': {
    expect: superAdminOnly(200),
    request: () => ({ url: '/api/admin/official-sync' }),
  },
  'POST /api/admin/official-sync': {
    expect: superAdminOnly(409),
    request: () => ({ url: '/api/admin/official-sync', payload: {} }),
  },
  'GET /api/admin/official-sync/runs': {
    expect: superAdminOnly(200),
    request: () => ({ url: '/api/admin/official-sync/runs' }),
  },
  'GET /api/admin/official-sync/team-names': {
    expect: superAdminOnly(200),
    request: () => ({ url: '/api/admin/official-sync/team-names' }),
  },
  'PUT /api/admin/official-sync/team-names': {
    expect: superAdminOnly(200),
    // The fixtures' home team (fixtureSeason() in official-data.ts).
    request: () => ({
      url: '/api/admin/official-sync/team-names',
      payload: { source_name: 'Hemmalaget', team_slug: 'hemma' },
    }),
  },

  // The API's own description: public, the same for everyone. /api/docs is Swagger UI
  // (its page, its start script and assets from node_modules, and the document again as JSON and
  // YAML); /static/index.html sends the browser to the page.
  'GET /api/openapi.json': { expect: all(200), request: () => ({ url: '/api/openapi.json' }) },
  'GET /api/docs': { expect: all(200), request: () => ({ url: '/api/docs' }) },
  'GET /api/docs/json': { expect: all(200), request: () => ({ url: '/api/docs/json' }) },
  'GET /api/docs/yaml': { expect: all(200), request: () => ({ url: '/api/docs/yaml' }) },
  'GET /api/docs/static/index.html': {
    expect: all(302),
    request: () => ({ url: '/api/docs/static/index.html' }),
  },
  'GET /api/docs/static/swagger-initializer.js': {
    expect: all(200),
    request: () => ({ url: '/api/docs/static/swagger-initializer.js' }),
  },
  'GET /api/docs/static/*': {
    expect: all(200),
    request: () => ({ url: '/api/docs/static/swagger-ui.css' }),
  },
};
