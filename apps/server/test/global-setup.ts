import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDatabase } from '../src/db/client';
import { startEmbeddedPostgres } from '../src/db/embedded';
import { runMigrations } from '../src/db/migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A server URL whose database name is replaced per test file. */
    pgServerUrl: string;
    pgTemplate: string;
  }
}

const quiet = { info: () => undefined, warn: () => undefined, debug: () => undefined };

/**
 * This run's own cluster is thrown away at its end, so nothing in it has to survive a crash: no
 * test waits for a disk flush (a CREATE DATABASE per test file, every commit). Tests that kill a
 * server start a cluster of their own, which keeps PostgreSQL's defaults, as the app's does.
 */
async function noDiskFlushes(serverUrl: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    for (const setting of ['fsync', 'synchronous_commit', 'full_page_writes']) {
      await client.query(`ALTER SYSTEM SET ${setting} = off`);
    }
    await client.query('SELECT pg_reload_conf()');
  } finally {
    await client.end();
  }
}

/**
 * One PostgreSQL for the whole run: the embedded one, or TEST_DATABASE_URL's server. A template
 * database is migrated once; every test file then gets CREATE DATABASE … TEMPLATE it.
 */
export default async function setup(project: TestProject) {
  let stop = async () => undefined as void;
  let serverUrl: string;
  if (process.env.TEST_DATABASE_URL) {
    serverUrl = process.env.TEST_DATABASE_URL;
  } else {
    const dir = mkdtempSync(path.join(tmpdir(), 'speedway-test-'));
    // PostgreSQL may run as another user (when tests run as root): it must reach the folder.
    chmodSync(dir, 0o755);
    const embedded = await startEmbeddedPostgres({ dataDir: dir, log: quiet, persistent: false });
    serverUrl = embedded.url('postgres');
    await noDiskFlushes(serverUrl);
    stop = async () => {
      await embedded.stop();
      rmSync(dir, { recursive: true, force: true });
    };
  }
  const template = `speedway_template_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${template}`);
  await admin.query(`CREATE DATABASE ${template}`);
  const url = new URL(serverUrl);
  url.pathname = `/${template}`;
  const handle = createDatabase(url.toString(), { max: 1 });
  await runMigrations(handle.db);
  await handle.close();

  project.provide('pgServerUrl', serverUrl);
  project.provide('pgTemplate', template);
  return async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`).catch(() => undefined);
    await admin.end();
    await stop();
  };
}
