import type { Match } from '@speedway/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function getMatch(id: string, { signal }: { signal?: AbortSignal } = {}): Promise<Match> {
  return api.get<Match>(`/api/matches/${encodeURIComponent(id)}`, { signal });
}

export function getMatchQueryOptions(id: string) {
  return queryOptions({
    queryKey: queryKeys.match(id),
    queryFn: ({ signal }) => getMatch(id, { signal }),
    staleTime: 30_000,
  });
}

/** The id 'preview' loads nothing (docs/spec/2-matches-protocols-admin.md §2). */
export function useMatch(id: string) {
  return useQuery({ ...getMatchQueryOptions(id), enabled: id !== 'preview' });
}
