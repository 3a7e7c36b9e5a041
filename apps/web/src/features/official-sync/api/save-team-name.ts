import type {
  TeamNameMapping,
  TeamNameMappingInput,
  TeamNameMappingList,
} from '@speedway/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { officialSyncKeys } from './keys';

/** PUT: maps a TA name onto a team (404 when the team is unknown); later runs follow it. */
export function saveTeamName(body: TeamNameMappingInput): Promise<TeamNameMapping> {
  return api.put<TeamNameMapping>('/api/admin/official-sync/team-names', body);
}

export function useSaveTeamName() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTeamName,
    onSuccess: (saved) => {
      // Shown at once; the list is then asked for again in the server's own order.
      queryClient.setQueryData<TeamNameMappingList>(officialSyncKeys.teamNames(), (list) => {
        if (!list) return list;
        const known = list.mappings.some((m) => m.source_name === saved.source_name);
        return {
          mappings: known
            ? list.mappings.map((m) => (m.source_name === saved.source_name ? saved : m))
            : [...list.mappings, saved],
        };
      });
      return queryClient.invalidateQueries({ queryKey: officialSyncKeys.teamNames() });
    },
  });
}
