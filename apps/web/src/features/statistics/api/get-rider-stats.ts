import type { RiderStats } from '@speedway/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { MINUTE } from '@/lib/query-keys';
import { statsKeys, withSeason } from './keys';

// GET /api/stats/riders/{id}: one rider's season. {id} is the rider's identity or a squad rider's
// id (what line-ups and protocols carry); the reply names the identity.

export function getRiderStats(
  id: string,
  season: number | undefined,
  { signal }: { signal?: AbortSignal } = {},
): Promise<RiderStats> {
  return api.get<RiderStats>(withSeason(`/api/stats/riders/${encodeURIComponent(id)}`, season), {
    signal,
  });
}

export function getRiderStatsQueryOptions(id: string, season?: number) {
  return queryOptions({
    queryKey: statsKeys.rider(id, season),
    queryFn: ({ signal }) => getRiderStats(id, season, { signal }),
    staleTime: 5 * MINUTE,
  });
}

export function useRiderStats(id: string, season?: number) {
  return useQuery(getRiderStatsQueryOptions(id, season));
}
