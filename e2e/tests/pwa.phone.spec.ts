import { execFileSync, spawn } from 'node:child_process';
import { appendFileSync, chmodSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { PASSWORD, signInThroughForm, uniqueEmail } from '../support/accounts';
import { freePort } from '../support/ports';
import { apiAs, finishedOfficialMatch, prepareProtocol } from '../support/protocol';
import { signedInNewUser } from '../support/signed-in';

// ADR 010 §1: the service worker keeps the build, so the app starts without a network once it
// has been visited; a new build waits for 'Ladda om'; the app is installable.

const PROMPT = 'Ny version finns – ladda om';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Where the first install has got to, in words (so that a failure says it). */
function workerState(page: Page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    const shells = (await caches.keys()).filter((name) => name.startsWith('speedway-shell-'));
    const worker = registration?.active ?? registration?.installing;
    const controlled = navigator.serviceWorker.controller ? 'controlled' : 'uncontrolled';
    return `${controlled}, worker ${worker?.state ?? 'none'}, ${shells.length} shell cache(s)`;
  });
}

/** After the first visit: the worker is installed (every file cached) and controls the page. */
async function untilControlled(page: Page) {
  // The first visit downloads the whole build, from a server that may be busy starting.
  await expect.poll(() => workerState(page), { timeout: 45_000 }).toMatch(/worker activated/);
  // A page still loading when the install finished is no client yet, so the worker's claim()
  // passes it by; loaded again, it is the worker's.
  if ((await workerState(page)).startsWith('uncontrolled')) await page.reload();
  await expect.poll(() => workerState(page)).toBe('controlled, worker activated, 1 shell cache(s)');
}

/** A page opened offline: the app's header from the cache, never the browser's error page. */
async function openOffline(context: BrowserContext, address: string) {
  const page = await context.newPage();
  const response = await page.goto(address);
  expect(response?.status(), address).toBe(200);
  expect(response?.fromServiceWorker(), address).toBe(true);
  await expect(page.getByRole('banner').getByText('Speedway Elitserien')).toBeVisible();
  return page;
}

test('after one visit the app starts offline: home, a protocol and the saved protocols', async ({
  page,
  context,
  request,
}, info) => {
  const api = await signedInNewUser(page, request, 'pwa-offline', info);
  const match = await prepareProtocol(api, await finishedOfficialMatch(api), 3);
  await untilControlled(page);

  await context.setOffline(true);
  await page.close();
  for (const address of ['/', `/match/${match.id}`, '/my-matches/saved-protocols']) {
    const offline = await openOffline(context, address);
    // The signed-in shell, with the phone's bottom bar.
    await expect(offline.getByRole('navigation', { name: 'Snabbmeny' })).toBeVisible();
    await offline.close();
  }
  await context.setOffline(false);
});

test('installable: the manifest names PNG icons of the sizes they are', async ({
  page,
  request,
}) => {
  const manifest = (await (await request.get('/manifest.webmanifest')).json()) as {
    icons: { src: string; sizes: string; type: string; purpose: string }[];
  };
  const icons = manifest.icons.map(({ src, sizes }) => ({ src, sizes }));
  await page.goto('/auth');
  const touch = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
  icons.push({ src: touch ?? '', sizes: '180x180' });
  expect(icons.map((icon) => icon.src)).toEqual([
    '/icon-192.png',
    '/icon-512.png',
    '/icon-maskable-512.png',
    '/apple-touch-icon.png',
  ]);
  for (const icon of icons) {
    const reply = await request.get(icon.src);
    expect(reply.headers()['content-type']).toBe('image/png');
    const png = await reply.body();
    expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`, icon.src).toBe(icon.sizes);
  }
});

type CopyServer = { url: string; dataDir: string; swFile: string };

/**
 * The app served from a copy of the build, on a database of its own, so that the test can change
 * the copy's sw.js the way a deploy would (Playwright's routing does not see a worker's update
 * check). Without the compressed copies of sw.js, the server sends the file as it is now.
 */
async function startCopyServer(): Promise<CopyServer & { stop: () => Promise<void> }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'speedway-pwa-'));
  // The embedded PostgreSQL runs as its own system user, who must reach its data directory.
  chmodSync(dir, 0o755);
  const webDist = path.join(dir, 'web');
  cpSync(path.join(root, 'apps/web/dist'), webDist, { recursive: true });
  rmSync(path.join(webDist, 'sw.js.br'));
  rmSync(path.join(webDist, 'sw.js.gz'), { force: true });
  const dataDir = path.join(dir, 'data');
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/server.js')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      WEB_DIST: webDist,
      APP_URL: url,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      SMTP_URL: '',
      TRUST_PROXY: 'loopback',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await expect
    .poll(
      () =>
        fetch(`${url}/api/health`).then(
          (reply) => reply.ok,
          () => false,
        ),
      {
        timeout: 60_000,
      },
    )
    .toBe(true);
  return {
    url,
    dataDir,
    swFile: path.join(webDist, 'sw.js'),
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const onCopy = test.extend<object, { copy: CopyServer }>({
  copy: [
    // Playwright reads what a fixture needs from this pattern: nothing.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const server = await startCopyServer();
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ copy }, use) => use(copy.url),
});

onCopy(
  "a new version waits, is not offered over the heat dialog, and 'Ladda om' starts it",
  async ({ page, request, copy }, info) => {
    // A verified user the documented way (the server's CLI), on the copy's database.
    const email = uniqueEmail(info, 'pwa-update');
    execFileSync(
      process.execPath,
      ['apps/server/dist/cli.js', 'create-user', '--email', email, '--password', PASSWORD],
      {
        cwd: root,
        env: { ...process.env, DATA_DIR: copy.dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
        stdio: 'pipe',
      },
    );
    const api = await apiAs(request, email, PASSWORD);
    const match = await prepareProtocol(api, await finishedOfficialMatch(api), 0);
    await signInThroughForm(page, email);
    await expect(page).toHaveURL(/\/$/);
    await page.goto(`/match/${match.id}`);
    await untilControlled(page);

    // The next build: the same worker with other bytes, and a way to tell which one answers.
    appendFileSync(
      copy.swFile,
      `
self.addEventListener('fetch', (event) => {
  if (new URL(event.request.url).pathname === '/__e2e-version')
    event.respondWith(new Response('next'));
});`,
    );
    await page.getByRole('button', { name: 'Registrera heat' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await page.evaluate(async () => (await navigator.serviceWorker.ready).update());
    await expect
      .poll(() =>
        page.evaluate(async () => (await navigator.serviceWorker.ready).waiting?.state ?? 'none'),
      )
      .toBe('installed');
    await expect(page.getByText(PROMPT)).toBeHidden();

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    const prompt = page.getByRole('status').filter({ hasText: PROMPT });
    await expect(prompt).toBeVisible();
    const reloaded = page.waitForEvent('load');
    await prompt.getByRole('button', { name: 'Ladda om' }).click();
    await reloaded;
    await expect(page.getByRole('button', { name: 'Registrera heat' })).toBeVisible();
    await expect(page.getByText(PROMPT)).toBeHidden();
    expect(await page.evaluate(() => fetch('/__e2e-version').then((reply) => reply.text()))).toBe(
      'next',
    );
  },
);
