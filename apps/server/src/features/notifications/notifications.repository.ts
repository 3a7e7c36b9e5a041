import type { NotificationKind, NotificationSettings } from '@speedway/contracts';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { notifications, notificationSettings, users } from '../../db/schema/index';
import { withDefaults } from './settings';

export type NotificationRow = typeof notifications.$inferSelect;

export type NewNotification = {
  userId: string;
  kind: NotificationKind;
  eventKey: string;
  title: string;
  body: string;
  data: Record<string, unknown>;
};

const owned = (userId: string, id: string) =>
  and(eq(notifications.id, id), eq(notifications.userId, userId));

export const notificationsRepository = {
  /** The item, or undefined when the user already has one for this event. */
  async insert(db: Executor, values: NewNotification): Promise<NotificationRow | undefined> {
    const [row] = await db
      .insert(notifications)
      .values(values)
      .onConflictDoNothing({ target: [notifications.userId, notifications.eventKey] })
      .returning();
    return row;
  },

  /** Newest first; ties (one transaction's items) by id so that pages are stable. */
  inbox(db: Executor, userId: string, limit: number): Promise<NotificationRow[]> {
    return db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(limit);
  },

  /** Marks one item read (an item already read keeps its readAt). */
  async markRead(db: Executor, userId: string, id: string): Promise<NotificationRow | undefined> {
    const [row] = await db
      .update(notifications)
      .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
      .where(owned(userId, id))
      .returning();
    return row;
  },

  /** Every unread item read at one moment (now() is the statement's transaction time). */
  async markAllRead(db: Executor, userId: string): Promise<{ updated: number; readAt: Date }> {
    const rows = await db
      .update(notifications)
      .set({ readAt: sql`now()` })
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
      .returning({ readAt: notifications.readAt });
    return { updated: rows.length, readAt: rows[0]?.readAt ?? new Date() };
  },

  async delete(db: Executor, userId: string, id: string): Promise<boolean> {
    const rows = await db
      .delete(notifications)
      .where(owned(userId, id))
      .returning({ id: notifications.id });
    return rows.length > 0;
  },

  async settings(db: Executor, userId: string): Promise<NotificationSettings> {
    const [row] = await db
      .select({ settings: notificationSettings.settings })
      .from(notificationSettings)
      .where(eq(notificationSettings.userId, userId));
    return withDefaults(row?.settings);
  },

  /** The settings of many users at once (defaults for those who never changed any). */
  async settingsOf(db: Executor, userIds: string[]): Promise<Map<string, NotificationSettings>> {
    const found = new Map<string, NotificationSettings>();
    for (let i = 0; i < userIds.length; i += 1000) {
      const batch = userIds.slice(i, i + 1000);
      const rows = await db
        .select()
        .from(notificationSettings)
        .where(inArray(notificationSettings.userId, batch));
      for (const row of rows) found.set(row.userId, withDefaults(row.settings));
    }
    for (const id of userIds) if (!found.has(id)) found.set(id, withDefaults(null));
    return found;
  },

  /** Stores the whole settings object, locking the row for the read-modify-write of a PUT. */
  async lockSettings(db: Executor, userId: string): Promise<NotificationSettings> {
    await db
      .insert(notificationSettings)
      .values({ userId, settings: withDefaults(null) })
      .onConflictDoNothing();
    const [row] = await db
      .select({ settings: notificationSettings.settings })
      .from(notificationSettings)
      .where(eq(notificationSettings.userId, userId))
      .for('update');
    return withDefaults(row?.settings);
  },

  async saveSettings(db: Executor, userId: string, settings: NotificationSettings): Promise<void> {
    await db
      .update(notificationSettings)
      .set({ settings, updatedAt: sql`now()` })
      .where(eq(notificationSettings.userId, userId));
  },

  async userEmail(db: Executor, userId: string): Promise<string | undefined> {
    const [row] = await db
      .select({ email: users.email, verified: users.emailVerifiedAt })
      .from(users)
      .where(eq(users.id, userId));
    return row?.verified ? row.email : undefined;
  },

  /**
   * One pruning batch: deletes at most `limit` read items created before `before`, oldest first,
   * skipping rows another instance is deleting. Returns how many went.
   */
  async deleteReadBefore(db: Executor, before: Date, limit: number): Promise<number> {
    const result = await db.execute(sql`
      DELETE FROM notifications WHERE id IN (
        SELECT id FROM notifications
        WHERE read_at IS NOT NULL AND created_at < ${before.toISOString()}::timestamptz
        ORDER BY created_at
        LIMIT ${limit}
        FOR UPDATE SKIP LOCKED)`);
    return result.rowCount ?? 0;
  },

  /** Users with more than `keep` items (one scan of the (user_id, created_at) index). */
  async crowdedUsers(db: Executor, keep: number): Promise<string[]> {
    const result = await db.execute<{ user_id: string }>(sql`
      SELECT user_id FROM notifications GROUP BY user_id HAVING count(*) > ${keep}
      ORDER BY user_id`);
    return result.rows.map((r) => r.user_id);
  },

  /**
   * One pruning batch: deletes at most `limit` items of these users that are not among their
   * newest `keep` (read or not; the inbox's order: createdAt, then id), skipping rows another
   * instance is deleting. Returns how many went.
   */
  async deleteBeyondNewest(
    db: Executor,
    userIds: readonly string[],
    keep: number,
    limit: number,
  ): Promise<number> {
    const result = await db.execute(sql`
      DELETE FROM notifications WHERE id IN (
        SELECT id FROM notifications WHERE id IN (
          SELECT id FROM (
            SELECT id, row_number() OVER (
              PARTITION BY user_id ORDER BY created_at DESC, id DESC) AS newest
            FROM notifications
            WHERE user_id = ANY(${`{${userIds.join(',')}}`}::uuid[])) ranked
          WHERE newest > ${keep})
        LIMIT ${limit}
        FOR UPDATE SKIP LOCKED)`);
    return result.rowCount ?? 0;
  },

  /** Everything of the user's for the data export (no key material). */
  async exportOf(db: Executor, userId: string) {
    return db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.createdAt), desc(notifications.id));
  },
};
