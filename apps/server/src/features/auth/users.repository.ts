import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema/index';
import type { UserRow } from './sessions.repository';

export const usersRepository = {
  async findByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
    const [row] = await db.select().from(users).where(eq(users.email, email));
    return row;
  },

  async findById(db: Executor, id: string): Promise<UserRow | undefined> {
    const [row] = await db.select().from(users).where(eq(users.id, id));
    return row;
  },

  /** Reads and locks the row, so that concurrent changes of one account apply one at a time. */
  async findByIdForUpdate(db: Executor, id: string): Promise<UserRow | undefined> {
    const [row] = await db.select().from(users).where(eq(users.id, id)).for('update');
    return row;
  },

  async findByEmailForUpdate(db: Executor, email: string): Promise<UserRow | undefined> {
    const [row] = await db.select().from(users).where(eq(users.email, email)).for('update');
    return row;
  },

  /** Inserts unless the e-mail is taken; concurrent sign-ups of one address create one account. */
  async insertIfNew(db: Executor, values: typeof users.$inferInsert): Promise<UserRow | undefined> {
    const [row] = await db
      .insert(users)
      .values(values)
      .onConflictDoNothing({ target: users.email })
      .returning();
    return row;
  },

  async update(
    db: Executor,
    id: string,
    values: Partial<typeof users.$inferInsert>,
  ): Promise<UserRow> {
    const [row] = await db
      .update(users)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(users.id, id))
      .returning();
    return row!;
  },

  /** Accepts a TOTP step only if it is newer than the last one used (atomic against replays). */
  async claimTotpStep(db: Executor, id: string, step: number): Promise<boolean> {
    const rows = await db
      .update(users)
      .set({ lastTotpStep: step })
      .where(
        sql`${users.id} = ${id} AND (${users.lastTotpStep} IS NULL OR ${users.lastTotpStep} < ${step})`,
      )
      .returning({ id: users.id });
    return rows.length > 0;
  },

  async delete(db: Executor, id: string): Promise<void> {
    await db.delete(users).where(eq(users.id, id));
  },
};
