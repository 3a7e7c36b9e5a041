import type { Announcement, AnnouncementBody } from '@speedway/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { announcementQueryKey } from './get-announcement';

export function saveAnnouncement(body: AnnouncementBody): Promise<Announcement> {
  return api.put<Announcement>('/api/system/announcement', body);
}

/** PUT /api/system/announcement: saving with active on publishes it. */
export function useSaveAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAnnouncement,
    onSuccess: (announcement) => queryClient.setQueryData(announcementQueryKey, announcement),
  });
}
