import type { AppContext } from '../../context';
import { clock } from './clock';
import { notificationsRepository as repo } from './notifications.repository';

// The inbox is pruned every hour by the job notification-prune (a pg-boss schedule: one run per
// hour across instances): the drawer shows at most 20 items and the API at most 100, so old rows
// only cost space.

export const PRUNE_CRON = '17 * * * *';

/** A read item is kept this many days after it was made. Unread items are kept (up to the cap). */
export const INBOX_READ_KEPT_DAYS = 90;
/** Each user keeps at most this many items, the newest; older ones go, read or not. */
export const INBOX_KEPT_PER_USER = 200;
/** Rows one DELETE statement removes at most (one short statement, one batch). */
export const INBOX_PRUNE_BATCH = 1000;
/** Batches of each rule in one sweep; what is left waits for the next sweep. */
const MAX_BATCHES = 50;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Runs batches until one removes less than a full batch; returns how many went. */
async function inBatches(maxBatches: number, deleteBatch: () => Promise<number>) {
  let removed = 0;
  let batches = 0;
  while (batches < maxBatches) {
    const n = await deleteBatch();
    removed += n;
    batches++;
    if (n < INBOX_PRUNE_BATCH) break;
  }
  return { removed, batches };
}

/** Crowded users whose items are ranked by one batch together. */
const USERS_PER_RANKING = 50;

/**
 * Deletes read items older than INBOX_READ_KEPT_DAYS and every item beyond a user's newest
 * INBOX_KEPT_PER_USER, INBOX_PRUNE_BATCH rows a statement, each statement its own transaction
 * (at most MAX_BATCHES statements per rule and run; the next run goes on). The users over the cap
 * are found once per run; a batch ranks only their items. Safe with two instances at once: each
 * batch skips the rows the other has locked, and a row deleted by the other is not deleted twice.
 * Returns how many went by each rule.
 */
export async function pruneInbox(
  ctx: Pick<AppContext, 'db' | 'log'>,
  now: Date = clock.now(),
): Promise<{ read: number; overflow: number }> {
  const before = new Date(now.getTime() - INBOX_READ_KEPT_DAYS * DAY_MS);
  const read = await inBatches(MAX_BATCHES, () =>
    repo.deleteReadBefore(ctx.db, before, INBOX_PRUNE_BATCH),
  );
  const crowded = await repo.crowdedUsers(ctx.db, INBOX_KEPT_PER_USER);
  let overflow = 0;
  let batches = 0;
  for (let i = 0; i < crowded.length && batches < MAX_BATCHES; i += USERS_PER_RANKING) {
    const users = crowded.slice(i, i + USERS_PER_RANKING);
    const done = await inBatches(MAX_BATCHES - batches, () =>
      repo.deleteBeyondNewest(ctx.db, users, INBOX_KEPT_PER_USER, INBOX_PRUNE_BATCH),
    );
    overflow += done.removed;
    batches += done.batches;
  }
  if (read.removed + overflow > 0) {
    ctx.log.info({ read: read.removed, overflow }, 'notification inbox pruned');
  }
  return { read: read.removed, overflow };
}
