import type { SavedMatch, SaveProtocolResponse } from '@speedway/contracts';
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { savedMatchKeys } from './keys';

export function saveProtocol(matchId: string): Promise<SaveProtocolResponse> {
  // The server takes no payload: it saves the protocol as it stands.
  return api.post<SaveProtocolResponse>(`/api/matches/${encodeURIComponent(matchId)}/save`);
}

type SaveProtocolCallbacks = Pick<
  UseMutationOptions<SaveProtocolResponse, Error, string>,
  'onSuccess' | 'onError' | 'onSettled'
>;

/**
 * 'Spara protokoll'. Saving confirms the protocol (read-only, no longer under Skapade) and stores
 * or refreshes its saved copy, so the protocol, the protocol list, the saved list and the official
 * matches (whose 'Matchprotokoll skapat' reads the saved copy) are all refreshed.
 *
 * The callbacks belong to the mutation, not to one mutate() call, so the outcome is still told
 * when the button has gone meanwhile (the user left the page, or the protocol became read-only).
 */
export function useSaveProtocol({ onSuccess, onError, onSettled }: SaveProtocolCallbacks = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProtocol,
    onError,
    onSettled,
    onSuccess: (reply, matchId, ...rest) => {
      const { user_match_id, message: _message, ...saved } = reply;
      queryClient.setQueryData<SavedMatch>(savedMatchKeys.detail(user_match_id), saved);
      void queryClient.invalidateQueries({ queryKey: savedMatchKeys.all, exact: true });
      void queryClient.invalidateQueries({ queryKey: queryKeys.matches, exact: true });
      void queryClient.invalidateQueries({ queryKey: queryKeys.match(matchId), exact: true });
      void queryClient.invalidateQueries({ queryKey: queryKeys.officialMatches });
      return onSuccess?.(reply, matchId, ...rest);
    },
  });
}
