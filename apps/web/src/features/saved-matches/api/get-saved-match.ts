import type { SavedMatch } from '@speedway/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { savedMatchKeys } from './keys';

export function getSavedMatch(
  id: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<SavedMatch> {
  return api.get<SavedMatch>(`/api/user/matches/${encodeURIComponent(id)}`, { signal });
}

export function getSavedMatchQueryOptions(id: string) {
  return queryOptions({
    queryKey: savedMatchKeys.detail(id),
    queryFn: ({ signal }) => getSavedMatch(id, { signal }),
  });
}

export function useSavedMatch(id: string) {
  return useQuery(getSavedMatchQueryOptions(id));
}
