import { and, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import type { Assessment } from './saved-assessment';
import {
  matches,
  officialResults,
  userMatches,
  type ResolvedOfficial,
} from '../../../db/schema/index';

export type UserMatchRow = typeof userMatches.$inferSelect;
export type NewUserMatch = Omit<
  typeof userMatches.$inferInsert,
  'id' | 'completedAt' | 'updatedAt'
>;

const owned = (userId: string, id: string) =>
  and(eq(userMatches.id, id), eq(userMatches.userId, userId));

/** True when the row was inserted rather than updated by an upsert. */
const inserted = sql<boolean>`(xmax = 0)`;

/** The official result next to each saved copy: joined through the protocol's official match. */
const officialOfProtocol = eq(officialResults.officialMatchId, matches.officialMatchId);

export type SavedSummaryRow = Awaited<ReturnType<typeof savedMatchesRepository.listOwned>>[number];
export type SavedDetailRow = NonNullable<
  Awaited<ReturnType<typeof savedMatchesRepository.findOwned>>
>;

export const savedMatchesRepository = {
  /** An official match's result as saved copies are compared with it; null while there is none. */
  async officialResult(db: Executor, officialMatchId: string): Promise<ResolvedOfficial | null> {
    const [row] = await db
      .select({
        home_score: officialResults.homeScore,
        away_score: officialResults.awayScore,
        heats: officialResults.heats,
      })
      .from(officialResults)
      .where(eq(officialResults.officialMatchId, officialMatchId));
    return row ?? null;
  },

  async findByProtocol(
    db: Executor,
    userId: string,
    matchId: string,
  ): Promise<UserMatchRow | undefined> {
    const [row] = await db
      .select()
      .from(userMatches)
      .where(and(eq(userMatches.userId, userId), eq(userMatches.matchId, matchId)));
    return row;
  },

  /** One copy per user and protocol: a second save updates it (first saved time kept). */
  async upsert(
    db: Executor,
    values: NewUserMatch,
  ): Promise<{ row: UserMatchRow; created: boolean }> {
    const { userId: _user, matchId: _match, ...changes } = values;
    const [result] = await db
      .insert(userMatches)
      .values(values)
      .onConflictDoUpdate({
        target: [userMatches.userId, userMatches.matchId],
        set: { ...changes, updatedAt: sql`now()` },
      })
      .returning({ ...getTableColumns(userMatches), created: inserted });
    const { created, ...row } = result!;
    return { row, created };
  },

  /** The official results of many matches, by official match (one with none is left out). */
  async officialResults(
    db: Executor,
    officialMatchIds: string[],
  ): Promise<Map<string, ResolvedOfficial>> {
    if (officialMatchIds.length === 0) return new Map();
    const rows = await db
      .select({
        officialMatchId: officialResults.officialMatchId,
        home_score: officialResults.homeScore,
        away_score: officialResults.awayScore,
        heats: officialResults.heats,
      })
      .from(officialResults)
      .where(inArray(officialResults.officialMatchId, officialMatchIds));
    return new Map(rows.map(({ officialMatchId, ...result }) => [officialMatchId, result]));
  },

  /**
   * Many copies' comparisons written in one statement (a row of values each); a copy's heats only
   * where `heatsChanged` (they are most of its bytes, and a new comparison seldom changes them).
   */
  async updateAssessments(
    db: Executor,
    updates: { id: string; values: Assessment; heatsChanged: boolean }[],
  ): Promise<void> {
    if (updates.length === 0) return;
    const rows = updates.map(({ id, values: v, heatsChanged }) => ({
      id,
      status: v.status,
      heats: heatsChanged ? v.heats : null,
      home_score: v.homeScore,
      away_score: v.awayScore,
      discrepancies: v.discrepancies,
      heat_discrepancies: v.heatDiscrepancies,
      resolution: v.resolution,
      resolved_official: v.resolvedOfficial,
      resolved_at: v.resolvedAt?.toISOString() ?? null,
    }));
    // A JSON null becomes SQL NULL in jsonb_to_recordset, also in its jsonb columns (heats is
    // never NULL in the table: NULL here means unchanged).
    await db.execute(sql`
      UPDATE user_matches AS u SET
        status = v.status, heats = coalesce(v.heats, u.heats), home_score = v.home_score,
        away_score = v.away_score, discrepancies = v.discrepancies,
        heat_discrepancies = v.heat_discrepancies, resolution = v.resolution,
        resolved_official = v.resolved_official, resolved_at = v.resolved_at,
        updated_at = now()
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS v(
        id uuid, status text, heats jsonb, home_score integer, away_score integer,
        discrepancies jsonb, heat_discrepancies jsonb, resolution text,
        resolved_official jsonb, resolved_at timestamptz)
      WHERE u.id = v.id`);
  },

  async update(db: Executor, id: string, values: Partial<NewUserMatch>): Promise<void> {
    await db
      .update(userMatches)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(userMatches.id, id));
  },

  /** The caller's saved protocols, newest first, with their protocol and the official totals. */
  listOwned(db: Executor, userId: string) {
    return db
      .select({
        id: userMatches.id,
        matchId: userMatches.matchId,
        status: userMatches.status,
        resolution: userMatches.resolution,
        homeScore: userMatches.homeScore,
        awayScore: userMatches.awayScore,
        completedAt: userMatches.completedAt,
        updatedAt: userMatches.updatedAt,
        heats: userMatches.heats,
        heatDiscrepancies: userMatches.heatDiscrepancies,
        protocol: {
          status: matches.status,
          officialMatchId: matches.officialMatchId,
          homeTeam: matches.homeTeam,
          awayTeam: matches.awayTeam,
          homeShort: matches.homeShort,
          awayShort: matches.awayShort,
          startsAt: matches.startsAt,
          venue: matches.venue,
          competition: matches.competition,
          round: matches.round,
          completedHeats: matches.completedHeats,
        },
        official: { homeScore: officialResults.homeScore, awayScore: officialResults.awayScore },
      })
      .from(userMatches)
      .innerJoin(matches, eq(matches.id, userMatches.matchId))
      .leftJoin(officialResults, officialOfProtocol)
      .where(eq(userMatches.userId, userId))
      .orderBy(desc(userMatches.completedAt), desc(userMatches.id));
  },

  /** A saved copy of the caller's with its protocol and the official result; locked on request. */
  async findOwned(db: Executor, userId: string, id: string, options: { lock?: boolean } = {}) {
    const query = db
      .select({ copy: userMatches, protocol: matches, official: officialResults })
      .from(userMatches)
      .innerJoin(matches, eq(matches.id, userMatches.matchId))
      .leftJoin(officialResults, officialOfProtocol)
      .where(owned(userId, id));
    const [row] = await (options.lock ? query.for('update', { of: userMatches }) : query);
    return row;
  },

  /** Every saved copy of protocols of these official matches, locked for the re-comparison. */
  async lockForOfficialMatches(
    db: Executor,
    officialMatchIds: string[],
  ): Promise<{ copy: UserMatchRow; officialMatchId: string }[]> {
    if (officialMatchIds.length === 0) return [];
    const rows = await db
      .select({ copy: userMatches, officialMatchId: matches.officialMatchId })
      .from(userMatches)
      .innerJoin(matches, eq(matches.id, userMatches.matchId))
      .where(inArray(matches.officialMatchId, officialMatchIds))
      .for('update', { of: userMatches });
    return rows.map((r) => ({ copy: r.copy, officialMatchId: r.officialMatchId! }));
  },

  /** Deletes the saved copy with its (confirmed) protocol; the copy goes by the FK cascade. */
  async deleteOwned(db: Executor, userId: string, id: string): Promise<boolean> {
    const rows = await db
      .delete(matches)
      .where(
        and(
          eq(matches.createdBy, userId),
          inArray(
            matches.id,
            db.select({ id: userMatches.matchId }).from(userMatches).where(owned(userId, id)),
          ),
        ),
      )
      .returning({ id: matches.id });
    return rows.length > 0;
  },
};
