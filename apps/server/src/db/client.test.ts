import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createDatabase } from './client';

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
