import type { Heat } from '@speedway/rules';
import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { createBatchLoader } from '../../lib/batch-loader';
import { idempotencyKeys, matchHeats, matches } from '../../db/schema/index';
import { tryLockKey, type KeyRow } from '../../lib/idempotency-store';

export type MatchRow = typeof matches.$inferSelect;
export type NewMatch = Omit<typeof matches.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
/** What every change to a protocol's heats recomputes. */
export type DerivedFields = Pick<MatchRow, 'homeScore' | 'awayScore' | 'completedHeats' | 'status'>;

const owned = (userId: string, id: string) =>
  and(eq(matches.id, id), eq(matches.createdBy, userId));

/** Revisions of the protocols asked for together, in one prepared query (ADR 008). */
function revisionLoader(db: Database) {
  const query = db
    .select({ id: matches.id, createdBy: matches.createdBy, revision: matches.revision })
    .from(matches)
    .where(sql`${matches.id} = ANY(${sql.placeholder('ids')}::uuid[])`)
    .prepare('match_revisions_by_ids');
  return createBatchLoader<string, { createdBy: string; revision: number }>(async (ids) => {
    const rows = await query.execute({ ids });
    return new Map(rows.map((row) => [row.id, row]));
  });
}

const revisionLoaders = new WeakMap<Database, ReturnType<typeof revisionLoader>>();

function prepareWithHeats(db: Database) {
  return db
    .select({
      row: matches,
      heats: sql<Heat[]>`coalesce((
        SELECT jsonb_agg(${matchHeats.heat} ORDER BY ${matchHeats.heatNumber})
        FROM ${matchHeats} WHERE ${matchHeats.matchId} = ${matches.id}), '[]'::jsonb)`,
    })
    .from(matches)
    .where(
      and(eq(matches.id, sql.placeholder('id')), eq(matches.createdBy, sql.placeholder('userId'))),
    )
    .prepare('match_with_heats');
}

const withHeatsQueries = new WeakMap<Database, ReturnType<typeof prepareWithHeats>>();

export const matchesRepository = {
  /** A new protocol with its heats; undefined when the id it names is taken (nothing written). */
  async insert(
    db: Executor,
    values: NewMatch & { id?: string },
    heats: Heat[],
  ): Promise<MatchRow | undefined> {
    const [row] = await db
      .insert(matches)
      .values(values)
      .onConflictDoNothing({ target: matches.id })
      .returning();
    if (!row) return undefined;
    await db
      .insert(matchHeats)
      .values(heats.map((heat) => ({ matchId: row.id, heatNumber: heat.heat_number, heat })));
    return row;
  },

  listOwned(db: Executor, userId: string): Promise<MatchRow[]> {
    return db
      .select()
      .from(matches)
      .where(eq(matches.createdBy, userId))
      .orderBy(desc(matches.createdAt), desc(matches.id));
  },

  async findOwned(db: Executor, userId: string, id: string): Promise<MatchRow | undefined> {
    const [row] = await db.select().from(matches).where(owned(userId, id));
    return row;
  },

  /** The revision of the caller's protocol (undefined: no such protocol of theirs). */
  async revisionOwned(db: Database, userId: string, id: string): Promise<number | undefined> {
    let load = revisionLoaders.get(db);
    if (!load) {
      load = revisionLoader(db);
      revisionLoaders.set(db, load);
    }
    const row = await load(id.toLowerCase());
    return row?.createdBy === userId ? row.revision : undefined;
  },

  /** The protocol and its heats in one round trip (heats by number), planned once per connection. */
  async findOwnedWithHeats(
    db: Database,
    userId: string,
    id: string,
  ): Promise<{ row: MatchRow; heats: Heat[] } | undefined> {
    let query = withHeatsQueries.get(db);
    if (!query) {
      query = prepareWithHeats(db);
      withHeatsQueries.set(db, query);
    }
    const [found] = await query.execute({ userId, id });
    return found;
  },

  /**
   * Writes changed heats and the derived fields in one statement, only if the protocol is still
   * at the revision it was read at (nothing else changed it meanwhile); false otherwise. The
   * change's time comes from the caller, whose reply (kept with an idempotency key before the
   * write) names it. One
   * statement is one transaction: both writes or neither, committed when it answers.
   */
  async saveHeatsIfUnchanged(
    db: Executor,
    row: Pick<MatchRow, 'id' | 'revision'>,
    heats: Heat[],
    values: DerivedFields,
    updatedAt: Date,
    key?: KeyRow,
  ): Promise<boolean> {
    const changed = JSON.stringify(heats.map((heat) => ({ heat_number: heat.heat_number, heat })));
    if (key) return saveHeatsIfUnchangedWithKey(db, row, changed, values, updatedAt, key);
    const result = await db.execute<{ id: string }>(sql`
      WITH m AS (
        UPDATE ${matches} SET
          home_score = ${values.homeScore}, away_score = ${values.awayScore},
          completed_heats = ${values.completedHeats}, status = ${values.status},
          revision = revision + 1, updated_at = ${updatedAt}
        WHERE id = ${row.id} AND revision = ${row.revision}
        RETURNING id
      ), h AS (
        INSERT INTO ${matchHeats} (match_id, heat_number, heat)
        SELECT m.id, x.heat_number, x.heat
          FROM m, jsonb_to_recordset(${changed}::jsonb) AS x(heat_number int, heat jsonb)
        ON CONFLICT (match_id, heat_number)
          DO UPDATE SET heat = excluded.heat, updated_at = ${updatedAt}
      )
      SELECT id FROM m`);
    return result.rows.length > 0;
  },

  /** The protocol row locked until the transaction ends: saves of one match run one at a time. */
  async lockOwned(db: Executor, userId: string, id: string): Promise<MatchRow | undefined> {
    const [row] = await db.select().from(matches).where(owned(userId, id)).for('update');
    return row;
  },

  /** The caller's unfinished protocol of an official match. */
  async findOpenFromOfficial(
    db: Executor,
    userId: string,
    officialMatchId: string,
  ): Promise<MatchRow | undefined> {
    const [row] = await db
      .select()
      .from(matches)
      .where(
        and(
          eq(matches.createdBy, userId),
          eq(matches.officialMatchId, officialMatchId),
          ne(matches.status, 'confirmed'),
        ),
      );
    return row;
  },

  /** Serialises protocol creation per user and official match (a double click creates one). */
  async lockCreation(db: Executor, userId: string, officialMatchId: string): Promise<void> {
    await db.execute(
      sql`SELECT pg_advisory_xact_lock(hashtext(${`speedway:protocol:${userId}:${officialMatchId}`}))`,
    );
  },

  async heats(db: Executor, matchId: string): Promise<Heat[]> {
    const rows = await db
      .select({ heat: matchHeats.heat })
      .from(matchHeats)
      .where(eq(matchHeats.matchId, matchId))
      .orderBy(asc(matchHeats.heatNumber));
    return rows.map((row) => row.heat);
  },

  /** The heats of many protocols in one query, by protocol (one with none is left out). */
  async heatsOf(db: Executor, matchIds: string[]): Promise<Map<string, Heat[]>> {
    const byMatch = new Map<string, Heat[]>();
    if (matchIds.length === 0) return byMatch;
    const rows = await db
      .select({ matchId: matchHeats.matchId, heat: matchHeats.heat })
      .from(matchHeats)
      .where(inArray(matchHeats.matchId, matchIds))
      .orderBy(asc(matchHeats.matchId), asc(matchHeats.heatNumber));
    for (const { matchId, heat } of rows) {
      const heats = byMatch.get(matchId);
      if (heats) heats.push(heat);
      else byMatch.set(matchId, [heat]);
    }
    return byMatch;
  },

  /** Writes whole heats: a heat row is only ever replaced, never merged. */
  async saveHeats(db: Executor, matchId: string, heats: Heat[]): Promise<void> {
    if (heats.length === 0) return;
    await db
      .insert(matchHeats)
      .values(heats.map((heat) => ({ matchId, heatNumber: heat.heat_number, heat })))
      .onConflictDoUpdate({
        target: [matchHeats.matchId, matchHeats.heatNumber],
        set: { heat: sql`excluded.heat`, updatedAt: sql`now()` },
      });
  },

  async update(
    db: Executor,
    id: string,
    values: Partial<DerivedFields> & { confirmedAt?: Date },
  ): Promise<MatchRow> {
    const [row] = await db
      .update(matches)
      .set({ ...values, revision: sql`${matches.revision} + 1`, updatedAt: sql`now()` })
      .where(eq(matches.id, id))
      .returning();
    return row!;
  },

  async deleteOwned(db: Executor, userId: string, id: string): Promise<boolean> {
    const rows = await db.delete(matches).where(owned(userId, id)).returning({ id: matches.id });
    return rows.length > 0;
  },
};

/**
 * The one-statement heat save of ADR 007 with an Idempotency-Key stored in the same statement
 * (ADR 009), so a keyed save still costs one round trip. The protocol row is locked at the read
 * revision together with the key's in-flight lock; the key is inserted only from that locked row
 * and the heat written only if the key was inserted, so either the write and its key both commit
 * or neither does. False when anything is in the way — the revision moved, the key is in flight
 * elsewhere or already stored — and the caller goes the locked path, which tells these apart.
 */
async function saveHeatsIfUnchangedWithKey(
  db: Executor,
  row: Pick<MatchRow, 'id' | 'revision'>,
  changed: string,
  values: DerivedFields,
  updatedAt: Date,
  key: KeyRow,
): Promise<boolean> {
  const result = await db.execute<{ id: string }>(sql`
    WITH cur AS MATERIALIZED (
      SELECT id FROM ${matches}
      WHERE id = ${row.id} AND revision = ${row.revision} AND ${tryLockKey(key)}
      FOR UPDATE
    ), k AS (
      INSERT INTO ${idempotencyKeys} (user_id, method, route, key, fingerprint, status, body)
      SELECT ${key.userId}, ${key.method}, ${key.route}, ${key.key}, ${key.fingerprint},
        ${key.status}, ${key.body}
      FROM cur
      ON CONFLICT DO NOTHING
      RETURNING 1
    ), m AS (
      UPDATE ${matches} SET
        home_score = ${values.homeScore}, away_score = ${values.awayScore},
        completed_heats = ${values.completedHeats}, status = ${values.status},
        revision = revision + 1, updated_at = ${updatedAt}
      WHERE id = ${row.id} AND revision = ${row.revision} AND EXISTS (SELECT 1 FROM k)
      RETURNING id
    ), h AS (
      INSERT INTO ${matchHeats} (match_id, heat_number, heat)
      SELECT m.id, x.heat_number, x.heat
        FROM m, jsonb_to_recordset(${changed}::jsonb) AS x(heat_number int, heat jsonb)
      ON CONFLICT (match_id, heat_number)
        DO UPDATE SET heat = excluded.heat, updated_at = ${updatedAt}
    )
    SELECT id FROM m`);
  return result.rows.length > 0;
}
