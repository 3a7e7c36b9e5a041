import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { idempotencyKeys } from '../db/schema/index';

/** Whose key, on which route: a key of one user or route never answers another's. */
export type KeyScope = {
  userId: string;
  method: string;
  /** The route's pattern, e.g. /api/matches/:id/heat/:heatNumber/save. */
  route: string;
  key: string;
  /** SHA-256 of method, path and canonical body. */
  fingerprint: string;
};

/** A reply as sent: its status and its JSON text. */
export type StoredReply = { status: number; body: string };

export type KeyRow = KeyScope & StoredReply;

/** The fingerprint and reply stored under a key (a committed write). */
export type StoredKey = StoredReply & { fingerprint: string };

/**
 * Kept at least this long (IETF draft: the server publishes its expiry). A phone that was offline
 * at the track replays its outbox the same evening or the next day at the latest.
 */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;
/** Every hour at :07, on one instance (pg-boss sends a scheduled job once). */
export const IDEMPOTENCY_CLEANUP_CRON = '7 * * * *';
/** Rows deleted per statement by the clean-up: short transactions, no long lock on the table. */
export const IDEMPOTENCY_PRUNE_BATCH = 5_000;
/** Statements per clean-up run (100 × 5,000 = 500,000 keys); the next run takes the rest. */
export const IDEMPOTENCY_PRUNE_MAX_BATCHES = 100;

/**
 * The in-flight lock of a key: a transaction-scoped advisory lock on a 64-bit hash of the scope,
 * taken without waiting. It is held from the first statement of the write to its commit, on
 * whichever instance runs it, so a repeat meanwhile finds it taken and answers 409 at once.
 */
export function tryLockKey(scope: KeyScope): SQL {
  const name = `idempotency\n${scope.userId}\n${scope.method}\n${scope.route}\n${scope.key}`;
  return sql`pg_try_advisory_xact_lock(hashtextextended(${name}, 0))`;
}

const ofScope = (scope: KeyScope) =>
  and(
    eq(idempotencyKeys.userId, scope.userId),
    eq(idempotencyKeys.method, scope.method),
    eq(idempotencyKeys.route, scope.route),
    eq(idempotencyKeys.key, scope.key),
  );

/** The primary key's constraint: a unique violation on it means the key was stored meanwhile. */
export const IDEMPOTENCY_KEY_CONSTRAINT = 'idempotency_keys_user_id_method_route_key_pk';

export const idempotencyStore = {
  /**
   * One statement at the start of the write's transaction: takes the key's in-flight lock (free:
   * false when another request holds it) and reads what is stored under the key.
   */
  async claim(tx: Executor, scope: KeyScope): Promise<{ free: boolean; stored: StoredKey | null }> {
    const result = await tx.execute<{
      free: boolean;
      fingerprint: string | null;
      status: number | null;
      body: string | null;
    }>(sql`
      SELECT ${tryLockKey(scope)} AS free, k.fingerprint, k.status, k.body
      FROM (SELECT 1) AS one
      LEFT JOIN ${idempotencyKeys} k ON k.user_id = ${scope.userId} AND k.method = ${scope.method}
        AND k.route = ${scope.route} AND k.key = ${scope.key}`);
    const row = result.rows[0]!;
    return {
      free: row.free,
      stored:
        row.fingerprint === null
          ? null
          : { fingerprint: row.fingerprint, status: row.status!, body: row.body! },
    };
  },

  /** The last statement of the write's transaction: the reply, committed with the write. */
  async insert(tx: Executor, row: KeyRow): Promise<void> {
    await tx.insert(idempotencyKeys).values(row);
  },

  async find(db: Executor, scope: KeyScope): Promise<StoredKey | null> {
    const [row] = await db
      .select({
        fingerprint: idempotencyKeys.fingerprint,
        status: idempotencyKeys.status,
        body: idempotencyKeys.body,
      })
      .from(idempotencyKeys)
      .where(ofScope(scope));
    return row ?? null;
  },

  /**
   * Deletes keys stored before `now` minus the retention, in batches of `batchSize` (each its
   * own statement), at most `maxBatches` of them. Returns how many went.
   */
  async prune(
    db: Executor,
    now: Date = new Date(),
    { batchSize = IDEMPOTENCY_PRUNE_BATCH, maxBatches = IDEMPOTENCY_PRUNE_MAX_BATCHES } = {},
  ): Promise<number> {
    const cutoff = new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS);
    let deleted = 0;
    for (let batch = 0; batch < maxBatches; batch++) {
      const result = await db.execute(sql`
        DELETE FROM ${idempotencyKeys} WHERE ctid IN (
          SELECT ctid FROM ${idempotencyKeys} WHERE created_at < ${cutoff}
          LIMIT ${batchSize} FOR UPDATE SKIP LOCKED)`);
      deleted += result.rowCount ?? 0;
      if ((result.rowCount ?? 0) < batchSize) break;
    }
    return deleted;
  },
};
