import type { MatchSummary } from '@speedway/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { MINUTE, queryKeys } from '@/lib/query-keys';

export function getMatches({ signal }: { signal?: AbortSignal } = {}): Promise<MatchSummary[]> {
  return api.get<MatchSummary[]>('/api/matches', { signal });
}

/**
 * docs/spec/2-matches-protocols-admin.md §9: the user's matches are fresh 60 s on the home page.
 */
export function getMatchesQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.matches,
    queryFn: ({ signal }) => getMatches({ signal }),
    staleTime: MINUTE,
  });
}

export function useMatches() {
  return useQuery(getMatchesQueryOptions());
}
