import type { TeamNameMappingList } from '@speedway/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { officialSyncKeys } from './keys';

export function getTeamNames({
  signal,
}: { signal?: AbortSignal } = {}): Promise<TeamNameMappingList> {
  return api.get<TeamNameMappingList>('/api/admin/official-sync/team-names', { signal });
}

export function getTeamNamesQueryOptions() {
  return queryOptions({
    queryKey: officialSyncKeys.teamNames(),
    queryFn: ({ signal }) => getTeamNames({ signal }),
  });
}

/** Team names as Svemo TA writes them, each with the app's team its matches go to. */
export function useTeamNames() {
  return useQuery(getTeamNamesQueryOptions());
}
