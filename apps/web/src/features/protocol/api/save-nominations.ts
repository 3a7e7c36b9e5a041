import type { Match, NominationsBody } from '@speedway/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type SaveNominationsInput = { matchId: string; body: NominationsBody };

export function saveNominations({ matchId, body }: SaveNominationsInput): Promise<Match> {
  return api.put<Match>(`/api/matches/${encodeURIComponent(matchId)}/nominations`, body);
}

export function useSaveNominations() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveNominations,
    onSuccess: (match) => {
      queryClient.setQueryData<Match>(queryKeys.match(match.id), match);
      void queryClient.invalidateQueries({ queryKey: queryKeys.matches, exact: true });
    },
  });
}
