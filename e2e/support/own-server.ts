import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { completeTutorials, PASSWORD, signInThroughForm, uniqueEmail } from './accounts';
import { createUserByCli } from './admins';
import { startCutProxy, type CutProxy } from './cut-proxy';
import { untilControlled, untilQueriesPersisted } from './network';
import { freePort } from './ports';
import { apiAs, prepareProtocol, walkableOfficialMatch } from './protocol';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const serverJs = path.join(root, 'apps/server/dist/server.js');

/**
 * ADR 010 WP6: the built app on a database and port of its own, behind a proxy that is the
 * browser's origin. The server can be killed with SIGKILL and started again on the same data and
 * port while the origin (its service worker, its IndexedDB) stays; the shared server never notices.
 */
export type OwnServer = {
  /** The proxy's address: the origin the browser and the API calls use. */
  url: string;
  proxy: CutProxy;
  /** A verified user made the documented way (the server's CLI), guides seen. */
  createUser: (
    request: APIRequestContext,
    info: TestInfo,
    name: string,
    role?: 'user' | 'club_admin' | 'super_admin',
  ) => Promise<string>;
  /** kill -9: no drain, no PostgreSQL shutdown (the next start takes it over). */
  kill: () => Promise<void>;
  /** Starts the server again on the same DATA_DIR and port; resolves once /api/health answers. */
  start: () => Promise<void>;
  stop: () => Promise<void>;
};

/** `env`: settings of this server beyond the defaults (e.g. an official source). */
export async function startOwnServer(
  options: { env?: Record<string, string> } = {},
): Promise<OwnServer> {
  const dir = mkdtempSync(path.join(tmpdir(), 'speedway-own-'));
  // The embedded PostgreSQL runs as its own system user, who must reach its data directory.
  chmodSync(dir, 0o755);
  const dataDir = path.join(dir, 'data');
  const port = await freePort();
  const proxy = await startCutProxy(port);
  const env = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    APP_URL: proxy.url,
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    SMTP_URL: '',
    INIT_CWD: root,
    TRUST_PROXY: 'loopback',
    ...options.env,
  };
  let child: ChildProcess | undefined;
  let exited: Promise<unknown> = Promise.resolve();

  const start = async () => {
    const started = spawn(process.execPath, [serverJs], {
      cwd: root,
      env,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child = started;
    exited = new Promise((resolve) => started.once('exit', resolve));
    await expect
      .poll(
        async () => {
          if (started.exitCode !== null) throw new Error(`Server exited with ${started.exitCode}`);
          return fetch(`http://localhost:${port}/api/health`).then(
            (reply) => reply.ok,
            () => false,
          );
        },
        { timeout: 60_000 },
      )
      .toBe(true);
  };
  const halt = async (signal: NodeJS.Signals) => {
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    child.kill(signal);
    await exited;
  };
  await start();

  return {
    url: proxy.url,
    proxy,
    createUser: async (request, info, name, role = 'user') => {
      const email = uniqueEmail(info, name);
      createUserByCli(
        email,
        role,
        { ...env, PORT: '' },
        role === 'club_admin' ? 'indianerna' : undefined,
      );
      await completeTutorials(request, email);
      return email;
    },
    kill: () => halt('SIGKILL'),
    start,
    stop: async () => {
      // A server started after a kill owns the PostgreSQL it took over and stops it.
      await halt('SIGTERM');
      await proxy.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Tests on an own server (one per worker), the browser and `request` at its proxy. */
export const onOwnServer = test.extend<object, { own: OwnServer }>({
  own: [
    // Playwright reads what a fixture needs from this pattern: nothing.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const server = await startOwnServer();
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ own }, use) => use(own.url),
});

/**
 * A new user of `own`, signed in on `page`, with a protocol started from a demo match the heat
 * dialog can register as ridden, opened once online until the service worker controls the page
 * and the protocol is kept on the device: where every offline walkthrough starts.
 */
export async function openProtocolForOffline(
  own: OwnServer,
  page: Page,
  request: APIRequestContext,
  info: TestInfo,
  name: string,
) {
  const email = await own.createUser(request, info, name);
  const api = await apiAs(request, email, PASSWORD);
  await signInThroughForm(page, email);
  await expect(page).toHaveURL(/\/$/);
  const official = await walkableOfficialMatch(api);
  const match = await prepareProtocol(api, official, 0);
  await page.goto(`/match/${match.id}`);
  await expect(page.getByText('0/15 Heat komplett')).toBeVisible();
  await untilControlled(page);
  await untilQueriesPersisted(page, ['matches', match.id]);
  return { api, official, heats: official.result!.heats!, match };
}
