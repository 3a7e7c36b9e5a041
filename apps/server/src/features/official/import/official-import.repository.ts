import type { OfficialTeam } from '@speedway/contracts';
import type { Heat } from '@speedway/rules';
import { and, eq, inArray, sql } from 'drizzle-orm';
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
    if (externalIds.length === 0) return new Map();
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
      .where(inArray(officialMatches.externalId, externalIds));
    return new Map(rows.map(({ externalId, ...stored }) => [externalId, stored]));
  },

  /** Creates or updates teams by slug; fields a file leaves out keep their stored values. */
  async upsertTeams(
    db: Executor,
    list: OfficialTeam[],
  ): Promise<{ created: number; updated: number }> {
    if (list.length === 0) return { created: 0, updated: 0 };
    const rows = await db
      .insert(teams)
      .values(
        list.map((t) => ({
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
    const created = rows.filter((row) => row.inserted).length;
    return { created, updated: rows.length - created };
  },

  async teamIds(db: Executor, slugs: string[]): Promise<Map<string, string>> {
    if (slugs.length === 0) return new Map();
    const rows = await db
      .select({ id: teams.id, slug: teams.slug })
      .from(teams)
      .where(inArray(teams.slug, slugs));
    return new Map(rows.map((row) => [row.slug, row.id]));
  },

  /** The ids of a team's riders by name, creating the missing ones; returns how many were new. */
  async resolveRiders(
    db: Executor,
    teamId: string,
    names: string[],
  ): Promise<{ ids: Map<string, string>; created: number }> {
    if (names.length === 0) return { ids: new Map(), created: 0 };
    const created = await db
      .insert(riders)
      .values(names.map((name) => ({ teamId, name })))
      .onConflictDoNothing()
      .returning({ id: riders.id });
    const rows = await db
      .select({ id: riders.id, name: riders.name })
      .from(riders)
      .where(and(eq(riders.teamId, teamId), inArray(riders.name, names)));
    return { ids: new Map(rows.map((row) => [row.name, row.id])), created: created.length };
  },

  /**
   * Creates or updates a match by external_id; an update leaves the fields given as undefined as
   * they are stored. Returns whether it was created.
   */
  async upsertMatch(
    db: Executor,
    values: OfficialMatchValues,
  ): Promise<{ id: string; created: boolean }> {
    const set = Object.fromEntries(
      Object.entries(values).filter(([, value]) => value !== undefined),
    ) as Partial<OfficialMatchValues>;
    const [row] = await db
      .insert(officialMatches)
      .values(values)
      .onConflictDoUpdate({
        target: officialMatches.externalId,
        set: { ...set, updatedAt: sql`now()` },
      })
      .returning({ id: officialMatches.id, created: inserted });
    return row!;
  },

  async saveResult(
    db: Executor,
    officialMatchId: string,
    result: { homeScore: number; awayScore: number; heats: Heat[] | null },
  ): Promise<void> {
    await db
      .insert(officialResults)
      .values({ officialMatchId, ...result })
      .onConflictDoUpdate({
        target: officialResults.officialMatchId,
        set: { ...result, updatedAt: sql`now()` },
      });
  },

  async deleteResult(db: Executor, officialMatchId: string): Promise<void> {
    await db.delete(officialResults).where(eq(officialResults.officialMatchId, officialMatchId));
  },
};
