import type { QueryClient } from '@tanstack/react-query';
import { inboxKeyRoot } from '../api/get-inbox';
import { itemId, markedRead, type InboxItem } from './inbox-item';

type Inbox = InboxItem[] | undefined;

/**
 * docs/spec/1-app-shell-auth-account.md §4/§7: a read or a delete changes the cached lists in
 * place, without a refetch. A fetch still under way is cancelled first, so its older answer cannot
 * overwrite the change.
 */
async function updateInboxes(
  queryClient: QueryClient,
  change: (items: InboxItem[]) => InboxItem[],
) {
  await queryClient.cancelQueries({ queryKey: inboxKeyRoot });
  queryClient.setQueriesData<InboxItem[]>({ queryKey: inboxKeyRoot }, (items: Inbox) =>
    items ? change(items) : items,
  );
}

export function snapshotInboxes(queryClient: QueryClient) {
  return queryClient.getQueriesData<InboxItem[]>({ queryKey: inboxKeyRoot });
}

export function restoreInboxes(
  queryClient: QueryClient,
  snapshot: ReturnType<typeof snapshotInboxes>,
): void {
  for (const [key, items] of snapshot) queryClient.setQueryData(key, items);
}

export function markReadInCache(queryClient: QueryClient, id: string, readAt: string) {
  return updateInboxes(queryClient, (items) =>
    items.map((item) => (itemId(item) === id ? markedRead(item, readAt) : item)),
  );
}

export function markAllReadInCache(queryClient: QueryClient, readAt: string) {
  return updateInboxes(queryClient, (items) => items.map((item) => markedRead(item, readAt)));
}

export function removeFromCache(queryClient: QueryClient, id: string) {
  return updateInboxes(queryClient, (items) => items.filter((item) => itemId(item) !== id));
}
