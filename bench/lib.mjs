import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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
 */
export async function startBuiltServer(envOverrides = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'speedway-bench-'));
  chmodSync(dataDir, 0o755);
  const port = await freePort();
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
    cli: run,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
