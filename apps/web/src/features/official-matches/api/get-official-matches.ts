import type { OfficialMatchSummary } from '@speedway/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { MINUTE, queryKeys } from '@/lib/query-keys';
import { withTeamNames } from '@/lib/team-names';

export function getOfficialMatches({ signal }: { signal?: AbortSignal } = {}): Promise<
  OfficialMatchSummary[]
> {
  return api
    .get<OfficialMatchSummary[]>('/api/official-matches', { signal })
    .then((matches) => matches.map(withTeamNames));
}

/**
 * docs/spec/2-matches-protocols-admin.md §9: fresh 60 s on the home page, 15 minutes on the
 * overview; never refetched on focus.
 */
export const OFFICIAL_MATCHES_FRESH = { home: MINUTE, overview: 15 * MINUTE } as const;

export function getOfficialMatchesQueryOptions(staleTime: number = OFFICIAL_MATCHES_FRESH.home) {
  return queryOptions({
    queryKey: queryKeys.officialMatches,
    queryFn: ({ signal }) => getOfficialMatches({ signal }),
    staleTime,
    refetchOnWindowFocus: false,
  });
}

export function useOfficialMatches(staleTime?: number) {
  return useQuery(getOfficialMatchesQueryOptions(staleTime));
}
