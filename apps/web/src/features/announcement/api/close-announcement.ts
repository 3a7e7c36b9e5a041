import type { Announcement } from '@speedway/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { announcementQueryKey } from './get-announcement';

export function closeAnnouncement(): Promise<Announcement> {
  return api.delete<Announcement>('/api/system/announcement');
}

/** 'Stäng meddelande' (DELETE /api/system/announcement): deactivates it for everyone. */
export function useCloseAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: closeAnnouncement,
    onSuccess: (announcement) => queryClient.setQueryData(announcementQueryKey, announcement),
  });
}
