import type { SavedMatchSummary } from '@speedway/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { savedMatchKeys } from './keys';

export function getSavedMatches({ signal }: { signal?: AbortSignal } = {}): Promise<
  SavedMatchSummary[]
> {
  return api.get<SavedMatchSummary[]>('/api/user/matches', { signal });
}

/**
 * docs/spec/2-matches-protocols-admin.md §7: the user's matches are cached indefinitely in the
 * overview. They change only through this user's own saves, resolutions and deletions, and each of
 * those invalidates this key.
 */
export function getSavedMatchesQueryOptions() {
  return queryOptions({
    queryKey: savedMatchKeys.all,
    queryFn: ({ signal }) => getSavedMatches({ signal }),
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

/** The user's saved protocols, newest first (the server's order). */
export function useSavedMatches() {
  return useQuery(getSavedMatchesQueryOptions());
}
