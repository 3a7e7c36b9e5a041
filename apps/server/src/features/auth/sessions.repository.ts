import { and, eq, ne, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { sessions, users } from '../../db/schema/index';
import { createBatchLoader } from '../../lib/batch-loader';

export type SessionRow = typeof sessions.$inferSelect;
export type UserRow = typeof users.$inferSelect;

/** A session ends after 30 days without use, and 90 days after sign-in whatever its use. */
export const SESSION_IDLE_DAYS = 30;
export const SESSION_MAX_DAYS = 90;

const live = sql`${sessions.lastActiveAt} > now() - make_interval(days => ${SESSION_IDLE_DAYS})
  AND ${sessions.createdAt} > now() - make_interval(days => ${SESSION_MAX_DAYS})`;

/** How often last-active is written: reads must not all become writes. */
export const TOUCH_INTERVAL_MS = 60_000;

function prepareSessionLookup(db: Database) {
  return db
    .select({
      session: sessions,
      user: users,
      // The versions of shared data (data_versions), read with the session at no extra round trip,
      // so that per-instance caches know on every request whether they are current.
      dataVersions: sql<Record<string, string> | null>`(
        SELECT json_object_agg(key, version::text) FROM data_versions)`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(sql`${sessions.tokenHash} = ANY(${sql.placeholder('tokenHashes')}::text[])`, live))
    .prepare('sessions_by_token_hashes');
}

type SessionLookup = Awaited<
  ReturnType<ReturnType<typeof prepareSessionLookup>['execute']>
>[number];

/**
 * One loader per database handle: the sessions of the requests that arrive together are read in
 * one prepared query (lib/batch-loader.ts, ADR 008), never from a copy kept in memory, so a
 * revoked session is refused on the next request on every instance.
 */
function sessionLoader(db: Database) {
  const query = prepareSessionLookup(db);
  return createBatchLoader<string, SessionLookup>(async (tokenHashes) => {
    const rows = await query.execute({ tokenHashes });
    return new Map(rows.map((row) => [row.session.tokenHash, row]));
  });
}

const sessionLookups = new WeakMap<Database, ReturnType<typeof sessionLoader>>();

export const sessionsRepository = {
  async create(db: Executor, values: typeof sessions.$inferInsert): Promise<SessionRow> {
    const [row] = await db.insert(sessions).values(values).returning();
    return row!;
  },

  /** The live session of a bearer token, with its user: read on every authenticated request. */
  async findByTokenHash(db: Database, tokenHash: string) {
    let lookup = sessionLookups.get(db);
    if (!lookup) {
      lookup = sessionLoader(db);
      sessionLookups.set(db, lookup);
    }
    return lookup(tokenHash);
  },

  /**
   * Touches last-active at most once a minute: whether it is due is decided from the row just
   * read, so an ordinary request issues no write at all.
   */
  async touchIfDue(db: Executor, session: SessionRow, ip: string, now = Date.now()) {
    if (now - session.lastActiveAt.getTime() < TOUCH_INTERVAL_MS && session.ip === ip) return;
    await db
      .update(sessions)
      .set({ lastActiveAt: sql`now()`, ip })
      .where(eq(sessions.id, session.id));
  },

  listForUser(db: Executor, userId: string) {
    return db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, userId), live))
      .orderBy(sql`${sessions.lastActiveAt} DESC`);
  },

  async deleteOne(db: Executor, userId: string, id: string): Promise<boolean> {
    const rows = await db
      .delete(sessions)
      .where(and(eq(sessions.userId, userId), eq(sessions.id, id)))
      .returning({ id: sessions.id });
    return rows.length > 0;
  },

  async deleteOthers(db: Executor, userId: string, keepId: string | null): Promise<number> {
    const rows = await db
      .delete(sessions)
      .where(
        keepId
          ? and(eq(sessions.userId, userId), ne(sessions.id, keepId))
          : eq(sessions.userId, userId),
      )
      .returning({ id: sessions.id });
    return rows.length;
  },

  /** Removes sessions past their idle or absolute lifetime (a maintenance job). */
  async pruneExpired(db: Executor): Promise<number> {
    const rows = await db
      .delete(sessions)
      .where(sql`NOT (${live})`)
      .returning({ id: sessions.id });
    return rows.length;
  },
};
