import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { clusterDirFor, systemHomeFor } from '../src/db/cluster-location';
import { runningEmbeddedUrl, startEmbeddedPostgres } from '../src/db/embedded';
import { binariesRunnableBy, packagedBinaries } from '../src/db/postgres-binaries';
import { canRun, isRoot, postgresSystemUser } from '../src/db/postgres-user';
import { startServerProcess, type ServerProcess } from './server-process';

// As root (containers, CI: this suite's usual case) PostgreSQL runs as the system user postgres.
// A folder only root can enter, like a clone under /root, is made here with mkdtemp (mode 700).
const closed = () => mkdtempSync(path.join(tmpdir(), 'speedway-closed-'));
const cleanups: (() => void)[] = [];
afterAll(() => cleanups.forEach((c) => c()));
function tempDir(make = closed) {
  const dir = make();
  cleanups.push(() => {
    rmSync(dir, { recursive: true, force: true });
    rmSync(systemHomeFor(dir), { recursive: true, force: true });
  });
  return dir;
}

const logs: string[] = [];
const log = {
  info: (m: string) => logs.push(m),
  warn: (m: string) => logs.push(m),
  debug: () => {},
};

async function query(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

const pidOf = (clusterDir: string) =>
  Number(readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('the embedded PostgreSQL in a folder the postgres user cannot enter', () => {
  it('starts, keeping the cluster where PostgreSQL can reach it and saying where', async () => {
    const dataDir = path.join(tempDir(), 'data');
    const db = await startEmbeddedPostgres({ dataDir, log, persistent: false });
    try {
      expect(await query(db.url(), 'SELECT 1 AS ok')).toEqual([{ ok: 1 }]);
      const clusterDir = clusterDirFor(dataDir, postgresSystemUser({ create: false }));
      expect(existsSync(path.join(clusterDir, 'PG_VERSION'))).toBe(true);
      if (isRoot()) {
        expect(clusterDir).toBe(path.join(systemHomeFor(dataDir), 'pg'));
        expect(readFileSync(path.join(systemHomeFor(dataDir), 'data-dir'), 'utf8').trim()).toBe(
          dataDir,
        );
        expect(logs.join('\n')).toContain(`kept in ${clusterDir}`);
      } else {
        // Not root: PostgreSQL runs as this user, who owns DATA_DIR.
        expect(clusterDir).toBe(path.join(dataDir, 'pg'));
      }
    } finally {
      await db.stop();
    }
    // A throw-away cluster (persistent: false) leaves nothing behind, wherever it was.
    expect(existsSync(systemHomeFor(dataDir))).toBe(false);
  });

  it('keeps the cluster in DATA_DIR/pg when PostgreSQL can enter DATA_DIR', async () => {
    const dataDir = tempDir();
    chmodSync(dataDir, 0o755);
    const db = await startEmbeddedPostgres({ dataDir, log, persistent: false });
    try {
      expect(existsSync(path.join(dataDir, 'pg', 'PG_VERSION'))).toBe(true);
      expect(existsSync(systemHomeFor(dataDir))).toBe(false);
    } finally {
      await db.stop();
    }
  });

  it('runs PostgreSQL from a reachable copy when its binaries sit in a closed folder', () => {
    const runAs = postgresSystemUser({ create: true });
    if (!runAs) {
      // Not root: PostgreSQL runs as this user, from node_modules as installed.
      expect(
        canRun(packagedBinaries().postgres, { uid: process.getuid!(), gid: process.getgid!() }),
      ).toBe(true);
      return;
    }
    const installed = packagedBinaries();
    // A clone under /root: the same files (hard links), behind a folder only root can enter.
    const clone = tempDir();
    execFileSync('cp', ['-al', installed.dir, path.join(clone, 'native')]);
    const inClone = {
      ...installed,
      dir: path.join(clone, 'native'),
      postgres: path.join(clone, 'native', 'bin', path.basename(installed.postgres)),
      initdb: path.join(clone, 'native', 'bin', path.basename(installed.initdb)),
    };
    expect(canRun(inClone.postgres, runAs)).toBe(false);
    const systemDir = tempDir();
    const messages: string[] = [];
    const usable = binariesRunnableBy(inClone, runAs, { info: (m) => messages.push(m) }, systemDir);
    expect(usable.dir).toBe(path.join(systemDir, `postgresql-${installed.id}`));
    expect(canRun(usable.postgres, runAs)).toBe(true);
    expect(canRun(usable.initdb, runAs)).toBe(true);
    expect(messages.join('\n')).toContain(`cannot reach ${inClone.dir}`);
    // The copy is made once and reused.
    expect(binariesRunnableBy(inClone, runAs, log, systemDir)).toEqual(usable);
  });

  describe('the real server on a closed DATA_DIR', () => {
    const dataDir = tempDir();
    let server: ServerProcess | undefined;
    afterAll(async () => {
      if (server && server.child.exitCode === null) {
        server.child.kill('SIGTERM');
        await server.stopped;
      }
    });

    it('serves, lets tools attach, takes over after SIGKILL and stops cleanly', async () => {
      server = await startServerProcess({ DATA_DIR: dataDir });
      const clusterDir = clusterDirFor(dataDir, postgresSystemUser({ create: false }));
      if (isRoot()) expect(clusterDir.startsWith(systemHomeFor(dataDir))).toBe(true);

      // A command-line tool finds the running server's PostgreSQL the same way.
      const attached = runningEmbeddedUrl(dataDir);
      expect(attached).toBeDefined();
      expect(await query(attached!, 'SELECT count(*)::int AS n FROM users')).toEqual([{ n: 0 }]);

      // SIGKILL leaves PostgreSQL running; the next start stops it cleanly and starts its own.
      server.child.kill('SIGKILL');
      await server.stopped;
      const orphan = pidOf(clusterDir);
      expect(alive(orphan)).toBe(true);
      server = await startServerProcess({ DATA_DIR: dataDir });
      expect(alive(orphan)).toBe(false);
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);

      server.child.kill('SIGTERM');
      expect(await server.stopped).toBe(0);
      expect(existsSync(path.join(clusterDir, 'postmaster.pid'))).toBe(false);
    }, 120_000);
  });
});
