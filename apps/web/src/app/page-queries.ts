import type { QueryClient } from '@tanstack/react-query';
import { getAccountQueryOptions } from '@/features/account/api/get-account';
import { getAnnouncementQueryOptions } from '@/features/announcement/api/get-announcement';
import { getFollowsQueryOptions } from '@/features/follows/api/get-follows';
import { getOfficialMatchQueryOptions } from '@/features/official-matches/api/get-official-match';
import { getOfficialMatchesQueryOptions } from '@/features/official-matches/api/get-official-matches';
import { getMatchQueryOptions } from '@/features/protocol/api/get-match';
import { getMatchesQueryOptions } from '@/features/protocol/api/get-matches';
import { getTeamsQueryOptions } from '@/features/teams/api/get-teams';
import { inAppLayout, matchPattern, type PAGE_REQUESTS, type Params } from './page-requests';

// ADR 021: the queries of a signed-in page, put into the query cache as the app starts (start.tsx),
// before the page's code has loaded and rendered. Each is the screen's own query (its key, fetcher
// and options from the feature's api file), so the screen finds it there, fetching or answered;
// its fetcher takes over the reply the page's first script already asked for (page-requests.ts).

/** One query of a page, started in a client: `client.prefetchQuery(the screen's own options)`. */
type PageQuery = (queryClient: QueryClient) => Promise<void>;

/**
 * The statistics' query options come with their pages' chunk, not in the app's start (the entry's
 * 150 KiB budget); their reads have left with the first script all the same.
 */
const statistics = () => import('@/features/statistics');

/** Route pattern (the same as PAGE_REQUESTS') → the queries its first render runs. */
export const PAGE_QUERIES: Record<keyof typeof PAGE_REQUESTS, (params: Params) => PageQuery[]> = {
  '/': () => [
    (client) => client.prefetchQuery(getAnnouncementQueryOptions()),
    (client) => client.prefetchQuery(getOfficialMatchesQueryOptions()),
    (client) => client.prefetchQuery(getFollowsQueryOptions()),
    (client) => client.prefetchQuery(getMatchesQueryOptions()),
    (client) => client.prefetchQuery(getTeamsQueryOptions()),
  ],
  '/match/:id': ({ id = '' }) =>
    id === 'preview' ? [] : [(client) => client.prefetchQuery(getMatchQueryOptions(id))],
  '/matches/official/:officialId': ({ officialId = '' }) => [
    (client) => client.prefetchQuery(getOfficialMatchQueryOptions(officialId)),
  ],
  '/statistik': () => [
    async (client) => client.prefetchQuery((await statistics()).getRiderRankingQueryOptions()),
  ],
  '/forare/:riderId': ({ riderId = '' }) => [
    async (client) => client.prefetchQuery((await statistics()).getRiderStatsQueryOptions(riderId)),
  ],
  '/lag/:teamId': ({ teamId = '' }) => [
    async (client) => client.prefetchQuery((await statistics()).getTeamStatsQueryOptions(teamId)),
  ],
};

/** The queries a signed-in visit of `pathname` starts with: the account's, then the page's own. */
export function pageQueries(pathname: string): PageQuery[] {
  if (!inAppLayout(pathname)) return [];
  const own = Object.entries(PAGE_QUERIES).flatMap(([pattern, queries]) => {
    const params = matchPattern(pattern, pathname);
    return params ? queries(params) : [];
  });
  return [(client) => client.prefetchQuery(getAccountQueryOptions()), ...own];
}

/**
 * Starts the queries of the page at `pathname` in `queryClient` (a signed-in start only). A query
 * the cache already holds fresh is left as it is; a failure is the screen's to show, as if it had
 * run the query itself.
 */
export function prefetchPageQueries(queryClient: QueryClient, pathname: string): void {
  for (const query of pageQueries(pathname)) void query(queryClient);
}
