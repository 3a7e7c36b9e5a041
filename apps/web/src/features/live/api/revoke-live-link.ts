import type { LiveLinkState, MessageResponse } from '@speedway/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { liveShareKeys } from './keys';

/** 'Sluta dela': the link stops working at once, also for those watching. */
export function revokeLiveLink(matchId: string): Promise<MessageResponse> {
  return api.delete<MessageResponse>(`/api/matches/${encodeURIComponent(matchId)}/live-link`);
}

export function useRevokeLiveLink(matchId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => revokeLiveLink(matchId),
    onSuccess: () =>
      queryClient.setQueryData<LiveLinkState>(liveShareKeys.link(matchId), { link: null }),
  });
}
