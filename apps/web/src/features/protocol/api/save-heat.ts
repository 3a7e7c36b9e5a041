import type { HeatSaveBody, HeatSaveResponse, Match, MatchSummary } from '@speedway/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type SaveHeatInput = { matchId: string; heatNumber: number; body: HeatSaveBody };

export function saveHeat({ matchId, heatNumber, body }: SaveHeatInput): Promise<HeatSaveResponse> {
  return api.post<HeatSaveResponse>(
    `/api/matches/${encodeURIComponent(matchId)}/heat/${heatNumber}/save`,
    body,
  );
}

/** Saves a heat, writes the answer into the cached match and list at once, then refetches. */
export function useSaveHeat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveHeat,
    onSuccess: (reply, { matchId }) => {
      const { heat, home_score, away_score, completed_heats, status } = reply;
      const scores = { home_score, away_score, completed_heats, status };
      queryClient.setQueryData<Match>(queryKeys.match(matchId), (match) =>
        match
          ? {
              ...match,
              ...scores,
              heats: match.heats.map((h) => (h.heat_number === heat.heat_number ? heat : h)),
            }
          : match,
      );
      queryClient.setQueryData<MatchSummary[]>(queryKeys.matches, (list) =>
        list?.map((m) => (m.id === matchId ? { ...m, ...scores } : m)),
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.match(matchId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.matches, exact: true });
    },
  });
}
