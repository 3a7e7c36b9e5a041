import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createDatabase, directUrlOf } from './client';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('closing the pool lets statements in flight, and the ones right after them, finish first', async () => {
  const handle = createDatabase(t.databaseUrl);
  // A request in the middle of its work: one statement running, the next one soon after.
  const work = (async () => {
    await handle.db.execute(sql`SELECT pg_sleep(0.3)`);
    await new Promise((r) => setTimeout(r, 50));
    const result = await handle.db.execute<{ n: number }>(sql`SELECT 1 AS n`);
    return result.rows[0]!.n;
  })();
  await new Promise((r) => setTimeout(r, 50));
  const closed = handle.close();
  await expect(work).resolves.toBe(1);
  await closed;
  await expect(handle.db.execute(sql`SELECT 1`)).rejects.toThrow();
});

it('keeps named prepared statements on PostgreSQL itself, and sends them unnamed through a transaction pooler', async () => {
  // A pool of one connection, so that the catalog read after the statements sees their session.
  const preparedAfterNamedStatements = async (handle: ReturnType<typeof createDatabase>) => {
    await handle.db
      .select({ n: sql<number>`1` })
      .from(sql`(SELECT 1) AS one`)
      .prepare('probe_drizzle')
      .execute();
    await handle.pool.query({ name: 'probe_pg', text: 'SELECT 2' });
    const result = await handle.db.execute<{ name: string }>(
      sql`SELECT name FROM pg_prepared_statements ORDER BY name`,
    );
    return result.rows.map((row) => row.name);
  };
  const direct = createDatabase(t.databaseUrl, { max: 1 });
  expect(await preparedAfterNamedStatements(direct)).toEqual(['probe_drizzle', 'probe_pg']);
  expect(directUrlOf(direct.db)).toBe(t.databaseUrl);
  await direct.close();
  // As behind PgBouncer in transaction mode (here the "pooler" is the same server: what counts is
  // that no statement is left named on a connection the next transaction may not get).
  const directUrl = `${t.databaseUrl}${t.databaseUrl.includes('?') ? '&' : '?'}application_name=direct`;
  const pooled = createDatabase(t.databaseUrl, { max: 1, directUrl });
  expect(await preparedAfterNamedStatements(pooled)).toEqual([]);
  expect(directUrlOf(pooled.db)).toBe(directUrl);
  await pooled.close();
});
