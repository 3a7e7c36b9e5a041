import { and, asc, count, desc, eq, notInArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { pushSubscriptions } from '../../db/schema/index';

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/** Devices per user; subscribing one more forgets the least recently subscribed. */
export const MAX_DEVICES_PER_USER = 20;

export const pushRepository = {
  /**
   * Stores the browser's subscription for the user. An endpoint is one browser profile: when
   * another account subscribes it, the push goes to that account from now on.
   */
  async upsert(
    db: Executor,
    values: {
      userId: string;
      endpoint: string;
      p256dh: string;
      auth: string;
      userAgent: string | null;
    },
  ): Promise<void> {
    await db
      .insert(pushSubscriptions)
      .values(values)
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: {
          userId: values.userId,
          p256dh: values.p256dh,
          auth: values.auth,
          userAgent: values.userAgent,
          updatedAt: sql`now()`,
        },
      });
    const keep = db
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, values.userId))
      .orderBy(desc(pushSubscriptions.updatedAt), desc(pushSubscriptions.id))
      .limit(MAX_DEVICES_PER_USER);
    await db
      .delete(pushSubscriptions)
      .where(
        and(eq(pushSubscriptions.userId, values.userId), notInArray(pushSubscriptions.id, keep)),
      );
  },

  async deleteOwned(db: Executor, userId: string, endpoint: string): Promise<boolean> {
    const rows = await db
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
      .returning({ id: pushSubscriptions.id });
    return rows.length > 0;
  },

  /** After a 404/410: only the row as it was sent to (not one re-subscribed meanwhile). */
  async deleteGone(db: Executor, id: string, endpoint: string, p256dh: string): Promise<void> {
    await db
      .delete(pushSubscriptions)
      .where(
        and(
          eq(pushSubscriptions.id, id),
          eq(pushSubscriptions.endpoint, endpoint),
          eq(pushSubscriptions.p256dh, p256dh),
        ),
      );
  },

  async countForUser(db: Executor, userId: string): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId));
    return row?.n ?? 0;
  },

  listForUser(db: Executor, userId: string): Promise<PushSubscriptionRow[]> {
    return db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(asc(pushSubscriptions.createdAt));
  },

  async find(db: Executor, id: string): Promise<PushSubscriptionRow | undefined> {
    const [row] = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id));
    return row;
  },

  async markSent(db: Executor, id: string): Promise<void> {
    await db
      .update(pushSubscriptions)
      .set({ lastSuccessAt: sql`now()` })
      .where(eq(pushSubscriptions.id, id));
  },

  /** For the data export: where push goes, never the keys. */
  async exportOf(db: Executor, userId: string) {
    const rows = await this.listForUser(db, userId);
    return rows.map((r) => ({
      id: r.id,
      endpoint: r.endpoint,
      user_agent: r.userAgent,
      created_at: r.createdAt.toISOString(),
      updated_at: r.updatedAt.toISOString(),
      last_success_at: r.lastSuccessAt?.toISOString() ?? null,
    }));
  },
};
