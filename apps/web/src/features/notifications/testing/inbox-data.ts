import type { NotificationItem } from '@speedway/contracts';

let counter = 0;

/** An inbox item as the server sends it, unread and five minutes old unless told otherwise. */
export function makeNotification(overrides: Partial<NotificationItem> = {}): NotificationItem {
  counter += 1;
  const id = `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`;
  return {
    id,
    kind: 'protocol_saved',
    title: 'Protokoll sparat',
    body: 'Ditt protokoll för Dackarna – Vetlanda är sparat.',
    status: 'unread',
    readAt: null,
    createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    data: { deeplink: `/my-matches/saved/${id}` },
    deeplink: `/my-matches/saved/${id}`,
    ...overrides,
  };
}
