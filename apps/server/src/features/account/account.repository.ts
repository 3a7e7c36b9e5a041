import { asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { follows, matchHeats, matches, officialMatches, userMatches } from '../../db/schema/index';

/**
 * Data owned by other areas that the account page counts or exports: the user's protocols (with
 * every heat), saved protocols and followed official matches. Read straight from the tables, as they are stored.
 */
export const accountRepository = {
  async countProtocols(db: Executor, userId: string): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(matches)
      .where(eq(matches.createdBy, userId));
    return row?.n ?? 0;
  },

  async exportData(db: Executor, userId: string): Promise<Record<string, unknown>> {
    const protocols = await db
      .select()
      .from(matches)
      .where(eq(matches.createdBy, userId))
      .orderBy(desc(matches.createdAt));
    const heats = protocols.length
      ? await db
          .select()
          .from(matchHeats)
          .where(
            inArray(
              matchHeats.matchId,
              protocols.map((p) => p.id),
            ),
          )
          .orderBy(asc(matchHeats.heatNumber))
      : [];
    const saved = await db
      .select({ copy: userMatches, officialMatchId: matches.officialMatchId })
      .from(userMatches)
      .innerJoin(matches, eq(matches.id, userMatches.matchId))
      .where(eq(userMatches.userId, userId))
      .orderBy(desc(userMatches.completedAt));
    const followed = await db
      .select({
        officialMatchId: follows.officialMatchId,
        externalId: officialMatches.externalId,
        startsAt: officialMatches.startsAt,
        followedAt: follows.createdAt,
      })
      .from(follows)
      .innerJoin(officialMatches, eq(officialMatches.id, follows.officialMatchId))
      .where(eq(follows.userId, userId))
      .orderBy(asc(follows.createdAt));
    return {
      protocols: protocols.map((p) => ({
        id: p.id,
        official_match_id: p.officialMatchId,
        rulebook: p.rulebook,
        home_team: p.homeTeam,
        away_team: p.awayTeam,
        date: p.startsAt?.toISOString() ?? null,
        venue: p.venue,
        status: p.status,
        home_score: p.homeScore,
        away_score: p.awayScore,
        lineups: p.lineups,
        meta: { rules: { rulebook: p.rulebook, tactical: p.tactical } },
        heats: heats.filter((h) => h.matchId === p.id).map((h) => h.heat),
        created_at: p.createdAt.toISOString(),
        updated_at: p.updatedAt.toISOString(),
        confirmed_at: p.confirmedAt?.toISOString() ?? null,
      })),
      saved_matches: saved.map(({ copy, officialMatchId }) => ({
        id: copy.id,
        match_id: copy.matchId,
        official_match_id: officialMatchId,
        status: copy.status,
        resolution: copy.resolution,
        resolved_at: copy.resolvedAt?.toISOString() ?? null,
        user_results: {
          home_score: copy.homeScore,
          away_score: copy.awayScore,
          heats: copy.heats,
        },
        discrepancies: copy.discrepancies,
        heat_discrepancies: copy.heatDiscrepancies,
        completed_at: copy.completedAt.toISOString(),
        updated_at: copy.updatedAt.toISOString(),
      })),
      follows: followed.map((f) => ({
        official_match_id: f.officialMatchId,
        external_id: f.externalId,
        start: f.startsAt?.toISOString() ?? null,
        followed_at: f.followedAt.toISOString(),
      })),
    };
  },
};
