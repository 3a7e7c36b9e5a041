import type { HeatSaveBody } from '@speedway/contracts';
import {
  applyHeatSave,
  heatOf,
  heatTag,
  type Heat,
  type MatchState,
  heatSaveInputOf,
} from '@speedway/rules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { submitChange } from '@/lib/offline/submit';

export type SaveHeatInput = {
  userId: string;
  matchId: string;
  heatNumber: number;
  body: HeatSaveBody;
  /** The heat's tag as the user saw it (If-Match) and as the engine made it. */
  base: string;
  expect: string;
};

/** The tags of a heat save, judged by the engine on the page's (local) state, or its refusal. */
export function heatSaveTags(
  state: MatchState,
  heatNumber: number,
  body: HeatSaveBody,
): { ok: true; base: string; expect: string } | { ok: false; message: string } {
  const outcome = applyHeatSave(state, heatNumber, heatSaveInputOf(body));
  if (!outcome.ok) return { ok: false, message: outcome.error.message };
  // The engine found the heat, or it would have refused.
  const seen = heatOf(state, heatNumber) as Heat;
  return { ok: true, base: heatTag(seen), expect: heatTag(outcome.heat) };
}

export function heatSavePath(matchId: string, heatNumber: number): string {
  return `/api/matches/${encodeURIComponent(matchId)}/heat/${heatNumber}/save`;
}

/**
 * Saves a heat through the outbox: 'sent' once the server has it (its reply is already in the
 * cached match and list), 'pending' when it is kept on the device; a refusal is thrown.
 */
export function useSaveHeat() {
  const queryClient = useQueryClient();
  return useMutation({
    // The outbox keeps it offline: React Query must not hold the call back for want of a network.
    networkMode: 'always',
    mutationFn: ({ userId, matchId, heatNumber, body, base, expect }: SaveHeatInput) =>
      submitChange(queryClient, {
        userId,
        matchId,
        kind: 'heat',
        heatNumber,
        method: 'POST',
        path: heatSavePath(matchId, heatNumber),
        body,
        base,
        expect,
      }),
  });
}
