import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clusterDirFor, systemHomeFor } from '../src/db/cluster-location';
import { freePort } from '../src/db/embedded';
import { postgresSystemUser } from '../src/db/postgres-user';

// `npm start` and `npm run serve` as an operator runs them: npm → sh → the server, which starts
// PostgreSQL. A signal to the npm process (kill -TERM, a process manager) or to the terminal's
// process group (Ctrl-C) must stop all of it: the server drains, PostgreSQL stops, npm exits 0.

const root = path.resolve(import.meta.dirname, '../../..');
const rootScripts = (
  JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  }
).scripts;

// Every folder here is made with mkdtemp (mode 700): as root, PostgreSQL cannot enter them.
const typedIn = mkdtempSync(path.join(tmpdir(), 'speedway-npm-'));
const dataDir = path.join(typedIn, 'data');
// `npm start` with its build step stubbed (a web build per test would be slow): the start
// script exactly as package.json has it, in a folder that sees the repository's apps/ and
// node_modules/, so that the server it runs is the one just built.
const withoutBuild = mkdtempSync(path.join(tmpdir(), 'speedway-npm-start-'));
afterAll(() => {
  for (const dir of [typedIn, withoutBuild]) rmSync(dir, { recursive: true, force: true });
  rmSync(systemHomeFor(dataDir), { recursive: true, force: true });
});

beforeAll(() => {
  // The server bundle that `serve` and `start` run, built from the current source (esbuild).
  execFileSync(process.execPath, ['build.mjs'], { cwd: path.join(root, 'apps/server') });
  writeFileSync(
    path.join(withoutBuild, 'package.json'),
    JSON.stringify({
      name: 'start-without-build',
      private: true,
      scripts: { build: 'true', start: rootScripts.start },
    }),
  );
  for (const dir of ['apps', 'node_modules']) {
    symlinkSync(path.join(root, dir), path.join(withoutBuild, dir));
  }
  mkdirSync(dataDir);
}, 60_000);

type Npm = {
  child: ChildProcess;
  port: number;
  exit: Promise<number | null>;
  output: () => string;
};

/** Runs `npm ARGS` typed in `cwd`, and waits for the server it starts to answer. */
async function npmServer(args: string[], cwd: string, env: Record<string, string>): Promise<Npm> {
  const port = await freePort();
  const child = spawn('npm', args, {
    cwd,
    // Its own process group, as a shell gives a foreground job: Ctrl-C is sent to the group.
    detached: true,
    env: { ...process.env, PORT: String(port), DEMO_DATA: 'off', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const until = Date.now() + 90_000;
  while (!(await health(port))) {
    if (child.exitCode !== null) throw new Error(`npm exited (${child.exitCode}): ${output}`);
    if (Date.now() > until) throw new Error(`the server did not answer: ${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return { child, port, exit, output: () => output };
}

const health = (port: number) =>
  fetch(`http://127.0.0.1:${port}/api/health`).then(
    (r) => r.ok,
    () => false,
  );

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** The server's and its PostgreSQL's pids, from the files they keep. */
function processesOf(dir: string) {
  const clusterDir = clusterDirFor(dir, postgresSystemUser({ create: false }));
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  return {
    server: Number(readFileSync(path.join(dir, 'server.pid'), 'utf8')),
    postgres: Number(readFileSync(pidFile, 'utf8').split('\n')[0]),
    pidFile,
  };
}

async function expectEverythingStopped(npm: Npm, before: ReturnType<typeof processesOf>) {
  const code = await Promise.race([
    npm.exit,
    new Promise<'still running'>((r) => setTimeout(() => r('still running'), 30_000)),
  ]);
  expect(code, npm.output()).toBe(0);
  expect(alive(before.server)).toBe(false);
  expect(alive(before.postgres)).toBe(false);
  expect(existsSync(before.pidFile)).toBe(false);
  expect(existsSync(path.join(dataDir, 'server.pid'))).toBe(false);
  expect(await health(npm.port)).toBe(false);
}

describe('signals to npm stop the server and its PostgreSQL', () => {
  let running: Npm | undefined;
  afterAll(async () => {
    // A failed test must not leave a server, nor its PostgreSQL (a group of its own), behind.
    if (running && running.child.exitCode === null) {
      process.kill(-running.child.pid!, 'SIGTERM');
      await Promise.race([running.exit, new Promise((r) => setTimeout(r, 20_000))]);
    }
    const pidFile = path.join(
      clusterDirFor(dataDir, postgresSystemUser({ create: false })),
      'postmaster.pid',
    );
    const pid = existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8').split('\n')[0]) : 0;
    if (pid > 0 && alive(pid)) process.kill(pid, 'SIGINT');
  });

  it('npm run serve, kill -TERM npm (and a tool typed in the same folder reaches its database)', async () => {
    // Typed in another folder (--prefix), with a DATA_DIR relative to that folder.
    const env = { DATA_DIR: path.relative(typedIn, dataDir) };
    running = await npmServer(['--prefix', root, 'run', 'serve'], typedIn, env);
    const { stdout } = await promisify(execFile)(
      'npm',
      [
        '--prefix',
        root,
        'run',
        'create-user',
        '--',
        '--email',
        'drift@example.se',
        '--password',
        'ett långt lösenord',
      ],
      { cwd: typedIn, env: { ...process.env, ...env, LOG_LEVEL: 'warn' } },
    );
    expect(stdout).toContain('Created user drift@example.se');
    expect(stdout).toContain(`the running server's embedded PostgreSQL of DATA_DIR ${dataDir}`);
    const login = await fetch(`http://127.0.0.1:${running.port}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'drift@example.se', password: 'ett långt lösenord' }),
    });
    expect(login.status).toBe(200);

    const before = processesOf(dataDir);
    running.child.kill('SIGTERM');
    await expectEverythingStopped(running, before);
  }, 180_000);

  it('npm run serve, kill -INT npm', async () => {
    running = await npmServer(['run', 'serve'], root, { DATA_DIR: dataDir });
    const before = processesOf(dataDir);
    running.child.kill('SIGINT');
    await expectEverythingStopped(running, before);
  }, 120_000);

  it('npm start, kill -TERM npm', async () => {
    running = await npmServer(['start'], withoutBuild, { DATA_DIR: dataDir });
    const before = processesOf(dataDir);
    running.child.kill('SIGTERM');
    await expectEverythingStopped(running, before);
  }, 120_000);

  it('npm start, Ctrl-C (SIGINT to the whole foreground process group)', async () => {
    running = await npmServer(['start'], withoutBuild, { DATA_DIR: dataDir });
    const before = processesOf(dataDir);
    process.kill(-running.child.pid!, 'SIGINT');
    await expectEverythingStopped(running, before);
  }, 120_000);
});
