import type { Heat, Lineups } from '@speedway/rules';
import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  officialMatches,
  officialResults,
  riderIdentities,
  riderIdentityEntries,
  teams,
} from '../../db/schema/index';

export type SeasonMatchRow = {
  id: string;
  startsAt: Date | null;
  rulebook: string;
  homeTeamId: string;
  awayTeamId: string;
  lineups: Lineups;
  homeScore: number;
  awayScore: number;
  heats: Heat[] | null;
};

/** A season a team played an official match with a result in, and whether it had heats. */
export type PlayedSeasonRow = {
  season: number;
  homeTeamId: string;
  awayTeamId: string;
  withHeats: boolean;
};

export type EntryRow = {
  identityId: string;
  name: string;
  /** Null for an identity without entries. */
  riderId: string | null;
  season: number | null;
};

export const statisticsRepository = {
  teams(db: Executor) {
    return db.select({ id: teams.id, name: teams.name, short: teams.short }).from(teams);
  },

  /** Per season and pairing with an official result: no jsonb is read, only the columns. */
  async playedSeasons(db: Executor): Promise<PlayedSeasonRow[]> {
    const rows = await db
      .select({
        season: officialMatches.season,
        homeTeamId: officialMatches.homeTeamId,
        awayTeamId: officialMatches.awayTeamId,
        withHeats: sql<boolean>`bool_or(${officialResults.heats} IS NOT NULL)`,
      })
      .from(officialMatches)
      .innerJoin(officialResults, eq(officialResults.officialMatchId, officialMatches.id))
      .where(sql`${officialMatches.season} IS NOT NULL`)
      .groupBy(officialMatches.season, officialMatches.homeTeamId, officialMatches.awayTeamId);
    return rows.map((row) => ({ ...row, season: row.season! }));
  },

  /** Every identity with its entries (squad rider and season). */
  entries(db: Executor): Promise<EntryRow[]> {
    return db
      .select({
        identityId: riderIdentities.id,
        name: riderIdentities.name,
        riderId: riderIdentityEntries.riderId,
        season: riderIdentityEntries.season,
      })
      .from(riderIdentities)
      .leftJoin(riderIdentityEntries, eq(riderIdentityEntries.identityId, riderIdentities.id));
  },

  /** The season's squad riders → their identities. */
  seasonEntries(db: Executor, season: number) {
    return db
      .select({
        riderId: riderIdentityEntries.riderId,
        identityId: riderIdentities.id,
        name: riderIdentities.name,
      })
      .from(riderIdentityEntries)
      .innerJoin(riderIdentities, eq(riderIdentities.id, riderIdentityEntries.identityId))
      .where(eq(riderIdentityEntries.season, season));
  },

  /** The season's official matches with a result (heats or totals only), in start order. */
  seasonMatches(db: Executor, season: number): Promise<SeasonMatchRow[]> {
    return db
      .select({
        id: officialMatches.id,
        startsAt: officialMatches.startsAt,
        rulebook: officialMatches.rulebook,
        homeTeamId: officialMatches.homeTeamId,
        awayTeamId: officialMatches.awayTeamId,
        lineups: officialMatches.lineups,
        homeScore: officialResults.homeScore,
        awayScore: officialResults.awayScore,
        heats: officialResults.heats,
      })
      .from(officialMatches)
      .innerJoin(officialResults, eq(officialResults.officialMatchId, officialMatches.id))
      .where(eq(officialMatches.season, season))
      .orderBy(sql`${officialMatches.startsAt} ASC NULLS FIRST`, asc(officialMatches.externalId));
  },
};
