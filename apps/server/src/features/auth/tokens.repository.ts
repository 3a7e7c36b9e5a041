import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { emailTokens, loginTickets } from '../../db/schema/index';

type Purpose = (typeof emailTokens.$inferSelect)['purpose'];

/** A link of this purpose and hash that is neither used nor expired. */
const liveEmailToken = (purpose: Purpose, tokenHash: string) =>
  and(
    eq(emailTokens.tokenHash, tokenHash),
    eq(emailTokens.purpose, purpose),
    isNull(emailTokens.usedAt),
    sql`${emailTokens.expiresAt} > now()`,
  );

export const tokensRepository = {
  /**
   * Writes a link that a mail job will send. With `tokenHash` the token is already made (by the
   * job itself); without, the job makes it when it sends the mail (see `issueEmailToken`).
   */
  async createEmailToken(
    db: Executor,
    values: {
      userId: string;
      purpose: Purpose;
      email: string;
      ttlSeconds: number;
      tokenHash?: string;
      passwordHash?: string;
      requestedFrom?: string | null;
    },
  ): Promise<string> {
    const [row] = await db
      .insert(emailTokens)
      .values({
        userId: values.userId,
        purpose: values.purpose,
        tokenHash: values.tokenHash ?? null,
        email: values.email,
        passwordHash: values.passwordHash ?? null,
        requestedFrom: values.requestedFrom ?? null,
        expiresAt: sql`now() + make_interval(secs => ${values.ttlSeconds})`,
      })
      .returning({ id: emailTokens.id });
    return row!.id;
  },

  /**
   * Sets the hash of a freshly made token on a live link row, as its mail is sent. A retried
   * mail gets a new token (the old one, if it was delivered, stops working).
   */
  async issueEmailToken(db: Executor, id: string, tokenHash: string) {
    const [row] = await db
      .update(emailTokens)
      .set({ tokenHash })
      .where(
        and(
          eq(emailTokens.id, id),
          isNull(emailTokens.usedAt),
          sql`${emailTokens.expiresAt} > now()`,
        ),
      )
      .returning();
    return row;
  },

  /** Marks a live token used and returns it; a used, expired or unknown token gives undefined. */
  async consumeEmailToken(db: Executor, purpose: Purpose, tokenHash: string) {
    const [row] = await db
      .update(emailTokens)
      .set({ usedAt: sql`now()` })
      .where(liveEmailToken(purpose, tokenHash))
      .returning();
    return row;
  },

  /** A live token, locked until the transaction ends, without using it up. */
  async findLiveEmailTokenForUpdate(db: Executor, purpose: Purpose, tokenHash: string) {
    const [row] = await db
      .select()
      .from(emailTokens)
      .where(liveEmailToken(purpose, tokenHash))
      .for('update');
    return row;
  },

  /** Whether the user has a live link of this purpose (e.g. a removal of 2FA already pending). */
  async hasLiveEmailToken(db: Executor, userId: string, purpose: Purpose): Promise<boolean> {
    const rows = await db
      .select({ id: emailTokens.id })
      .from(emailTokens)
      .where(
        and(
          eq(emailTokens.userId, userId),
          eq(emailTokens.purpose, purpose),
          isNull(emailTokens.usedAt),
          sql`${emailTokens.expiresAt} > now()`,
        ),
      )
      .limit(1);
    return rows.length > 0;
  },

  /** A row by id, used or not, expired or not, locked until the transaction ends. */
  async findEmailTokenForUpdate(db: Executor, id: string) {
    const [row] = await db.select().from(emailTokens).where(eq(emailTokens.id, id)).for('update');
    return row;
  },

  async markEmailTokenUsed(db: Executor, id: string): Promise<void> {
    await db
      .update(emailTokens)
      .set({ usedAt: sql`now()` })
      .where(eq(emailTokens.id, id));
  },

  /** Ends every live link of the user with one of these purposes. */
  async voidEmailTokens(db: Executor, userId: string, ...purposes: Purpose[]): Promise<void> {
    await db
      .update(emailTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(emailTokens.userId, userId),
          inArray(emailTokens.purpose, purposes),
          isNull(emailTokens.usedAt),
        ),
      );
  },

  async createLoginTicket(
    db: Executor,
    userId: string,
    ticketHash: string,
    ttlSeconds: number,
  ): Promise<void> {
    await db.insert(loginTickets).values({
      userId,
      ticketHash,
      expiresAt: sql`now() + make_interval(secs => ${ttlSeconds})`,
    });
  },

  async findLiveLoginTicket(db: Executor, ticketHash: string) {
    const [row] = await db
      .select()
      .from(loginTickets)
      .where(
        and(
          eq(loginTickets.ticketHash, ticketHash),
          isNull(loginTickets.usedAt),
          sql`${loginTickets.expiresAt} > now()`,
        ),
      );
    return row;
  },

  async consumeLoginTicket(db: Executor, id: string): Promise<boolean> {
    const rows = await db
      .update(loginTickets)
      .set({ usedAt: sql`now()` })
      .where(and(eq(loginTickets.id, id), isNull(loginTickets.usedAt)))
      .returning({ id: loginTickets.id });
    return rows.length > 0;
  },

  async prune(db: Executor): Promise<void> {
    await db.delete(emailTokens).where(sql`${emailTokens.expiresAt} < now() - interval '1 day'`);
    await db.delete(loginTickets).where(sql`${loginTickets.expiresAt} < now() - interval '1 day'`);
  },
};
