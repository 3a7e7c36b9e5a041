import type { NominationsBody } from '@speedway/contracts';
import { applyNomination, nominationsTag, type MatchState } from '@speedway/rules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { submitChange } from '@/lib/offline/submit';
import { nominationsOf } from '../lib/local-view';

export type SaveNominationsInput = {
  userId: string;
  matchId: string;
  body: NominationsBody;
  /** Heats 14 and 15 as the user saw them (If-Match) and as the engine made them. */
  base: string;
  expect: string;
};

/** The tags of a nomination, judged by the engine on the page's (local) state, or its refusal. */
export function nominationTags(
  state: MatchState,
  body: NominationsBody,
): { ok: true; base: string; expect: string } | { ok: false; message: string } {
  let current = state;
  for (const { heatNumber, nomination } of nominationsOf(body)) {
    const outcome = applyNomination(current, heatNumber, nomination);
    if (!outcome.ok) return { ok: false, message: outcome.error.message };
    current = outcome.match;
  }
  return { ok: true, base: nominationsTag(state), expect: nominationsTag(current) };
}

/** Saves nominations through the outbox ('sent', 'pending'; a refusal is thrown). */
export function useSaveNominations() {
  const queryClient = useQueryClient();
  return useMutation({
    // The outbox keeps it offline: React Query must not hold the call back for want of a network.
    networkMode: 'always',
    mutationFn: ({ userId, matchId, body, base, expect }: SaveNominationsInput) =>
      submitChange(queryClient, {
        userId,
        matchId,
        kind: 'nominations',
        method: 'PUT',
        path: `/api/matches/${encodeURIComponent(matchId)}/nominations`,
        body,
        base,
        expect,
      }),
  });
}
