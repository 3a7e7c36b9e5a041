import type { SavedMatch } from '@speedway/contracts';
import { queryOptions, replaceEqualDeep, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { savedMatchKeys } from './keys';

export function getSavedMatch(
  id: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<SavedMatch> {
  return api.get<SavedMatch>(`/api/user/matches/${encodeURIComponent(id)}`, { signal });
}

/**
 * The newer of two copies by the server's updated_at: a read that left before a resolution and
 * answers after its reply was shown must not bring the old status back.
 */
export function newerSavedMatch(current: SavedMatch | undefined, next: SavedMatch): SavedMatch {
  if (current && Date.parse(next.updated_at) < Date.parse(current.updated_at)) return current;
  return replaceEqualDeep(current, next);
}

export function getSavedMatchQueryOptions(id: string) {
  return queryOptions({
    queryKey: savedMatchKeys.detail(id),
    queryFn: ({ signal }) => getSavedMatch(id, { signal }),
    structuralSharing: (current, next) =>
      newerSavedMatch(current as SavedMatch | undefined, next as SavedMatch),
  });
}

export function useSavedMatch(id: string) {
  return useQuery(getSavedMatchQueryOptions(id));
}
