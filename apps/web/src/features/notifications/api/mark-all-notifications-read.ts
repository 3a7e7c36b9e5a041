import type { ReadAllResponse } from '@speedway/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { markAllReadInCache } from '../lib/inbox-cache';

export function markAllNotificationsRead(): Promise<ReadAllResponse | undefined> {
  return api.put<ReadAllResponse | undefined>('/api/notifications/read-all');
}

/** 'Markera alla lästa': every cached item becomes read when the server has agreed. */
export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: (reply) =>
      markAllReadInCache(queryClient, reply?.readAt ?? new Date().toISOString()),
  });
}
