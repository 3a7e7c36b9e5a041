import type { TeamRiders } from '@speedway/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function getTeamRiders(
  teamId: string,
  matchId: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<TeamRiders> {
  const query = new URLSearchParams({ match_id: matchId });
  return api.get<TeamRiders>(`/api/teams/${encodeURIComponent(teamId)}/riders?${query}`, {
    signal,
  });
}

export function teamRidersQueryOptions(teamId: string, matchId: string) {
  return queryOptions({
    queryKey: queryKeys.teamRiders(teamId, matchId),
    queryFn: ({ signal }) => getTeamRiders(teamId, matchId, { signal }),
  });
}

/** A team's squad as it stands in this match (line-up numbers of the protocol). */
export function useTeamRiders(teamId: string | null, matchId: string, enabled: boolean) {
  return useQuery({
    ...teamRidersQueryOptions(teamId ?? '', matchId),
    enabled: enabled && teamId !== null,
  });
}
