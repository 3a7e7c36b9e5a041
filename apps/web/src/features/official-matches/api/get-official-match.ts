import type { OfficialMatchDetail } from '@speedway/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { MINUTE, queryKeys } from '@/lib/query-keys';

export function getOfficialMatch(
  id: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<OfficialMatchDetail> {
  return api.get<OfficialMatchDetail>(`/api/official-matches/${encodeURIComponent(id)}`, {
    signal,
  });
}

export function getOfficialMatchQueryOptions(id: string) {
  return queryOptions({
    queryKey: queryKeys.officialMatch(id),
    queryFn: ({ signal }) => getOfficialMatch(id, { signal }),
    staleTime: MINUTE,
  });
}

export function useOfficialMatch(id: string) {
  return useQuery(getOfficialMatchQueryOptions(id));
}
