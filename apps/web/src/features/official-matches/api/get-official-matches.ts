import type { OfficialMatchListQuery, OfficialMatchSummary } from '@speedway/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { MINUTE, queryKeys } from '@/lib/query-keys';
import { withTeamNames } from '@/lib/team-names';

/**
 * A window of the official list: a season, or days (README, "Official matches: the window").
 * None is the server's default, today's and the coming matches: what the home page, /dashboard and
 * /matches show, and the path the page's first script asks for before the app (page-requests.ts).
 */
export type OfficialMatchWindow = OfficialMatchListQuery;

/** '/api/official-matches' with the window's parameters, in one order (one path per window). */
export function officialMatchesPath(window: OfficialMatchWindow = {}): string {
  const params = new URLSearchParams();
  if (window.season !== undefined) params.set('season', String(window.season));
  if (window.from !== undefined) params.set('from', window.from);
  if (window.to !== undefined) params.set('to', window.to);
  const query = params.toString();
  return query ? `/api/official-matches?${query}` : '/api/official-matches';
}

export function getOfficialMatches({
  window,
  signal,
}: { window?: OfficialMatchWindow; signal?: AbortSignal } = {}): Promise<OfficialMatchSummary[]> {
  return api
    .get<OfficialMatchSummary[]>(officialMatchesPath(window), { signal })
    .then((matches) => matches.map(withTeamNames));
}

/**
 * docs/spec/2-matches-protocols-admin.md §9: fresh 60 s on the home page, 15 minutes on the
 * overview; never refetched on focus.
 */
export const OFFICIAL_MATCHES_FRESH = { home: MINUTE, overview: 15 * MINUTE } as const;

/** The default window under the list's own key; another window under a key of its own. */
export function getOfficialMatchesQueryOptions(
  staleTime: number = OFFICIAL_MATCHES_FRESH.home,
  window?: OfficialMatchWindow,
) {
  return queryOptions({
    queryKey: window ? queryKeys.officialMatchesIn(window) : queryKeys.officialMatches,
    queryFn: ({ signal }) => getOfficialMatches({ window, signal }),
    staleTime,
    refetchOnWindowFocus: false,
  });
}

export function useOfficialMatches(staleTime?: number, window?: OfficialMatchWindow) {
  return useQuery(getOfficialMatchesQueryOptions(staleTime, window));
}
