import type { MessageResponse } from '@speedway/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { savedMatchKeys } from './keys';

export function deleteSavedMatch(id: string): Promise<MessageResponse> {
  // docs/spec/2-matches-protocols-admin.md §7: this call is sent with an empty body.
  return api.delete<MessageResponse>(`/api/user-matches/${encodeURIComponent(id)}`);
}

/**
 * The server removes the saved copy and the confirmed protocol behind it, so the protocol lists
 * and the official matches ('Matchprotokoll skapat') change too.
 */
export function useDeleteSavedMatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSavedMatch,
    onSuccess: (_reply, id) => {
      // Marked stale, not removed: the open detail page would refetch a removed query at once
      // (a 404 flashing before it leaves); coming back to it later asks the server and says so.
      void queryClient.invalidateQueries({
        queryKey: savedMatchKeys.detail(id),
        exact: true,
        refetchType: 'none',
      });
      void queryClient.invalidateQueries({ queryKey: savedMatchKeys.all, exact: true });
      void queryClient.invalidateQueries({ queryKey: queryKeys.matches, exact: true });
      void queryClient.invalidateQueries({ queryKey: queryKeys.officialMatches });
    },
  });
}
