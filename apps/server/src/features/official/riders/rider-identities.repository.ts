import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { riderIdentities, riderIdentityEntries } from '../../../db/schema/index';

/** Which official matches' line-ups to give identities: some matches, one season, or all. */
export type IdentityScope = { matchIds: readonly string[] } | { season: number } | 'all';

/** A squad rider in a season (of an official match naming him) without an identity yet. */
export type MissingEntry = { riderId: string; teamId: string; name: string; season: number | null };

/** An identity a name may belong to, with the teams and newest seasons of its entries. */
export type CandidateRow = {
  id: string;
  createdAt: Date;
  normalizedName: string;
  entryName: string | null;
  teamId: string | null;
  season: number | null;
};

const BATCH = 500;

function scopeWhere(scope: IdentityScope): SQL {
  if (scope === 'all') return sql`true`;
  if ('season' in scope) return sql`m.season = ${scope.season}`;
  return sql`m.id = ANY(${`{${scope.matchIds.join(',')}}`}::uuid[])`;
}

export const riderIdentitiesRepository = {
  /**
   * The squad riders the line-ups of the scope's matches name, with the matches' seasons, that
   * have no entry for that season. The line-ups are read where they are stored (jsonb), so that
   * an import or a backfill reads only the pairs it has to add.
   */
  async missingEntries(db: Executor, scope: IdentityScope): Promise<MissingEntry[]> {
    if (scope !== 'all' && 'matchIds' in scope && scope.matchIds.length === 0) return [];
    const result = await db.execute<{
      rider_id: string;
      team_id: string;
      name: string;
      season: number | null;
    }>(sql`
      SELECT DISTINCT r.id AS rider_id, r.team_id, r.name, m.season
        FROM official_matches m
        CROSS JOIN LATERAL jsonb_array_elements((m.lineups->'home') || (m.lineups->'away')) AS l(rider)
        JOIN riders r ON r.id = (l.rider->>'rider_id')::uuid
       WHERE ${scopeWhere(scope)}
         AND NOT EXISTS (
           SELECT 1 FROM rider_identity_entries e
            WHERE e.rider_id = r.id
              AND (e.season = m.season OR (e.season IS NULL AND m.season IS NULL)))`);
    return result.rows.map((row) => ({
      riderId: row.rider_id,
      teamId: row.team_id,
      name: row.name,
      season: row.season === null ? null : Number(row.season),
    }));
  },

  /**
   * Identities named by one of `names`, or with an entry of such a name (one a merge gave another
   * name), a row per entry with its team and season (or one row without, for an identity with
   * no entries).
   */
  async candidates(db: Executor, names: readonly string[]): Promise<CandidateRow[]> {
    if (names.length === 0) return [];
    const list = sql`${`{${names.map((n) => JSON.stringify(n)).join(',')}}`}::text[]`;
    const result = await db.execute<{
      id: string;
      created_at: string | Date;
      normalized_name: string;
      entry_name: string | null;
      team_id: string | null;
      season: number | null;
    }>(sql`
      SELECT i.id, i.created_at, i.normalized_name, e.normalized_name AS entry_name, r.team_id,
             e.season
        FROM rider_identities i
        LEFT JOIN rider_identity_entries e ON e.identity_id = i.id
        LEFT JOIN riders r ON r.id = e.rider_id
       WHERE i.normalized_name = ANY(${list})
          OR i.id IN (SELECT identity_id FROM rider_identity_entries
                       WHERE normalized_name = ANY(${list}))`);
    return result.rows.map((row) => ({
      id: row.id,
      createdAt: new Date(row.created_at),
      normalizedName: row.normalized_name,
      entryName: row.entry_name,
      teamId: row.team_id,
      season: row.season === null ? null : Number(row.season),
    }));
  },

  async insertIdentities(
    db: Executor,
    rows: readonly { id: string; name: string; normalizedName: string }[],
  ): Promise<void> {
    for (let i = 0; i < rows.length; i += BATCH) {
      await db.insert(riderIdentities).values(rows.slice(i, i + BATCH));
    }
  },

  async insertEntries(
    db: Executor,
    rows: readonly {
      riderId: string;
      season: number | null;
      identityId: string;
      normalizedName: string;
    }[],
  ): Promise<void> {
    for (let i = 0; i < rows.length; i += BATCH) {
      await db
        .insert(riderIdentityEntries)
        .values(rows.slice(i, i + BATCH))
        .onConflictDoNothing();
    }
  },
};
