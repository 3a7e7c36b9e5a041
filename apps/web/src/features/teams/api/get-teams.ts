import type { Team } from '@speedway/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function getTeams({ signal }: { signal?: AbortSignal } = {}): Promise<Team[]> {
  return api.get<Team[]>('/api/teams', { signal });
}

export function getTeamsQueryOptions() {
  return queryOptions({ queryKey: queryKeys.teams, queryFn: ({ signal }) => getTeams({ signal }) });
}

/** The teams in table order (points, then heat-point difference). */
export function useTeams() {
  return useQuery(getTeamsQueryOptions());
}
