import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { emailTokens, loginTickets } from '../../db/schema/index';

type Purpose = (typeof emailTokens.$inferSelect)['purpose'];

export const tokensRepository = {
  async createEmailToken(
    db: Executor,
    values: {
      userId: string;
      purpose: Purpose;
      tokenHash: string;
      email: string;
      ttlSeconds: number;
    },
  ): Promise<void> {
    await db.insert(emailTokens).values({
      userId: values.userId,
      purpose: values.purpose,
      tokenHash: values.tokenHash,
      email: values.email,
      expiresAt: sql`now() + make_interval(secs => ${values.ttlSeconds})`,
    });
  },

  /** Marks a live token used and returns it; a used, expired or unknown token gives undefined. */
  async consumeEmailToken(db: Executor, purpose: Purpose, tokenHash: string) {
    const [row] = await db
      .update(emailTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(emailTokens.tokenHash, tokenHash),
          eq(emailTokens.purpose, purpose),
          isNull(emailTokens.usedAt),
          sql`${emailTokens.expiresAt} > now()`,
        ),
      )
      .returning();
    return row;
  },

  async voidEmailTokens(db: Executor, userId: string, purpose: Purpose): Promise<void> {
    await db
      .update(emailTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(emailTokens.userId, userId),
          eq(emailTokens.purpose, purpose),
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
    await db.delete(emailTokens).where(sql`${emailTokens.expiresAt} < now() - interval '7 days'`);
    await db.delete(loginTickets).where(sql`${loginTickets.expiresAt} < now() - interval '1 day'`);
  },
};
