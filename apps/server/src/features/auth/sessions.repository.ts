import { and, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { sessions, users } from '../../db/schema/index';

export type SessionRow = typeof sessions.$inferSelect;
export type UserRow = typeof users.$inferSelect;

/** A session ends after 30 days without use, and 90 days after sign-in whatever its use. */
export const SESSION_IDLE_DAYS = 30;
export const SESSION_MAX_DAYS = 90;

const live = sql`${sessions.lastActiveAt} > now() - make_interval(days => ${SESSION_IDLE_DAYS})
  AND ${sessions.createdAt} > now() - make_interval(days => ${SESSION_MAX_DAYS})`;

export const sessionsRepository = {
  async create(db: Executor, values: typeof sessions.$inferInsert): Promise<SessionRow> {
    const [row] = await db.insert(sessions).values(values).returning();
    return row!;
  },

  async findByTokenHash(db: Executor, tokenHash: string) {
    const [row] = await db
      .select({ session: sessions, user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.tokenHash, tokenHash), live));
    return row;
  },

  /** Touches last-active at most once a minute, so that reads do not become writes. */
  async touch(db: Executor, id: string, ip: string): Promise<void> {
    await db
      .update(sessions)
      .set({ lastActiveAt: sql`now()`, ip })
      .where(
        and(eq(sessions.id, id), sql`${sessions.lastActiveAt} < now() - interval '60 seconds'`),
      );
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
