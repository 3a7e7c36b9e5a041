import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema/index';

export type Database = NodePgDatabase<typeof schema> & { $client: pg.Pool };
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Either the database or a transaction: repositories accept both. */
export type Executor = Database | Transaction;

export type DatabaseHandle = { db: Database; pool: pg.Pool; close: () => Promise<void> };

export type DatabaseOptions = {
  /** Connections of the pool. */
  max?: number;
  /**
   * A connection that keeps its session (PostgreSQL itself, or a session-mode pooler), given when
   * `url` is a transaction pooler such as PgBouncer with pool_mode = transaction (ADR 026). What
   * needs a session uses it: LISTEN (features/live/live-hub.ts) and the migrations' lock
   * (db/migrate.ts). The pool then sends every statement unnamed (see sendUnnamed).
   */
  directUrl?: string;
};

/** The URL of each handle's session connection: its directUrl, else the pool's own URL. */
const directUrls = new WeakMap<Database, string>();

export function createDatabase(url: string, options: DatabaseOptions = {}): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10 });
  // A client losing its server (restart, shutdown) must not crash the process: an idle one errors
  // on the pool, a busy one on itself (its query rejects and the request answers 5xx).
  pool.on('error', () => undefined);
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
    if (options.directUrl) sendUnnamed(client);
  });
  const db = drizzle({ client: pool, schema, casing: 'snake_case' });
  directUrls.set(db, options.directUrl ?? url);
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

/**
 * Where to open a connection of one's own that keeps its session (LISTEN, a session-level lock):
 * never the transaction pooler, which hands each transaction to whichever server connection is
 * free and so loses both.
 */
export function directUrlOf(db: Database): string {
  return directUrls.get(db) ?? db.$client.options.connectionString!;
}

/**
 * Sends the client's statements unnamed. A named prepared statement (drizzle's `.prepare(name)`,
 * pg's `{ name }`) is parsed once per server connection and then only bound; through a
 * transaction pooler the next execution may reach another server connection, which never parsed
 * it ('prepared statement … does not exist': PgBouncer keeps prepared statements only from 1.21).
 * Unnamed, each execution parses its statement again, in the same round trip.
 */
function sendUnnamed(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((config: unknown, ...rest: unknown[]) =>
    query(
      isNamedConfig(config) ? { ...config, name: undefined } : config,
      ...rest,
    )) as typeof client.query;
}

/** A plain query config with a name (not a Query or Cursor object, which pg submits as is). */
function isNamedConfig(config: unknown): config is { name: string } {
  return (
    typeof config === 'object' &&
    config !== null &&
    typeof (config as { name?: unknown }).name === 'string' &&
    typeof (config as { submit?: unknown }).submit !== 'function'
  );
}
