import { and, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { sessions, users } from '../../db/schema/index';

export type SessionRow = typeof sessions.$inferSelect;
export type UserRow = typeof users.$inferSelect;

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
      .where(eq(sessions.tokenHash, tokenHash));
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
      .where(eq(sessions.userId, userId))
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
};
