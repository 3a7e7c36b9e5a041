import type { TeamSeasonStats } from '@speedway/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { MINUTE } from '@/lib/query-keys';
import { statsKeys, withSeason } from './keys';

// GET /api/stats/teams/{id}: a team's season (home and away, form, gates, riders' averages).

export function getTeamStats(
  id: string,
  season: number | undefined,
  { signal }: { signal?: AbortSignal } = {},
): Promise<TeamSeasonStats> {
  return api.get<TeamSeasonStats>(
    withSeason(`/api/stats/teams/${encodeURIComponent(id)}`, season),
    { signal },
  );
}

export function getTeamStatsQueryOptions(id: string, season?: number) {
  return queryOptions({
    queryKey: statsKeys.team(id, season),
    queryFn: ({ signal }) => getTeamStats(id, season, { signal }),
    staleTime: 5 * MINUTE,
  });
}

export function useTeamStats(id: string, season?: number) {
  return useQuery(getTeamStatsQueryOptions(id, season));
}
