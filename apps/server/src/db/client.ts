import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema/index';

export type Database = NodePgDatabase<typeof schema> & { $client: pg.Pool };
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Either the database or a transaction: repositories accept both. */
export type Executor = Database | Transaction;

export type DatabaseHandle = { db: Database; pool: pg.Pool; close: () => Promise<void> };

export function createDatabase(url: string, options: { max?: number } = {}): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10 });
  // A client losing its server (restart, shutdown) must not crash the process: an idle one errors
  // on the pool, a busy one on itself (its query rejects and the request answers 5xx).
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = drizzle({ client: pool, schema, casing: 'snake_case' });
  return {
    db,
    pool,
    close: async () => {
      await untilQuiet(pool);
      await pool.end();
    },
  };
}

/**
 * Waits until no client has been checked out for a moment (at most `maxMs`): a request whose
 * client went away during shutdown still finishes its statements before the pool closes, instead
 * of failing on a closed pool between two of them.
 */
async function untilQuiet(pool: pg.Pool, quietMs = 150, maxMs = 5000): Promise<void> {
  const until = Date.now() + maxMs;
  let quietSince = Date.now();
  while (Date.now() < until) {
    const busy = pool.totalCount - pool.idleCount + pool.waitingCount;
    if (busy > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= quietMs) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
