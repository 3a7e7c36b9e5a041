import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import type { InboxItem } from '../lib/inbox-item';

/**
 * docs/spec/1-app-shell-auth-account.md §9: the inbox shows 20 items, is fresh for 30 s, refetched
 * every 60 s and on focus.
 */
export const INBOX_LIMIT = 20;
export const INBOX_STALE_MS = 30_000;
export const INBOX_REFETCH_MS = 60_000;

/** Every inbox list in the cache, whatever its limit: the in-place updates reach them all. */
export const inboxKeyRoot = ['notifications', 'inbox'] as const;

// The bell is in every page's header, so this file stays free of zod (the schemas load with the
// drawer); the server's reply is NotificationInboxSchema.
export function getInbox({
  limit = INBOX_LIMIT,
  signal,
}: { limit?: number; signal?: AbortSignal } = {}): Promise<InboxItem[]> {
  return api
    .get<unknown>(`/api/notifications/inbox?limit=${limit}`, { signal })
    .then((reply) => (Array.isArray(reply) ? (reply as InboxItem[]) : []));
}

export function getInboxQueryOptions(limit = INBOX_LIMIT) {
  return queryOptions({
    queryKey: [...inboxKeyRoot, limit],
    queryFn: ({ signal }) => getInbox({ limit, signal }),
    staleTime: INBOX_STALE_MS,
    refetchInterval: INBOX_REFETCH_MS,
    refetchOnWindowFocus: true,
  });
}

/** The signed-in user's newest notifications; off while nobody is signed in. */
export function useInbox(limit = INBOX_LIMIT) {
  const { user } = useAuth();
  return useQuery({ ...getInboxQueryOptions(limit), enabled: Boolean(user?.id) });
}
