import type { MessageResponse } from '@speedway/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function deleteProtocol(id: string): Promise<MessageResponse> {
  // docs/spec/2-matches-protocols-admin.md §7: DELETE /api/matches/{id} carries an empty JSON body.
  return api.delete<MessageResponse>(`/api/matches/${encodeURIComponent(id)}`, {});
}

/** Deletes an unsaved protocol; its official match becomes available again. */
export function useDeleteProtocol() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProtocol,
    onSuccess: (_reply, id) => {
      queryClient.removeQueries({ queryKey: queryKeys.match(id), exact: true });
      void queryClient.invalidateQueries({ queryKey: queryKeys.matches, exact: true });
      void queryClient.invalidateQueries({ queryKey: queryKeys.officialMatches });
    },
  });
}
