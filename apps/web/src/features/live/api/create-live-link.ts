import type { LiveLinkState } from '@speedway/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { liveShareKeys } from './keys';

/** 'Dela live': the server makes the link, or answers with the one in use. */
export function createLiveLink(matchId: string): Promise<LiveLinkState> {
  return api.post<LiveLinkState>(`/api/matches/${encodeURIComponent(matchId)}/live-link`);
}

export function useCreateLiveLink(matchId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => createLiveLink(matchId),
    onSuccess: (state) => queryClient.setQueryData(liveShareKeys.link(matchId), state),
  });
}
