import type { SyncCounts, SyncRefusal, SyncRunStatus, SyncTrigger } from '@speedway/contracts';
import { and, desc, eq, gte, inArray, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import {
  officialMatches,
  officialSourcePages,
  officialSyncRuns,
  officialTeamNames,
  teams,
} from '../../../db/schema';

export const EMPTY_COUNTS: SyncCounts = {
  seen: 0,
  imported: 0,
  updated: 0,
  unchanged: 0,
  refused: 0,
};

export type SyncRunRow = typeof officialSyncRuns.$inferSelect;
export type PageState = { etag: string | null; lastModified: string | null; contentHash: string };
export type TeamNameRow = {
  sourceName: string;
  abbreviation: string | null;
  team: { id: string; slug: string; name: string };
};

const UNIQUE_VIOLATION = '23505';
const isUniqueViolation = (err: unknown) =>
  (err as { code?: string; cause?: { code?: string } }).code === UNIQUE_VIOLATION ||
  (err as { cause?: { code?: string } }).cause?.code === UNIQUE_VIOLATION;

export const syncRepository = {
  /** Runs whose instance stopped moving them on (it died) are failed, so a new one can start. */
  async failSilentRuns(db: Executor, silentSince: Date, error: string): Promise<void> {
    await db
      .update(officialSyncRuns)
      .set({ status: 'failed', error, finishedAt: sql`now()` })
      .where(
        and(eq(officialSyncRuns.status, 'running'), lt(officialSyncRuns.heartbeatAt, silentSince)),
      );
  },

  /** A new running run, or null when one is running already (one at a time, on any instance). */
  async claimRun(
    db: Executor,
    run: { trigger: SyncTrigger; origin: string; seasons: number[] },
  ): Promise<string | null> {
    try {
      const [row] = await db
        .insert(officialSyncRuns)
        .values({ ...run, status: 'running', counts: EMPTY_COUNTS, refusals: [] })
        .returning({ id: officialSyncRuns.id });
      return row!.id;
    } catch (err) {
      if (isUniqueViolation(err)) return null;
      throw err;
    }
  },

  async progress(db: Executor, id: string, counts: SyncCounts, refusals: SyncRefusal[]) {
    await db
      .update(officialSyncRuns)
      .set({ counts, refusals, heartbeatAt: sql`now()` })
      .where(eq(officialSyncRuns.id, id));
  },

  async finish(
    db: Executor,
    id: string,
    end: {
      status: Exclude<SyncRunStatus, 'running'>;
      error: string | null;
      counts: SyncCounts;
      refusals: SyncRefusal[];
    },
  ) {
    await db
      .update(officialSyncRuns)
      .set({ ...end, finishedAt: sql`now()`, heartbeatAt: sql`now()` })
      .where(eq(officialSyncRuns.id, id));
  },

  async runs(db: Executor, limit: number): Promise<SyncRunRow[]> {
    return db
      .select()
      .from(officialSyncRuns)
      .orderBy(desc(officialSyncRuns.startedAt))
      .limit(limit);
  },

  async run(db: Executor, id: string): Promise<SyncRunRow | undefined> {
    const [row] = await db.select().from(officialSyncRuns).where(eq(officialSyncRuns.id, id));
    return row;
  },

  /** The newest run started by the schedule or anyone (the schedule counts from any run). */
  async lastStart(db: Executor): Promise<Date | null> {
    const [row] = await db
      .select({ at: officialSyncRuns.startedAt })
      .from(officialSyncRuns)
      .orderBy(desc(officialSyncRuns.startedAt))
      .limit(1);
    return row?.at ?? null;
  },

  async pageState(db: Executor, key: string): Promise<PageState | undefined> {
    const [row] = await db
      .select({
        etag: officialSourcePages.etag,
        lastModified: officialSourcePages.lastModified,
        contentHash: officialSourcePages.contentHash,
      })
      .from(officialSourcePages)
      .where(eq(officialSourcePages.key, key));
    return row;
  },

  async savePage(
    db: Executor,
    page: {
      key: string;
      url: string;
      etag: string | null;
      lastModified: string | null;
      contentHash: string;
    },
  ) {
    const { key: _key, ...rest } = page;
    await db
      .insert(officialSourcePages)
      .values(page)
      .onConflictDoUpdate({
        target: officialSourcePages.key,
        set: { ...rest, importedAt: sql`now()` },
      });
  },

  async teamNames(db: Executor): Promise<TeamNameRow[]> {
    const rows = await db
      .select({
        sourceName: officialTeamNames.sourceName,
        abbreviation: officialTeamNames.abbreviation,
        id: teams.id,
        slug: teams.slug,
        name: teams.name,
      })
      .from(officialTeamNames)
      .innerJoin(teams, eq(teams.id, officialTeamNames.teamId))
      .orderBy(officialTeamNames.sourceName);
    return rows.map(({ sourceName, abbreviation, ...team }) => ({
      sourceName,
      abbreviation,
      team,
    }));
  },

  /** A name the sync met (kept as mapped if it was); its abbreviation filled in when learnt. */
  async rememberTeamName(
    db: Executor,
    entry: { sourceName: string; abbreviation: string | null; teamSlug: string },
  ) {
    const [team] = await db
      .select({ id: teams.id })
      .from(teams)
      .where(eq(teams.slug, entry.teamSlug));
    if (!team) return;
    await db
      .insert(officialTeamNames)
      .values({ sourceName: entry.sourceName, abbreviation: entry.abbreviation, teamId: team.id })
      .onConflictDoUpdate({
        target: officialTeamNames.sourceName,
        set: {
          abbreviation: sql`coalesce(excluded.abbreviation, ${officialTeamNames.abbreviation})`,
        },
      });
  },

  /** A super_admin's mapping: the name's matches go to this team from the next run on. */
  async mapTeamName(db: Executor, sourceName: string, teamId: string) {
    await db
      .insert(officialTeamNames)
      .values({ sourceName, teamId })
      .onConflictDoUpdate({
        target: officialTeamNames.sourceName,
        set: { teamId, updatedAt: sql`now()` },
      });
  },

  /** The name as stored when one differs from `name` only in case (the sync matches so too). */
  async storedSpelling(db: Executor, name: string): Promise<string> {
    const [row] = await db
      .select({ sourceName: officialTeamNames.sourceName })
      .from(officialTeamNames)
      .where(sql`lower(${officialTeamNames.sourceName}) = lower(${name})`)
      .limit(1);
    return row?.sourceName ?? name;
  },

  /** The team a TA name goes to now, if it has one. */
  async teamIdOfName(db: Executor, sourceName: string): Promise<string | undefined> {
    const [row] = await db
      .select({ teamId: officialTeamNames.teamId })
      .from(officialTeamNames)
      .where(eq(officialTeamNames.sourceName, sourceName));
    return row?.teamId;
  },

  /**
   * The validators of a team's matches' pages go, so that the next run reads those pages in full
   * and compares the match (teams by slug) instead of taking TA's 304 for "unchanged".
   */
  async forgetValidatorsOfTeam(db: Executor, teamId: string) {
    await db
      .update(officialSourcePages)
      .set({ etag: null, lastModified: null })
      .where(
        inArray(
          officialSourcePages.key,
          db
            .select({ key: officialMatches.externalId })
            .from(officialMatches)
            .where(
              or(eq(officialMatches.homeTeamId, teamId), eq(officialMatches.awayTeamId, teamId)),
            ),
        ),
      );
  },

  async teamBySlug(db: Executor, slug: string) {
    const [team] = await db
      .select({ id: teams.id, slug: teams.slug, name: teams.name })
      .from(teams)
      .where(eq(teams.slug, slug));
    return team;
  },

  /** Whether a match in the app starts within [from, to). */
  async hasMatchBetween(db: Executor, from: Date, to: Date): Promise<boolean> {
    const [row] = await db
      .select({ id: officialMatches.id })
      .from(officialMatches)
      .where(and(gte(officialMatches.startsAt, from), lt(officialMatches.startsAt, to)))
      .limit(1);
    return row !== undefined;
  },

  /** Stored start of each of these matches, by external_id (a moved date is a change to fetch). */
  async storedStarts(db: Executor, externalIds: string[]): Promise<Map<string, Date | null>> {
    if (externalIds.length === 0) return new Map();
    const rows = await db
      .select({ externalId: officialMatches.externalId, startsAt: officialMatches.startsAt })
      .from(officialMatches)
      .where(inArray(officialMatches.externalId, externalIds));
    return new Map(rows.map((row) => [row.externalId, row.startsAt]));
  },
};
