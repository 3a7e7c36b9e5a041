import type { ResolveAction, SavedMatch } from '@speedway/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { savedMatchKeys } from './keys';

export type ResolveSavedMatchInput = { id: string; action: ResolveAction };

export function resolveSavedMatch({ id, action }: ResolveSavedMatchInput): Promise<SavedMatch> {
  return api.put<SavedMatch>(`/api/user/matches/${encodeURIComponent(id)}/resolve`, { action });
}

/** accept_official or keep_user; the reply is the settled match, shown at once. */
export function useResolveSavedMatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resolveSavedMatch,
    onSuccess: (saved) => {
      queryClient.setQueryData(savedMatchKeys.detail(saved.id), saved);
      // The list shows status and scores, which the resolution changed.
      void queryClient.invalidateQueries({ queryKey: savedMatchKeys.all, exact: true });
    },
  });
}
