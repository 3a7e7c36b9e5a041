import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/**
 * The built server on its own embedded PostgreSQL (demo season) in a temporary DATA_DIR.
 * `envOverrides` changes the server's environment (a value of undefined removes a variable).
 * With `probe`, the server watches its own event loop and times its requests
 * (bench/loop-probe.mjs): `server.probeFile` holds what it saw once it has stopped.
 */
export async function startBuiltServer(envOverrides = {}, { probe = false } = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'speedway-bench-'));
  chmodSync(dataDir, 0o755);
  const port = await freePort();
  const probeFile = probe
    ? path.join(mkdtempSync(path.join(tmpdir(), 'speedway-probe-')), 'server.json')
    : null;
  if (probeFile) {
    const preload = `--import=${pathToFileURL(path.join(root, 'bench/loop-probe.mjs')).href}`;
    envOverrides = {
      ...envOverrides,
      LOOP_PROBE_FILE: probeFile,
      NODE_OPTIONS: [process.env.NODE_OPTIONS, preload].filter(Boolean).join(' '),
    };
  }
  const env = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    INIT_CWD: root,
    // The load comes from one user and one IP: the per-user throttle would measure itself.
    API_RATE_LIMIT: '0',
    ...envOverrides,
  };
  delete env.DATABASE_URL;
  for (const [key, value] of Object.entries(env)) if (value === undefined) delete env[key];
  // BENCH_SERVER_ARGS: node options for the server, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof'.
  const nodeArgs = (process.env.BENCH_SERVER_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, 'apps/server/dist/server.js'], {
    cwd: root,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const until = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (
      await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (Date.now() > until) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 250));
  }
  const run = (args) =>
    new Promise((resolve, reject) => {
      const cli = spawn(process.execPath, ['apps/server/dist/cli.js', ...args], {
        cwd: root,
        env,
        stdio: 'inherit',
      });
      cli.on('exit', (code) =>
        code === 0 ? resolve() : reject(new Error(`cli ${args[0]} exited ${code}`)),
      );
    });
  return {
    url,
    /** The server's process id (node itself, not a shell) and its DATA_DIR. */
    pid: child.pid,
    dataDir,
    probeFile,
    cli: run,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The machine's CPU time so far from /proc/stat: idle (with I/O wait) and in all, in ticks. */
function cpuTimes() {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1);
  const ticks = fields.map(Number);
  return { idle: (ticks[3] ?? 0) + (ticks[4] ?? 0), total: ticks.reduce((a, b) => a + b, 0) };
}

/**
 * Waits until the machine is quiet before a measurement: writes out what the build (or the step
 * before) left in the page cache (`sync`; its writeback otherwise stalls PostgreSQL's commits in
 * the first figures), then until the CPUs have been at least 90 % idle for three seconds in a row,
 * at most `maxSeconds`. Returns how long it waited, for the report. On a system without
 * /proc/stat it only syncs.
 */
export async function waitForQuietMachine(maxSeconds = 60) {
  const started = Date.now();
  spawnSync('sync');
  if (!existsSync('/proc/stat')) return 0;
  let quiet = 0;
  let before = cpuTimes();
  while (quiet < 3 && Date.now() - started < maxSeconds * 1000) {
    await new Promise((r) => setTimeout(r, 1000));
    const now = cpuTimes();
    const idle = (now.idle - before.idle) / Math.max(1, now.total - before.total);
    quiet = idle >= 0.9 ? quiet + 1 : 0;
    before = now;
  }
  return (Date.now() - started) / 1000;
}

/** waitForQuietMachine, saying how long it took when it had to wait. */
export async function reportQuietWait() {
  const seconds = await waitForQuietMachine();
  if (seconds >= 4) console.log(`(waited ${seconds.toFixed(0)} s for a quiet machine first)`);
}

/** One API call with JSON in and out, as the signed-in `token` (or nobody); throws on a non-2xx. */
export async function apiCall(server, token, method, path, body) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok)
    throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.status === 204 ? null : response.json();
}

/** The p-th percentile of numbers sorted ascending (NaN for none). */
export const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;

/** Runs `work` on each item, at most `width` at a time, in order. */
export async function pool(items, width, work) {
  const queue = [...items];
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (queue.length) await work(queue.shift());
    }),
  );
}

/** A heat's results in a random order, every rider finishing: the body of a heat save. */
export function randomResults(heat) {
  const lanes = ['1', '2', '3', '4'].filter((lane) => heat.riders[lane]);
  const order = lanes.map((_, i) => i + 1).sort(() => Math.random() - 0.5);
  return lanes.map((lane, i) => ({
    rider_id: heat.riders[lane].rider_id,
    position: order[i],
    status: 'completed',
  }));
}
