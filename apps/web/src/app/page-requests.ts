import { startEarlyRequest } from '@/lib/early-requests';
import { getStoredUser, getToken } from '@/lib/storage';

// ADR 021: what a signed-in page reads first, sent by the page's first script (main.tsx) beside the
// app's chunks instead of after them (on a weak phone the reads left after ~70 script requests).
// The entry loads this module before React or the app, so it knows the reads by their paths only;
// the queries that take the replies over are page-queries.ts, and page-queries.test.ts checks that
// the two ask for the same paths.

export type Params = Record<string, string>;

/** Every page in the app's layout shows the header, which reads the account (app-header.tsx). */
export const ACCOUNT_PATH = '/api/account/me';

/**
 * Route pattern (as in router.tsx) → the paths its first render reads, besides the account: what
 * the screen's content waits for. Home: the announcement (the page is laid out hidden until it
 * answers), the next match and the three numbers above the lists.
 */
export const PAGE_REQUESTS = {
  '/': () => [
    '/api/system/announcement',
    '/api/official-matches',
    '/api/follows',
    '/api/matches',
    '/api/teams',
  ],
  '/match/:id': ({ id = '' }) => (id === 'preview' ? [] : [`/api/matches/${encode(id)}`]),
  '/matches/official/:officialId': ({ officialId = '' }) => [
    `/api/official-matches/${encode(officialId)}`,
  ],
  // The statistics' pages read one reply each; the newest season's (a ?season= in the address
  // asks for another, and the early read is dropped unread).
  '/statistik': () => ['/api/stats/riders'],
  '/forare/:riderId': ({ riderId = '' }) => [`/api/stats/riders/${encode(riderId)}`],
  '/lag/:teamId': ({ teamId = '' }) => [`/api/stats/teams/${encode(teamId)}`],
} satisfies Record<string, (params: Params) => string[]>;

const encode = encodeURIComponent;

/**
 * The params of `pathname` when it matches `pattern` (':name' takes one segment, decoded as the
 * router decodes it), else null.
 */
export function matchPattern(pattern: string, pathname: string): Params | null {
  const want = pattern.split('/').filter(Boolean);
  const have = pathname.split('/').filter(Boolean);
  if (want.length !== have.length) return null;
  const params: Params = {};
  for (const [i, part] of want.entries()) {
    const segment = have[i] ?? '';
    if (part.startsWith(':')) {
      try {
        params[part.slice(1)] = decodeURIComponent(segment);
      } catch {
        return null;
      }
    } else if (part !== segment) return null;
  }
  return params;
}

/** Whether `pathname` is a page of the app's layout (header and all); a shared live link is not. */
export function inAppLayout(pathname: string): boolean {
  return pathname !== '/live' && !pathname.startsWith('/live/');
}

/** The reads a signed-in visit of `pathname` starts with. */
export function pageRequests(pathname: string): string[] {
  if (!inAppLayout(pathname)) return [];
  const own = Object.entries(PAGE_REQUESTS).flatMap(([pattern, paths]) => {
    const params = matchPattern(pattern, pathname);
    return params ? (paths as (params: Params) => string[])(params) : [];
  });
  return [ACCOUNT_PATH, ...own];
}

/**
 * Sends the reads of the page at `location` when someone is signed in on this device (the app
 * would send them too) and the browser is online (offline the app shows its stored copy and waits).
 * Signed out nothing goes: /auth needs no account.
 */
export function startPageRequests(location: Pick<Location, 'pathname'> = window.location): void {
  const token = getToken();
  if (!token || !getStoredUser() || navigator.onLine === false) return;
  for (const path of pageRequests(location.pathname)) startEarlyRequest(path, token);
}
