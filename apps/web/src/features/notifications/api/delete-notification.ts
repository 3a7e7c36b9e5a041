import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api-client';
import { removeFromCache } from '../lib/inbox-cache';

export async function deleteNotification(id: string): Promise<void> {
  try {
    await api.delete<unknown>(`/api/notifications/${encodeURIComponent(id)}`);
  } catch (error) {
    // Already gone (deleted on another device): what the user asked for is true.
    if (error instanceof ApiError && error.status === 404) return;
    throw error;
  }
}

/** 'Ta bort': the item leaves the cached lists once the server has deleted it. */
export function useDeleteNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteNotification,
    onSuccess: (_reply, id) => removeFromCache(queryClient, id),
  });
}
