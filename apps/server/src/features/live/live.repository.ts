import type { Heat } from '@speedway/rules';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { liveLinks, matchHeats, matches } from '../../db/schema/index';

export type LiveLinkRow = typeof liveLinks.$inferSelect;
export type LiveProtocolRow = typeof matches.$inferSelect;

const active = (matchId: string) =>
  and(eq(liveLinks.matchId, matchId), isNull(liveLinks.revokedAt));

export const liveRepository = {
  /** The protocol's link in use, if any. */
  async activeForMatch(db: Executor, matchId: string): Promise<LiveLinkRow | undefined> {
    const [row] = await db.select().from(liveLinks).where(active(matchId));
    return row;
  },

  /** A new link; undefined when the protocol got one meanwhile (one in use per protocol). */
  async insert(
    db: Executor,
    values: Pick<LiveLinkRow, 'matchId' | 'tokenHash' | 'sealedToken'>,
  ): Promise<LiveLinkRow | undefined> {
    const [row] = await db
      .insert(liveLinks)
      .values(values)
      .onConflictDoNothing({ target: liveLinks.matchId, where: sql`revoked_at IS NULL` })
      .returning();
    return row;
  },

  /** Ends the protocol's link in use (its trigger tells every instance's viewers). */
  async revokeActive(db: Executor, matchId: string): Promise<void> {
    await db
      .update(liveLinks)
      .set({ revokedAt: sql`now()` })
      .where(active(matchId));
  },

  /** The protocol a token in use opens. */
  async matchOfToken(db: Executor, tokenHash: string): Promise<string | undefined> {
    const [row] = await db
      .select({ matchId: liveLinks.matchId })
      .from(liveLinks)
      .where(and(eq(liveLinks.tokenHash, tokenHash), isNull(liveLinks.revokedAt)));
    return row?.matchId;
  },

  /** A shared protocol with its heats and the hash of its link in use, in one round trip. */
  async sharedProtocol(
    db: Executor,
    matchId: string,
  ): Promise<{ row: LiveProtocolRow; heats: Heat[]; tokenHash: string } | undefined> {
    const [found] = await db
      .select({
        row: matches,
        tokenHash: liveLinks.tokenHash,
        heats: sql<Heat[]>`coalesce((
          SELECT jsonb_agg(${matchHeats.heat} ORDER BY ${matchHeats.heatNumber})
          FROM ${matchHeats} WHERE ${matchHeats.matchId} = ${matches.id}), '[]'::jsonb)`,
      })
      .from(matches)
      .innerJoin(liveLinks, and(eq(liveLinks.matchId, matches.id), isNull(liveLinks.revokedAt)))
      .where(eq(matches.id, matchId));
    return found;
  },
};
