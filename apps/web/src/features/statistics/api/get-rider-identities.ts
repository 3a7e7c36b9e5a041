import type { RiderIdentity } from '@speedway/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { statsKeys } from './keys';

// GET /api/admin/riders?q= (super_admin): at most 50 identities by name, each with its entries
// (squad rider, team, season, heats). `q` is matched without regard to case, spaces and accents.

/** What the server answers at most; a full list says there may be more to search for. */
export const IDENTITY_LIST_LIMIT = 50;

export function getRiderIdentities(
  q: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<RiderIdentity[]> {
  const path = q === '' ? '/api/admin/riders' : `/api/admin/riders?q=${encodeURIComponent(q)}`;
  return api.get<RiderIdentity[]>(path, { signal });
}

export function getRiderIdentitiesQueryOptions(q: string) {
  return queryOptions({
    queryKey: statsKeys.identities(q),
    queryFn: ({ signal }) => getRiderIdentities(q, { signal }),
    // An import may add identities at any time: the screen asks again whenever it opens, showing
    // what it had meanwhile.
    staleTime: 0,
  });
}

/**
 * The identities a search finds. While a new search is on its way the last answer stays on
 * screen (marked as fetching), so that the list does not blink away with every word typed.
 */
export function useRiderIdentities(q: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    ...getRiderIdentitiesQueryOptions(q),
    enabled,
    placeholderData: keepPreviousData,
  });
}
