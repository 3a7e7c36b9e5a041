import { DEFAULT_NOTIFICATION_SETTINGS } from '@speedway/contracts';
import { inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { matches } from '../../db/schema/index';
import type { ProtocolTeams } from './texts';

const uuidArray = (ids: readonly string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

/** What the producers read of other areas' tables, as stored. */
export const producersRepository = {
  /**
   * Of these users, those that still exist, locked FOR KEY SHARE until the transaction ends: an
   * account deletion waits for it (and then takes the new rows with it), and no insert of theirs
   * can fail on the foreign key. A deleted user is simply not returned.
   */
  async lockLiveUsers(db: Executor, userIds: readonly string[]): Promise<Set<string>> {
    if (userIds.length === 0) return new Set();
    const result = await db.execute<{ id: string }>(sql`
      SELECT id FROM users WHERE id = ANY(${uuidArray([...new Set(userIds)])})
      ORDER BY id FOR KEY SHARE`);
    return new Set(result.rows.map((r) => r.id));
  },

  async protocolTeams(db: Executor, matchIds: string[]): Promise<Map<string, ProtocolTeams>> {
    const rows = await db
      .select({ id: matches.id, homeTeam: matches.homeTeam, awayTeam: matches.awayTeam })
      .from(matches)
      .where(inArray(matches.id, [...new Set(matchIds)]));
    return new Map(rows.map((r) => [r.id, { homeTeam: r.homeTeam, awayTeam: r.awayTeam }]));
  },

  /**
   * The first `n` of the new matches by start, every team that plays in any of them, and when
   * they were published (the import's transaction time, the rows' created_at).
   */
  async newMatches(db: Executor, ids: readonly string[], n: number) {
    const first = await db.execute<{ home: string; away: string; starts_at: string | null }>(sql`
      SELECT h.name AS home, a.name AS away, om.starts_at
      FROM official_matches om
      JOIN teams h ON h.id = om.home_team_id
      JOIN teams a ON a.id = om.away_team_id
      WHERE om.id = ANY(${uuidArray(ids)})
      ORDER BY om.starts_at ASC NULLS LAST, om.external_id
      LIMIT ${n}`);
    const teams = await db.execute<{ id: string }>(sql`
      SELECT DISTINCT unnest(ARRAY[home_team_id, away_team_id]) AS id
      FROM official_matches WHERE id = ANY(${uuidArray(ids)})`);
    const published = await db.execute<{ at: string | null }>(sql`
      SELECT min(created_at) AS at FROM official_matches WHERE id = ANY(${uuidArray(ids)})`);
    const at = published.rows[0]?.at;
    return {
      first: first.rows.map((r) => ({
        homeTeam: r.home,
        awayTeam: r.away,
        startsAt: r.starts_at === null ? null : new Date(r.starts_at),
      })),
      teamIds: teams.rows.map((r) => r.id),
      publishedAt: at ? new Date(at) : new Date(),
    };
  },

  /**
   * Who hears of new matches: verified users who turned on e-mail about new matches, or who
   * follow or keep a protocol of a match of one of these teams — all as of the publication: the
   * job may run long after it (a busy worker, a retry), and who signed up, followed or started a
   * protocol since then saw these matches already published.
   */
  async matchCreatedRecipients(
    db: Executor,
    teamIds: readonly string[],
    publishedAt: Date,
  ): Promise<string[]> {
    const teams = uuidArray(teamIds);
    const at = sql`${publishedAt.toISOString()}::timestamptz`;
    const result = await db.execute<{ id: string }>(sql`
      SELECT u.id FROM users u
      LEFT JOIN notification_settings ns ON ns.user_id = u.id
      WHERE u.email_verified_at IS NOT NULL AND u.created_at <= ${at} AND (
        COALESCE((ns.settings->'email'->>'match_created')::boolean,
          ${DEFAULT_NOTIFICATION_SETTINGS.email.match_created})
        OR EXISTS (
          SELECT 1 FROM follows f JOIN official_matches om ON om.id = f.official_match_id
          WHERE f.user_id = u.id AND f.created_at <= ${at}
            AND (om.home_team_id = ANY(${teams}) OR om.away_team_id = ANY(${teams})))
        OR EXISTS (
          SELECT 1 FROM matches m
          WHERE m.created_by = u.id AND m.created_at <= ${at}
            AND (m.home_team_id = ANY(${teams}) OR m.away_team_id = ANY(${teams})))
      )
      ORDER BY u.id`);
    return result.rows.map((r) => r.id);
  },
};
