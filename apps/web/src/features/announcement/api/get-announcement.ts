import type { Announcement } from '@speedway/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ANNOUNCEMENT_POLL_MS, ANNOUNCEMENT_STALE_MS } from '../lib/announcement-rules';

export const announcementQueryKey = ['system', 'announcement'] as const;

export function getAnnouncement({ signal }: { signal?: AbortSignal } = {}): Promise<Announcement> {
  return api.get<Announcement>('/api/system/announcement', { signal });
}

export function getAnnouncementQueryOptions() {
  return queryOptions({
    queryKey: announcementQueryKey,
    queryFn: ({ signal }) => getAnnouncement({ signal }),
    staleTime: ANNOUNCEMENT_STALE_MS,
  });
}

/**
 * The banner's copy: polled every 60 s while the tab is visible
 * (docs/spec/2-matches-protocols-admin.md §9).
 */
export function useAnnouncement() {
  return useQuery({ ...getAnnouncementQueryOptions(), refetchInterval: ANNOUNCEMENT_POLL_MS });
}

/** The editor's copy: not polled, so a save in another tab never rewrites the form being typed in. */
export function useAnnouncementForEditing() {
  return useQuery(getAnnouncementQueryOptions());
}
