import type { NotificationItem } from '@speedway/contracts';

/**
 * docs/spec/1-app-shell-auth-account.md §3: an inbox item as a reply may carry it. Our server sends
 * `id`, `status` and `data`, but the spec also allows `_id` and a top-level deeplink, so the drawer
 * reads both.
 */
export type InboxItem = Partial<Omit<NotificationItem, 'id' | 'data' | 'deeplink'>> & {
  id?: string;
  _id?: string;
  data?: { deeplink?: string | null; url?: string | null; [key: string]: unknown } | null;
  deeplink?: string | null;
};

/** docs/spec/1-app-shell-auth-account.md §2: an item without a title is called 'Notis'. */
export const FALLBACK_TITLE = 'Notis';

export function itemId(item: InboxItem): string {
  return item.id ?? item._id ?? '';
}

export function isUnread(item: InboxItem): boolean {
  return item.status !== 'read';
}

export function itemTitle(item: InboxItem): string {
  return item.title?.trim() || FALLBACK_TITLE;
}

/**
 * docs/spec/1-app-shell-auth-account.md §2: data.deeplink, else data.url, else the top-level
 * deeplink.
 */
export function itemTarget(item: InboxItem): string | null {
  return item.data?.deeplink || item.data?.url || item.deeplink || null;
}

export function unreadCount(items: readonly InboxItem[] | undefined): number {
  return items?.filter(isUnread).length ?? 0;
}

/** The item as read at `readAt` (an item already read keeps its own time). */
export function markedRead(item: InboxItem, readAt: string): InboxItem {
  return isUnread(item) ? { ...item, status: 'read', readAt } : item;
}
