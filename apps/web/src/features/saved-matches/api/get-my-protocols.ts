import type { MatchSummary } from '@speedway/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { MINUTE, queryKeys } from '@/lib/query-keys';

export function getMyProtocols({ signal }: { signal?: AbortSignal } = {}): Promise<MatchSummary[]> {
  return api.get<MatchSummary[]>('/api/matches', { signal });
}

/**
 * GET /api/matches under the shared key, so this tab and the home page's list are one cache entry
 * that heat saves elsewhere already refresh. Fresh 60 s as on the home page
 * (docs/spec/2-matches-protocols-admin.md §9).
 */
export function getMyProtocolsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.matches,
    queryFn: ({ signal }) => getMyProtocols({ signal }),
    staleTime: MINUTE,
  });
}

export function useMyProtocols() {
  return useQuery(getMyProtocolsQueryOptions());
}
