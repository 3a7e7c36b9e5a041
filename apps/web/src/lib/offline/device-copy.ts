import { QueryClient } from '@tanstack/react-query';
import { applyReply } from './apply-reply';
import type { OutboxEntry } from './db';
import type { Applied } from './events';
import { persistQueries, restoreQueries } from './persist-queries';

/**
 * Writes a reply into the user's copy of the queries on the device when no page holds them: the
 * service worker's sync (ADR 010 §4) sends entries with every tab closed, and the next start,
 * offline perhaps, must show the server's version and not the copy from before the entry went.
 * The copy is taken into a cache of its own, changed as a page would change it, and written back.
 * A user with no copy keeps none: the next start fetches.
 */
export async function applyToDeviceCopy(
  entry: Pick<OutboxEntry, 'kind' | 'matchId' | 'userId'>,
  applied: Applied,
): Promise<void> {
  const queryClient = new QueryClient();
  try {
    if (!(await restoreQueries(queryClient, entry.userId))) return;
    applyReply(queryClient, entry, applied);
    await persistQueries(queryClient, entry.userId);
  } finally {
    queryClient.clear();
  }
}
