import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { isRecord } from '@/lib/utils';
import { markReadInCache, restoreInboxes, snapshotInboxes } from '../lib/inbox-cache';

export function markNotificationRead(id: string): Promise<unknown> {
  return api.put<unknown>(`/api/notifications/${encodeURIComponent(id)}/read`);
}

/** The readAt the server gave, else the time the click happened. */
function readAtOf(reply: unknown, fallback: string): string {
  return isRecord(reply) && typeof reply.readAt === 'string' ? reply.readAt : fallback;
}

/**
 * Marks one item read. The list changes at once (the drawer closes and the page changes on the same
 * click) and goes back if the server says no; nothing is refetched.
 */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onMutate: async (id: string) => {
      const snapshot = snapshotInboxes(queryClient);
      await markReadInCache(queryClient, id, new Date().toISOString());
      return { snapshot };
    },
    onSuccess: (reply, id) => {
      const readAt = readAtOf(reply, '');
      if (readAt) void markReadInCache(queryClient, id, readAt);
    },
    onError: (_error, _id, context) => {
      if (context) restoreInboxes(queryClient, context.snapshot);
    },
  });
}
