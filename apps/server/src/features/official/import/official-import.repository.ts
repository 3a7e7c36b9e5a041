import type { OfficialTeam } from '@speedway/contracts';
import type { Heat } from '@speedway/rules';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../../db/client';
import { lockOfficialData } from '../../../db/locks';
import { officialMatches, officialResults, riders, teams } from '../../../db/schema/index';
import type { StoredMatch } from './import-plan';

/** A stored match as read, before its rulebook id is checked. */
export type StoredMatchRow = Omit<StoredMatch, 'rulebook'> & { rulebook: string };

const homeTeams = alias(teams, 'home_teams');
const awayTeams = alias(teams, 'away_teams');

/** True when the row was inserted rather than updated by an upsert. */
const inserted = sql<boolean>`(xmax = 0)`;

export type OfficialMatchValues = Omit<
  typeof officialMatches.$inferInsert,
  'id' | 'createdAt' | 'updatedAt'
>;

export type OfficialResultValues = {
  officialMatchId: string;
  homeScore: number;
  awayScore: number;
  heats: Heat[] | null;
};

/**
 * Rows per statement. A file holds up to 50,000 matches: a statement per row would take tens of
 * seconds in the import's transaction, and one statement for all would pass PostgreSQL's limit
 * of 65,535 parameters (a match row has 12). Building a statement costs drizzle about 25 µs a
 * row, all at once: 250 rows keep that under ~10 ms of the event loop.
 */
const BATCH = 250;

function batches<T>(list: readonly T[], size = BATCH): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/** What an update of an existing match takes from the file: the proposed row's value. */
const EXCLUDED_MATCH = {
  externalId: sql`excluded.external_id`,
  competition: sql`excluded.competition`,
  season: sql`excluded.season`,
  round: sql`excluded.round`,
  rulebook: sql`excluded.rulebook`,
  startsAt: sql`excluded.starts_at`,
  homeTeamId: sql`excluded.home_team_id`,
  awayTeamId: sql`excluded.away_team_id`,
  venue: sql`excluded.venue`,
  referee: sql`excluded.referee`,
  tv: sql`excluded.tv`,
  attendance: sql`excluded.attendance`,
  lineups: sql`excluded.lineups`,
} satisfies Record<keyof OfficialMatchValues, SQL>;

type MatchField = keyof OfficialMatchValues;

/** The fields a row gives (the others keep their stored values on update). */
const givenFields = (values: OfficialMatchValues) =>
  (Object.keys(EXCLUDED_MATCH) as MatchField[]).filter((key) => values[key] !== undefined);
/** The conflict target itself is never updated. */
const updatedFields = (fields: readonly MatchField[]) =>
  Object.fromEntries(
    fields.filter((field) => field !== 'externalId').map((field) => [field, EXCLUDED_MATCH[field]]),
  );

export const officialImportRepository = {
  /** Imports (and the demo seed) run one at a time, so that checks and writes agree. */
  async lockImports(db: Executor): Promise<void> {
    await lockOfficialData(db, 'exclusive');
  },

  async countTeams(db: Executor): Promise<number> {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(teams);
    return row?.n ?? 0;
  },

  async teamSlugs(db: Executor): Promise<Set<string>> {
    const rows = await db.select({ slug: teams.slug }).from(teams);
    return new Set(rows.map((row) => row.slug));
  },

  async storedMatches(db: Executor, externalIds: string[]): Promise<Map<string, StoredMatchRow>> {
    const found = new Map<string, StoredMatchRow>();
    for (const ids of batches(externalIds)) {
      const rows = await db
        .select({
          externalId: officialMatches.externalId,
          homeSlug: homeTeams.slug,
          awaySlug: awayTeams.slug,
          lineups: officialMatches.lineups,
          rulebook: officialMatches.rulebook,
        })
        .from(officialMatches)
        .innerJoin(homeTeams, eq(homeTeams.id, officialMatches.homeTeamId))
        .innerJoin(awayTeams, eq(awayTeams.id, officialMatches.awayTeamId))
        .where(inArray(officialMatches.externalId, ids));
      for (const { externalId, ...stored } of rows) found.set(externalId, stored);
    }
    return found;
  },

  /**
   * Creates or updates teams by slug. City, short and arena a file leaves out (or gives as null)
   * keep their stored values: sources often lack them, and lacking one never means "remove".
   */
  async upsertTeams(
    db: Executor,
    list: OfficialTeam[],
  ): Promise<{ created: number; updated: number }> {
    let created = 0;
    let updated = 0;
    for (const batch of batches(list)) {
      const rows = await db
        .insert(teams)
        .values(
          batch.map((t) => ({
            slug: t.slug,
            name: t.name,
            city: t.city ?? null,
            short: t.short ?? null,
            arena: t.arena ?? null,
          })),
        )
        .onConflictDoUpdate({
          target: teams.slug,
          set: {
            name: sql`excluded.name`,
            city: sql`coalesce(excluded.city, ${teams.city})`,
            short: sql`coalesce(excluded.short, ${teams.short})`,
            arena: sql`coalesce(excluded.arena, ${teams.arena})`,
            updatedAt: sql`now()`,
          },
        })
        .returning({ inserted });
      const fresh = rows.filter((row) => row.inserted).length;
      created += fresh;
      updated += rows.length - fresh;
    }
    return { created, updated };
  },

  async teamIds(db: Executor, slugs: string[]): Promise<Map<string, string>> {
    const ids = new Map<string, string>();
    for (const batch of batches(slugs)) {
      const rows = await db
        .select({ id: teams.id, slug: teams.slug })
        .from(teams)
        .where(inArray(teams.slug, batch));
      for (const row of rows) ids.set(row.slug, row.id);
    }
    return ids;
  },

  /** The ids of a team's riders by name, creating the missing ones; returns how many were new. */
  async resolveRiders(
    db: Executor,
    teamId: string,
    names: string[],
  ): Promise<{ ids: Map<string, string>; created: number }> {
    const ids = new Map<string, string>();
    let created = 0;
    for (const batch of batches(names)) {
      const fresh = await db
        .insert(riders)
        .values(batch.map((name) => ({ teamId, name })))
        .onConflictDoNothing()
        .returning({ id: riders.id });
      created += fresh.length;
      const rows = await db
        .select({ id: riders.id, name: riders.name })
        .from(riders)
        .where(and(eq(riders.teamId, teamId), inArray(riders.name, batch)));
      for (const row of rows) ids.set(row.name, row.id);
    }
    return { ids, created };
  },

  /**
   * Creates or updates matches by external_id (one statement per batch of alike rows); an update
   * leaves the fields a row gives as undefined as they are stored. external_id → id and whether
   * the match was created. The external_ids must be distinct (the file check sees to it).
   */
  async upsertMatches(
    db: Executor,
    list: readonly OfficialMatchValues[],
  ): Promise<Map<string, { id: string; created: boolean }>> {
    // One statement updates the same columns of every row, so rows that give the same fields
    // go together; a file's matches are mostly alike, so there are few groups.
    const alike = new Map<string, { fields: MatchField[]; rows: OfficialMatchValues[] }>();
    for (const values of list) {
      const fields = givenFields(values);
      const key = fields.join(',');
      const group = alike.get(key) ?? { fields, rows: [] };
      group.rows.push(values);
      alike.set(key, group);
    }
    const saved = new Map<string, { id: string; created: boolean }>();
    for (const { fields, rows } of alike.values()) {
      const set = updatedFields(fields);
      for (const batch of batches(rows)) {
        const returned = await db
          .insert(officialMatches)
          .values(batch)
          .onConflictDoUpdate({
            target: officialMatches.externalId,
            set: { ...set, updatedAt: sql`now()` },
          })
          .returning({
            id: officialMatches.id,
            externalId: officialMatches.externalId,
            created: inserted,
          });
        for (const { externalId, ...row } of returned) saved.set(externalId, row);
      }
    }
    return saved;
  },

  async saveResults(db: Executor, list: readonly OfficialResultValues[]): Promise<void> {
    for (const batch of batches(list)) {
      await db
        .insert(officialResults)
        .values(batch)
        .onConflictDoUpdate({
          target: officialResults.officialMatchId,
          set: {
            homeScore: sql`excluded.home_score`,
            awayScore: sql`excluded.away_score`,
            heats: sql`excluded.heats`,
            updatedAt: sql`now()`,
          },
        });
    }
  },

  async deleteResults(db: Executor, officialMatchIds: readonly string[]): Promise<void> {
    for (const batch of batches(officialMatchIds)) {
      await db.delete(officialResults).where(inArray(officialResults.officialMatchId, batch));
    }
  },
};
