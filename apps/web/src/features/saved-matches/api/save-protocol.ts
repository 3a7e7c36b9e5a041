import type { SavedMatch, SaveProtocolResponse } from '@speedway/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { submitChange } from '@/lib/offline/submit';
import { savedMatchKeys } from './keys';

export type SaveProtocolInput = {
  userId: string;
  matchId: string;
  /** The protocol's tag as the user saw it (If-Match); saving changes no heat. */
  tag: string;
};

type SaveProtocolCallbacks = {
  /** The server has saved it. */
  onSaved?: (reply: SaveProtocolResponse) => void;
  /** Kept on the device: the outbox saves it once the network is back. */
  onPending?: () => void;
  onError?: (error: Error) => void;
  onSettled?: () => void;
};

const confirmPath = (matchId: string) => `/api/matches/${encodeURIComponent(matchId)}/confirm`;

/**
 * 'Spara protokoll' through the outbox (ADR 010 §4): the save
 * (docs/spec/2-matches-protocols-admin.md §7: the saved copy with its user_match_id and
 * discrepancies), then the lifecycle's confirm (docs/spec/2-matches-protocols-admin.md §4: `PUT
 * /api/matches/{id}/confirm`, the protocol 'Bekräftad', read-only, no longer under Skapade), which
 * the outbox sends once the save is through, on the same tag. The outbox's reply handling refreshes
 * the protocol, its list, the saved list and the official matches (whose 'Matchprotokoll skapat'
 * reads the saved copy), and the saved copy the server answered is cached here.
 *
 * The callbacks belong to the mutation, not to one mutate() call, so the outcome is still told
 * when the button has gone meanwhile (the user left the page, or the protocol became read-only).
 */
export function useSaveProtocol({
  onSaved,
  onPending,
  onError,
  onSettled,
}: SaveProtocolCallbacks = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    // The outbox keeps it offline: React Query must not hold the call back for want of a network.
    networkMode: 'always',
    mutationFn: ({ userId, matchId, tag }: SaveProtocolInput) =>
      submitChange(queryClient, {
        userId,
        matchId,
        kind: 'save-protocol',
        method: 'POST',
        path: `/api/matches/${encodeURIComponent(matchId)}/save`,
        // The server takes no payload: it saves the protocol as it stands.
        body: {},
        base: tag,
        expect: tag,
        // Then the spec's confirm (§4, §7): the protocol 'Bekräftad', out of 'Skapade'.
        then: { kind: 'confirm', method: 'PUT', path: confirmPath(matchId), body: {} },
      }),
    onError,
    onSettled,
    onSuccess: (result) => {
      if (result.status === 'pending') return onPending?.();
      const reply = result.reply as SaveProtocolResponse;
      const { user_match_id, message: _message, ...saved } = reply;
      queryClient.setQueryData<SavedMatch>(savedMatchKeys.detail(user_match_id), saved);
      return onSaved?.(reply);
    },
  });
}
