// The embedded PostgreSQL of a running bench server: where it listens (found the way the CLI
// finds it, apps/server/src/db/embedded.ts runningEmbeddedUrl) and a sampler of its connections.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

// apps/server/src/db/system-dir.ts and cluster-location.ts: DATA_DIR/pg, or (when PostgreSQL
// runs as the postgres user and cannot enter DATA_DIR) SYSTEM_DIR/<hash of DATA_DIR>/pg.
const SYSTEM_DIR = '/var/lib/speedway-elitserien';

function clusterDir(dataDir) {
  const local = path.join(path.resolve(dataDir), 'pg');
  if (existsSync(path.join(local, 'PG_VERSION'))) return local;
  const hash = createHash('sha256').update(path.resolve(dataDir)).digest('hex').slice(0, 16);
  return path.join(SYSTEM_DIR, hash, 'pg');
}

/** The postmaster's pid and the URL of the `speedway` database of the server on `dataDir`. */
export function embeddedDatabase(dataDir) {
  const pidFile = path.join(clusterDir(dataDir), 'postmaster.pid');
  const lines = readFileSync(pidFile, 'utf8').split('\n');
  const password = readFileSync(path.join(dataDir, 'pg-password'), 'utf8').trim();
  return {
    pid: Number(lines[0]),
    url: `postgres://speedway:${encodeURIComponent(password)}@127.0.0.1:${Number(lines[3])}/speedway`,
  };
}

/**
 * Samples pg_stat_activity every `everyMs` over one connection of its own (not counted): client
 * connections in all and those running a statement. `stop()` ends it and gives peak and mean,
 * and the transactions committed or rolled back in between (pg_stat_database; a statement outside
 * a transaction is one). Backends report those figures within 10 s of going idle, so `stop()`
 * waits that long first.
 */
export async function sampleConnections(url, everyMs = 1000) {
  const client = new pg.Client({ connectionString: url, application_name: 'bench-sampler' });
  const samples = [];
  let failure;
  // The database going away (the server stopping) ends the sampling, not the bench.
  client.on('error', (err) => {
    failure ??= err;
  });
  await client.connect();
  const transactions = async () =>
    Number(
      (
        await client.query(
          `SELECT xact_commit + xact_rollback AS n FROM pg_stat_database
            WHERE datname = current_database()`,
        )
      ).rows[0].n,
    );
  const transactionsBefore = await transactions();
  const take = async () => {
    try {
      const { rows } = await client.query(
        `SELECT count(*)::int AS total, count(*) FILTER (WHERE state = 'active')::int AS active
           FROM pg_stat_activity
          WHERE backend_type = 'client backend' AND pid <> pg_backend_pid()`,
      );
      samples.push(rows[0]);
    } catch (err) {
      failure ??= err;
    }
  };
  await take();
  const timer = setInterval(take, everyMs);
  return {
    async stop() {
      clearInterval(timer);
      await new Promise((r) => setTimeout(r, 11_000));
      // Less this sampler's own, one a sample and one for this count.
      const transactionCount = (await transactions()) - transactionsBefore - samples.length - 1;
      await client.end();
      if (failure) throw failure;
      const max = (key) => Math.max(...samples.map((s) => s[key]));
      const mean = (key) => samples.reduce((sum, s) => sum + s[key], 0) / samples.length;
      return {
        samples: samples.length,
        peak: max('total'),
        mean: mean('total'),
        peakActive: max('active'),
        meanActive: mean('active'),
        transactions: transactionCount,
      };
    },
  };
}
