import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { installJobSchema } from '../jobs/jobs';
import { directUrlOf, type Database } from './client';

/** The committed SQL migrations, found both from the source tree and from the bundle in dist/. */
export function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.resolve(here, '../../drizzle'), path.resolve(here, '../drizzle')];
  const found = candidates.find((c) => existsSync(path.join(c, 'meta', '_journal.json')));
  if (!found) throw new Error(`Migrations folder not found (looked in ${candidates.join(', ')})`);
  return found;
}

/**
 * The app's tables (drizzle's committed SQL), then the job queue's schema (pg-boss's own), on a
 * connection of their own under a session lock: drizzle's migrator takes no lock, so instances
 * that start together on a new database would each create the same tables and all but one fail.
 * The lock is a session's, held across many statements and transactions, so the connection is the
 * direct one (directUrlOf), never a transaction pooler's (ADR 026); ending it releases the lock,
 * also when the process dies half-way.
 */
export async function runMigrations(db: Database): Promise<void> {
  const client = new pg.Client({ connectionString: directUrlOf(db) });
  // A lost connection rejects the statement in flight; it must not also crash the process.
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query(`SELECT pg_advisory_lock(hashtext('speedway:migrations'))`);
    await migrate(drizzle({ client, casing: 'snake_case' }), {
      migrationsFolder: migrationsFolder(),
    });
    await installJobSchema(client);
  } finally {
    await client.end();
  }
}
