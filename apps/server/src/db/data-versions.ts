import { sql } from 'drizzle-orm';
import type { Executor } from './client';

export type DataKind = 'official' | 'ads';
export const OFFICIAL_DATA: DataKind = 'official';
/** Ads: raised by every ad write (the selection's per-instance cache of eligible ads). */
export const ADS_DATA: DataKind = 'ads';

/** Raises the version of a kind of shared data; call it in the transaction that changes it. */
export async function bumpDataVersion(tx: Executor, kind: DataKind): Promise<void> {
  await tx.execute(sql`
    INSERT INTO data_versions (key, version) VALUES (${kind}, 1)
    ON CONFLICT (key) DO UPDATE SET version = data_versions.version + 1`);
}

/** The current version as an SQL expression (0 before the first change), to read with other data. */
export const dataVersionOf = (kind: DataKind) =>
  sql<string>`coalesce((SELECT version FROM data_versions WHERE key = ${kind}), 0)::text`;

/** The current version of a kind of data (0 before its first change), as decimal text. */
export async function readDataVersion(db: Executor, kind: DataKind): Promise<string> {
  const result = await db.execute<{ version: string }>(
    sql`SELECT ${dataVersionOf(kind)} AS version`,
  );
  return result.rows[0]?.version ?? '0';
}
