import type { RiderRanking } from '@speedway/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { MINUTE } from '@/lib/query-keys';
import { statsKeys, withSeason } from './keys';

// GET /api/stats/riders: the season's every rider with a ride, one request per season. The page
// sorts and filters this answer itself (rankRiders, the server's own function): a new sort or
// filter asks for nothing.

export function getRiderRanking(
  season: number | undefined,
  { signal }: { signal?: AbortSignal } = {},
): Promise<RiderRanking> {
  return api.get<RiderRanking>(withSeason('/api/stats/riders', season), { signal });
}

export function getRiderRankingQueryOptions(season?: number) {
  return queryOptions({
    queryKey: statsKeys.ranking(season),
    queryFn: ({ signal }) => getRiderRanking(season, { signal }),
    // Official heats change with an import or a sync, not from minute to minute.
    staleTime: 5 * MINUTE,
  });
}

export function useRiderRanking(season?: number) {
  return useQuery(getRiderRankingQueryOptions(season));
}
