import { and, asc, eq, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, Executor } from '../../db/client';
import {
  follows,
  matches,
  officialMatches,
  officialResults,
  teams,
  userMatches,
} from '../../db/schema/index';
import type { OfficialWindow } from './official-window';

const homeTeams = alias(teams, 'home_teams');
const awayTeams = alias(teams, 'away_teams');

/** An official match as lists show it, with the caller's relation to it. */
function summaryColumns(userId: string) {
  const m = officialMatches;
  return {
    id: m.id,
    externalId: m.externalId,
    competition: m.competition,
    season: m.season,
    round: m.round,
    rulebook: m.rulebook,
    startsAt: m.startsAt,
    homeTeamId: m.homeTeamId,
    awayTeamId: m.awayTeamId,
    homeTeam: homeTeams.name,
    awayTeam: awayTeams.name,
    homeShort: homeTeams.short,
    awayShort: awayTeams.short,
    venue: m.venue,
    referee: m.referee,
    tv: m.tv,
    lineupsReady: sql<boolean>`(jsonb_array_length(${m.lineups}->'home') > 0
      AND jsonb_array_length(${m.lineups}->'away') > 0)`,
    resultHome: officialResults.homeScore,
    resultAway: officialResults.awayScore,
    protocolId: sql<string | null>`(SELECT ${matches.id} FROM ${matches}
      WHERE ${matches.officialMatchId} = ${m.id} AND ${matches.createdBy} = ${userId}
      ORDER BY ${matches.createdAt} DESC LIMIT 1)`,
    userMatchId: sql<string | null>`(SELECT ${userMatches.id} FROM ${userMatches}
      INNER JOIN ${matches} ON ${matches.id} = ${userMatches.matchId}
      WHERE ${matches.officialMatchId} = ${m.id} AND ${userMatches.userId} = ${userId}
      ORDER BY ${userMatches.completedAt} DESC LIMIT 1)`,
    followedAt: follows.createdAt,
  };
}

/** Official matches with both teams, the result totals and whether the user follows them. */
function selectSummaries(db: Executor, userId: string) {
  return db
    .select(summaryColumns(userId))
    .from(officialMatches)
    .innerJoin(homeTeams, eq(homeTeams.id, officialMatches.homeTeamId))
    .innerJoin(awayTeams, eq(awayTeams.id, officialMatches.awayTeamId))
    .leftJoin(officialResults, eq(officialResults.officialMatchId, officialMatches.id))
    .leftJoin(
      follows,
      and(eq(follows.officialMatchId, officialMatches.id), eq(follows.userId, userId)),
    );
}

/**
 * The matches of a window (official-window.ts). Its days are Swedish calendar days, turned into
 * instants by PostgreSQL from constants, so the range is an index range: on (season, starts_at)
 * with a season (migration 0019), on starts_at without one.
 */
function inWindow(window: OfficialWindow): SQL | undefined {
  const m = officialMatches;
  const stockholm = (day: string) =>
    sql`((${day})::date::timestamp AT TIME ZONE 'Europe/Stockholm')`;
  const days: SQL[] = [];
  if (window.from !== null) days.push(sql`${m.startsAt} >= ${stockholm(window.from)}`);
  if (window.to !== null)
    days.push(sql`${m.startsAt} < ${stockholm(window.to)} + interval '1 day'`);
  // No day given: every match of the season, dated or not (a window without `to` keeps undated).
  const dated = and(...days);
  // Undated counts as later than every date of its season, so not once its season is over.
  const undated =
    window.from === null
      ? isNull(m.startsAt)
      : and(
          isNull(m.startsAt),
          or(isNull(m.season), sql`${m.season} >= ${Number(window.from.slice(0, 4))}`),
        );
  return and(
    window.season === null ? undefined : eq(m.season, window.season),
    dated && window.undated ? or(dated, undated) : dated,
  );
}

const byStart = [
  sql`${officialMatches.startsAt} ASC NULLS LAST`,
  asc(officialMatches.round),
  asc(officialMatches.externalId),
];

/** official match id → the caller's newest protocol, newest saved protocol and follow. */
export type UserOfficialRelations = Record<
  string,
  { protocolId: string | null; userMatchId: string | null; followed: boolean }
>;

/** $1 the user. */
const RELATIONS_SQL = `
  SELECT * FROM (
    SELECT DISTINCT ON (official_match_id) official_match_id, 'protocol' AS kind, id::text AS id
      FROM matches WHERE created_by = $1 AND official_match_id IS NOT NULL
      ORDER BY official_match_id, created_at DESC
  ) AS protocols
  UNION ALL
  SELECT * FROM (
    SELECT DISTINCT ON (m.official_match_id) m.official_match_id, 'saved', um.id::text
      FROM user_matches um JOIN matches m ON m.id = um.match_id
      WHERE um.user_id = $1 AND m.official_match_id IS NOT NULL
      ORDER BY m.official_match_id, um.completed_at DESC
  ) AS saved
  UNION ALL
  SELECT official_match_id, 'follow', NULL FROM follows WHERE user_id = $1`;

export type OfficialSummaryRow = Awaited<ReturnType<typeof officialRepository.list>>[number];
export type OfficialDetailRow = NonNullable<Awaited<ReturnType<typeof officialRepository.find>>>;

export const officialRepository = {
  /**
   * The official matches of a window, or those the user follows (of any window), soonest first
   * and undated last.
   */
  list(db: Executor, userId: string, options: { window: OfficialWindow } | { followedOnly: true }) {
    const where = 'window' in options ? inWindow(options.window) : isNotNull(follows.userId);
    return selectSummaries(db, userId)
      .where(where)
      .orderBy(...byStart);
  },

  async find(db: Executor, userId: string, id: string) {
    const [row] = await selectSummaries(db, userId).where(eq(officialMatches.id, id));
    if (!row) return undefined;
    const [detail] = await db
      .select({ lineups: officialMatches.lineups, resultHeats: officialResults.heats })
      .from(officialMatches)
      .leftJoin(officialResults, eq(officialResults.officialMatchId, officialMatches.id))
      .where(eq(officialMatches.id, id));
    return detail && { ...row, ...detail };
  },

  /**
   * The caller's own relations to official matches: read whenever the user's relations_version
   * moved, so it is a named (prepared) statement, planned once per connection.
   */
  async relationsOfUser(db: Database, userId: string): Promise<UserOfficialRelations> {
    const result = await db.$client.query<{
      official_match_id: string;
      kind: string;
      id: string | null;
    }>({
      name: 'official_relations_of_user',
      text: RELATIONS_SQL,
      values: [userId],
    });
    const relations: UserOfficialRelations = {};
    for (const row of result.rows) {
      const entry = (relations[row.official_match_id] ??= {
        protocolId: null,
        userMatchId: null,
        followed: false,
      });
      if (row.kind === 'protocol') entry.protocolId = row.id;
      else if (row.kind === 'saved') entry.userMatchId = row.id;
      else entry.followed = true;
    }
    return relations;
  },

  async exists(db: Executor, id: string): Promise<boolean> {
    const [row] = await db
      .select({ id: officialMatches.id })
      .from(officialMatches)
      .where(eq(officialMatches.id, id));
    return row !== undefined;
  },

  /** What a protocol copies from an official match. */
  async findForProtocol(db: Executor, id: string) {
    const [row] = await db
      .select({
        id: officialMatches.id,
        rulebook: officialMatches.rulebook,
        lineups: officialMatches.lineups,
        startsAt: officialMatches.startsAt,
        venue: officialMatches.venue,
        referee: officialMatches.referee,
        competition: officialMatches.competition,
        round: officialMatches.round,
        homeTeamId: officialMatches.homeTeamId,
        awayTeamId: officialMatches.awayTeamId,
        homeTeam: homeTeams.name,
        awayTeam: awayTeams.name,
        homeShort: homeTeams.short,
        awayShort: awayTeams.short,
      })
      .from(officialMatches)
      .innerJoin(homeTeams, eq(homeTeams.id, officialMatches.homeTeamId))
      .innerJoin(awayTeams, eq(awayTeams.id, officialMatches.awayTeamId))
      .where(eq(officialMatches.id, id));
    return row;
  },

  /** Official results as the league table reads them, oldest first. */
  playedResults(db: Executor) {
    return db
      .select({
        home: officialMatches.homeTeamId,
        away: officialMatches.awayTeamId,
        home_score: officialResults.homeScore,
        away_score: officialResults.awayScore,
      })
      .from(officialResults)
      .innerJoin(officialMatches, eq(officialMatches.id, officialResults.officialMatchId))
      .orderBy(sql`${officialMatches.startsAt} ASC NULLS FIRST`, asc(officialMatches.externalId));
  },

  /**
   * Each team's latest published line-up (by start; an undated match counts as oldest), as the
   * squad numbers of its riders.
   */
  async latestLineups(db: Executor): Promise<{ teamId: string; riderId: string; no: number }[]> {
    const result = await db.execute<{ team_id: string; rider_id: string; no: number }>(sql`
      WITH sides AS (
        SELECT home_team_id AS team_id, lineups->'home' AS lineup, starts_at, updated_at
          FROM official_matches WHERE jsonb_array_length(lineups->'home') > 0
        UNION ALL
        SELECT away_team_id, lineups->'away', starts_at, updated_at
          FROM official_matches WHERE jsonb_array_length(lineups->'away') > 0
      ), latest AS (
        SELECT DISTINCT ON (team_id) team_id, lineup FROM sides
        ORDER BY team_id, starts_at DESC NULLS LAST, updated_at DESC
      )
      SELECT team_id, r->>'rider_id' AS rider_id, (r->>'lineup_no')::int AS no
        FROM latest, jsonb_array_elements(lineup) AS r`);
    return result.rows.map((r) => ({ teamId: r.team_id, riderId: r.rider_id, no: Number(r.no) }));
  },

  async follow(db: Executor, userId: string, officialMatchId: string): Promise<void> {
    await db.insert(follows).values({ userId, officialMatchId }).onConflictDoNothing();
  },

  async unfollow(db: Executor, userId: string, officialMatchId: string): Promise<void> {
    await db
      .delete(follows)
      .where(and(eq(follows.userId, userId), eq(follows.officialMatchId, officialMatchId)));
  },
};
