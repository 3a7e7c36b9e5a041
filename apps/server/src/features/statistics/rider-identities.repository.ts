import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { riderIdentities, riderIdentityEntries, riders, teams } from '../../db/schema/index';

export type IdentityRow = { id: string; name: string };

export type IdentityEntryRow = {
  id: string;
  identityId: string;
  riderId: string;
  name: string;
  season: number | null;
  team: { id: string; name: string; short: string | null };
};

const sameSeason = (season: number | null) =>
  season === null ? isNull(riderIdentityEntries.season) : eq(riderIdentityEntries.season, season);

const uuidArray = (ids: readonly string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

/** The riders' admin's reads and writes of identities (the import's are in features/official). */
export const riderIdentitiesRepository = {
  /**
   * Identities whose name, or the name of one of whose entries, contains `q` (normalised; '' is
   * all), first by name, at most `limit`.
   */
  async search(db: Executor, q: string, limit: number): Promise<IdentityRow[]> {
    const result = await db.execute<IdentityRow>(sql`
      SELECT i.id, i.name FROM rider_identities i
       WHERE ${q} = ''
          OR strpos(i.normalized_name, ${q}) > 0
          OR EXISTS (SELECT 1 FROM rider_identity_entries e
                      WHERE e.identity_id = i.id AND strpos(e.normalized_name, ${q}) > 0)
       ORDER BY i.normalized_name, i.id
       LIMIT ${limit}`);
    return result.rows;
  },

  async find(db: Executor, id: string): Promise<IdentityRow | undefined> {
    const [row] = await db
      .select({ id: riderIdentities.id, name: riderIdentities.name })
      .from(riderIdentities)
      .where(eq(riderIdentities.id, id));
    return row;
  },

  entriesOf(db: Executor, identityIds: readonly string[]): Promise<IdentityEntryRow[]> {
    if (identityIds.length === 0) return Promise.resolve([]);
    return db
      .select({
        id: riderIdentityEntries.id,
        identityId: riderIdentityEntries.identityId,
        riderId: riderIdentityEntries.riderId,
        name: riders.name,
        season: riderIdentityEntries.season,
        team: { id: teams.id, name: teams.name, short: teams.short },
      })
      .from(riderIdentityEntries)
      .innerJoin(riders, eq(riders.id, riderIdentityEntries.riderId))
      .innerJoin(teams, eq(teams.id, riders.teamId))
      .where(inArray(riderIdentityEntries.identityId, [...identityIds]));
  },

  /**
   * Rides (results in the stored official heats) per squad rider and season, of the given
   * riders; only their teams' matches are read.
   */
  async rides(
    db: Executor,
    riderIds: readonly string[],
    teamIds: readonly string[],
  ): Promise<{ riderId: string; season: number | null; rides: number }[]> {
    if (riderIds.length === 0) return [];
    const result = await db.execute<{ rider_id: string; season: number | null; rides: number }>(sql`
      SELECT x->>'rider_id' AS rider_id, m.season, count(*)::int AS rides
        FROM official_matches m
        JOIN official_results r ON r.official_match_id = m.id
        CROSS JOIN LATERAL jsonb_array_elements(r.heats) AS h(heat)
        CROSS JOIN LATERAL jsonb_array_elements(h.heat->'results') AS x
       WHERE r.heats IS NOT NULL
         AND (m.home_team_id = ANY(${uuidArray(teamIds)})
              OR m.away_team_id = ANY(${uuidArray(teamIds)}))
         AND (x->>'rider_id')::uuid = ANY(${uuidArray(riderIds)})
       GROUP BY 1, 2`);
    return result.rows.map((row) => ({
      riderId: row.rider_id,
      season: row.season === null ? null : Number(row.season),
      rides: Number(row.rides),
    }));
  },

  /** The entry of a squad rider and season, when it belongs to this identity. */
  async entry(
    db: Executor,
    identityId: string,
    riderId: string,
    season: number | null,
  ): Promise<{ id: string; name: string } | undefined> {
    const [row] = await db
      .select({ id: riderIdentityEntries.id, name: riders.name })
      .from(riderIdentityEntries)
      .innerJoin(riders, eq(riders.id, riderIdentityEntries.riderId))
      .where(
        and(
          eq(riderIdentityEntries.identityId, identityId),
          eq(riderIdentityEntries.riderId, riderId),
          sameSeason(season),
        ),
      );
    return row;
  },

  async countEntries(db: Executor, identityId: string): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(riderIdentityEntries)
      .where(eq(riderIdentityEntries.identityId, identityId));
    return row?.n ?? 0;
  },

  async create(db: Executor, name: string, normalizedName: string): Promise<IdentityRow> {
    const [row] = await db
      .insert(riderIdentities)
      .values({ name, normalizedName })
      .returning({ id: riderIdentities.id, name: riderIdentities.name });
    return row!;
  },

  /** Every entry of `from` to `into`, pinned: the admin's decision, which no import undoes. */
  async moveAll(db: Executor, from: string, into: string): Promise<void> {
    await db
      .update(riderIdentityEntries)
      .set({ identityId: into, pinned: true })
      .where(eq(riderIdentityEntries.identityId, from));
  },

  async moveOne(db: Executor, entryId: string, into: string): Promise<void> {
    await db
      .update(riderIdentityEntries)
      .set({ identityId: into, pinned: true })
      .where(eq(riderIdentityEntries.id, entryId));
  },

  /**
   * Whether the two identities' entries stand in one official match's line-ups (of either side):
   * two riders of one match are two people, whatever their names.
   */
  async rodeTogether(db: Executor, a: string, b: string): Promise<boolean> {
    const inMatch = (identityId: string) => sql`
      EXISTS (SELECT 1
                FROM jsonb_array_elements((m.lineups->'home') || (m.lineups->'away')) AS l(rider)
                JOIN rider_identity_entries e ON e.rider_id = (l.rider->>'rider_id')::uuid
                 AND e.season IS NOT DISTINCT FROM m.season
               WHERE e.identity_id = ${identityId})`;
    const result = await db.execute(
      sql`SELECT 1 FROM official_matches m WHERE ${inMatch(a)} AND ${inMatch(b)} LIMIT 1`,
    );
    return result.rows.length > 0;
  },

  async remove(db: Executor, id: string): Promise<void> {
    await db.delete(riderIdentities).where(eq(riderIdentities.id, id));
  },
};
