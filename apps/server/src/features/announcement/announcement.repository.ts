import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { announcements } from '../../db/schema/index';

export type AnnouncementRow = typeof announcements.$inferSelect;
export type AnnouncementValues = Pick<
  AnnouncementRow,
  'message' | 'level' | 'active' | 'dismissible' | 'expiresAt'
>;

export const announcementRepository = {
  async find(db: Executor): Promise<AnnouncementRow | undefined> {
    const [row] = await db.select().from(announcements).where(eq(announcements.singleton, true));
    return row;
  },

  /**
   * The one row, created empty and inactive (version 0) the first time it is asked for: every
   * instance then answers with the same id.
   */
  async findOrCreate(db: Executor): Promise<AnnouncementRow> {
    const found = await this.find(db);
    if (found) return found;
    await db
      .insert(announcements)
      .values({ message: '', active: false, version: 0 })
      .onConflictDoNothing({ target: announcements.singleton });
    return (await this.find(db))!;
  },

  /** A save: the values replace the stored ones and the version goes up by one. */
  async save(db: Executor, values: AnnouncementValues): Promise<AnnouncementRow> {
    const [row] = await db
      .insert(announcements)
      .values({ ...values, version: 1 })
      .onConflictDoUpdate({
        target: announcements.singleton,
        set: {
          ...values,
          version: sql`${announcements.version} + 1`,
          updatedAt: sql`now()`,
        },
      })
      .returning();
    return row!;
  },

  /** 'Stäng meddelande': inactive, a new version; the rest stays for the next publication. */
  async deactivate(db: Executor): Promise<AnnouncementRow> {
    await this.findOrCreate(db);
    const [row] = await db
      .update(announcements)
      .set({ active: false, version: sql`${announcements.version} + 1`, updatedAt: sql`now()` })
      .where(eq(announcements.singleton, true))
      .returning();
    return row!;
  },
};
