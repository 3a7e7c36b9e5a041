import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { PostgresBinaries } from './postgres-binaries';
import type { RunAs } from './postgres-user';

type Log = { debug: (msg: string) => void };

// English server messages whatever the machine's locale, so that logs read the same everywhere.
const env = () => ({ ...process.env, LC_MESSAGES: 'C' });

function logLines(log: Log, chunk: Buffer) {
  for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) log.debug(line.trim());
}

/** Creates a cluster with one password-protected superuser (`initdb`), owned by `runAs`. */
export async function initCluster(options: {
  binaries: PostgresBinaries;
  clusterDir: string;
  user: string;
  password: string;
  runAs: RunAs | undefined;
  log: Log;
}): Promise<void> {
  const { binaries, clusterDir, runAs, log } = options;
  mkdirSync(clusterDir, { recursive: true, mode: 0o700 });
  // initdb reads the password from a file that its user must be able to open.
  const pwfile = path.join(path.dirname(clusterDir), `.initdb-${randomBytes(6).toString('hex')}`);
  writeFileSync(pwfile, `${options.password}\n`, { mode: 0o600 });
  if (runAs) {
    chownSync(clusterDir, runAs.uid, runAs.gid);
    chownSync(pwfile, runAs.uid, runAs.gid);
  }
  try {
    const child = spawn(
      binaries.initdb,
      [
        `--pgdata=${clusterDir}`,
        '--auth=scram-sha-256',
        `--username=${options.user}`,
        `--pwfile=${pwfile}`,
        '--encoding=UTF8',
        '--lc-messages=C',
      ],
      { ...runAs, env: env(), stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    const collect = (chunk: Buffer) => {
      output = (output + chunk.toString('utf8')).slice(-4000);
      logLines(log, chunk);
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    const code = await new Promise<number | null>((resolve, reject) => {
      child.once('error', reject);
      child.once('close', resolve);
    });
    if (code !== 0) throw new Error(`initdb failed (exit ${code}): ${output.trim()}`);
  } finally {
    rmSync(pwfile, { force: true });
  }
}

export type PostgresServer = {
  pid: number;
  /** Fast shutdown (SIGINT): open transactions roll back, committed data is kept. */
  stop: () => Promise<void>;
};

/**
 * Starts `postgres` on the cluster, listening on loopback `port` only, and waits until it
 * accepts connections. It runs in its own process group: a Ctrl-C in the terminal reaches the
 * server alone, which drains its requests before it stops PostgreSQL. Should the owner exit
 * without stopping it, PostgreSQL gets its fast-shutdown signal on the way out; an owner killed
 * with SIGKILL leaves it running, and the next start takes it over (postmaster.pid).
 */
export async function startPostgres(options: {
  binaries: PostgresBinaries;
  clusterDir: string;
  port: number;
  runAs: RunAs | undefined;
  log: Log;
}): Promise<PostgresServer> {
  const { clusterDir, log } = options;
  const child = spawn(
    options.binaries.postgres,
    [
      '-D',
      clusterDir,
      '-p',
      String(options.port),
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
    ],
    { ...options.runAs, env: env(), detached: true, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let output = '';
  child.stderr.on('data', (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-4000);
    logLines(log, chunk);
  });
  let spawnError: Error | undefined;
  child.once('error', (err) => (spawnError = err));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const running = () => child.exitCode === null && child.signalCode === null && !spawnError;
  const stopOnExit = () => {
    if (running() && child.pid) process.kill(child.pid, 'SIGINT');
  };
  process.on('exit', stopOnExit);

  const until = Date.now() + 60_000;
  while (!isReady(clusterDir, child.pid)) {
    if (!running() || Date.now() > until) {
      stopOnExit();
      process.off('exit', stopOnExit);
      const why = spawnError?.message ?? output.trim();
      throw new Error(
        running() ? `PostgreSQL did not start within 60 s: ${why}` : `PostgreSQL exited: ${why}`,
      );
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    pid: child.pid!,
    stop: async () => {
      process.off('exit', stopOnExit);
      if (!running()) return;
      child.kill('SIGINT');
      await exited;
    },
  };
}

/** PostgreSQL marks its pid file "ready" once it accepts connections (any locale). */
function isReady(clusterDir: string, pid: number | undefined): boolean {
  try {
    const lines = readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n');
    return Number(lines[0]) === pid && lines[7]?.trim() === 'ready';
  } catch {
    return false;
  }
}
