import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { createDatabase } from './client';
import { migrationsFolder, runMigrations } from './migrate';

// A database of its own, empty: the migrated template every other test file starts from would
// leave nothing to migrate.
const serverUrl = inject('pgServerUrl');
const name = `speedway_m_${randomBytes(6).toString('hex')}`;
const url = Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString();

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

beforeAll(() => admin(`CREATE DATABASE ${name}`));
afterAll(() => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));

it('instances that start together on a new database migrate it one after the other', async () => {
  const journal = JSON.parse(
    readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8'),
  ) as { entries: unknown[] };
  // Three instances starting at once (a deployment's first start); without the migrations' lock
  // all but one fail on tables the first one is creating.
  const handles = Array.from({ length: 3 }, () => createDatabase(url, { max: 1 }));
  try {
    await Promise.all(handles.map((handle) => runMigrations(handle.db)));
    const applied = await handles[0]!.pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations',
    );
    expect(applied.rows[0]!.n).toBe(journal.entries.length);
    const queues = await handles[0]!.pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM pgboss.queue',
    );
    expect(queues.rows[0]!.n).toBeGreaterThan(0);
    // No session of the migrations is left holding their lock.
    const locks = await handles[0]!.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory'`,
    );
    expect(locks.rows[0]!.n).toBe(0);
  } finally {
    await Promise.all(handles.map((handle) => handle.close()));
  }
});
