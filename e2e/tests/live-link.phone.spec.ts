import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import type { LiveLinkState } from '@speedway/contracts';
import { freePort } from '../support/ports';
import {
  placesOf,
  prepareProtocol,
  registerHeat,
  walkableOfficialMatch,
} from '../support/protocol';
import { signedInNewUser } from '../support/signed-in';

// The live link with two app instances on one database: the owner saves heats through the shared
// server (A); a phone in the stand follows the live link on a second server process (B) on the
// same PostgreSQL. What reaches B goes through NOTIFY only (ADR 012).

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The URL of the shared server's embedded PostgreSQL (as the server's own runningEmbeddedUrl). */
function sharedDatabaseUrl(): string {
  const dataDir = process.env.E2E_DATA_DIR!;
  const password = readFileSync(path.join(dataDir, 'pg-password'), 'utf8').trim();
  const port = readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[3];
  return `postgres://speedway:${encodeURIComponent(password)}@127.0.0.1:${port}/speedway`;
}

/**
 * Instance B: the built server on the shared database (and DATA_DIR, for the same APP_SECRET),
 * configured as a second instance behind the same address is: the same public URL and the same
 * SMTP server. It runs the job workers as every instance does: without a mail server it could take
 * the verification mail of a test running beside this one and only write it to its log.
 */
async function startSecondInstance(): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const child: ChildProcess = spawn(
    process.execPath,
    [path.join(root, 'apps/server/dist/server.js')],
    {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: process.env.E2E_DATA_DIR,
        DATABASE_URL: sharedDatabaseUrl(),
        APP_URL: process.env.E2E_BASE_URL,
        SMTP_URL: process.env.E2E_SMTP_URL,
        DEMO_DATA: 'false',
        LOG_LEVEL: 'warn',
        INIT_CWD: root,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  await expect
    .poll(
      async () => {
        if (child.exitCode !== null) throw new Error(`Server B exited with ${child.exitCode}`);
        return fetch(`${url}/api/health`).then(
          (reply) => reply.ok,
          () => false,
        );
      },
      { timeout: 60_000 },
    )
    .toBe(true);
  return {
    url,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

test('a heat saved on one instance reaches the live link on the other within 2 s', async ({
  page,
  browser,
  request,
}, info) => {
  // A second server process starts (up to a minute on a loaded runner) before the walk begins.
  test.setTimeout(240_000);
  const api = await signedInNewUser(page, request, 'live-link', info);
  const b = await startSecondInstance();
  try {
    const official = await walkableOfficialMatch(api);
    const match = await prepareProtocol(api, official, 0);
    const heats = official.result!.heats!;
    await page.goto(`/match/${match.id}`);
    await expect(page.getByText('0/15 Heat komplett')).toBeVisible();

    // 'Dela live' → 'Skapa länk': the dialog shows the link and its QR code.
    await page.getByRole('button', { name: 'Dela live' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Dela live' });
    await dialog.getByRole('button', { name: 'Skapa länk' }).click();
    await expect(dialog.getByRole('img', { name: 'QR-kod för länken' })).toBeVisible();
    await page.screenshot({ path: 'artifacts/screens/live-share-dialog-390.png' });
    const link = await dialog.getByRole('textbox', { name: 'Länk' }).inputValue();
    const { token } = (await api.call<LiveLinkState>('GET', `/api/matches/${match.id}/live-link`))
      .link!;
    expect(link).toContain(`/live/${token}`);
    await page.keyboard.press('Escape');

    // The stand: another browser, on instance B, not signed in.
    const stand = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      locale: 'sv-SE',
      timezoneId: 'Europe/Stockholm',
    });
    const viewer = await stand.newPage();
    await viewer.goto(`${b.url}/live/${token}`);
    await expect(viewer.getByRole('status').filter({ hasText: /^Live$/ })).toBeVisible();
    await expect(viewer.getByText('Heat 0 av 15', { exact: false })).toBeVisible();

    for (const heat of heats.slice(0, 3)) {
      const n = heat.heat_number;
      await registerHeat(page, n, placesOf(heat));
      // From the owner's screen showing the heat saved to the stand showing it: within 2 s.
      await expect(viewer.getByTestId(`live-heat-${n}`)).toBeVisible({ timeout: 2000 });
      await expect(viewer.getByText(`Heat ${n} av 15`, { exact: false })).toBeVisible({
        timeout: 2000,
      });
      // The last heat on top.
      await expect(viewer.locator('[data-testid^="live-heat-"]').first()).toHaveAttribute(
        'data-testid',
        `live-heat-${n}`,
      );
    }
    const saved = await api.call<{ home_score: number; away_score: number }>(
      'GET',
      `/api/matches/${match.id}`,
    );
    await expect(viewer.getByRole('main')).toContainText(
      `Ställning: ${match.home_team} ${saved.home_score}, ${match.away_team} ${saved.away_score}`,
    );
    await viewer.screenshot({ path: 'artifacts/screens/live-link-390.png', fullPage: true });
    await viewer.setViewportSize({ width: 1280, height: 800 });
    await viewer.screenshot({ path: 'artifacts/screens/live-link-1280.png', fullPage: true });

    // 'Sluta dela': the stand is told at once.
    await page.getByRole('button', { name: 'Dela live' }).first().click();
    await dialog.getByRole('button', { name: 'Sluta dela' }).click();
    await expect(dialog.getByText('Protokollet delas inte just nu.')).toBeVisible();
    await expect(viewer.getByRole('heading', { name: 'Länken är inte giltig längre' })).toBeVisible(
      {
        timeout: 2000,
      },
    );
    await viewer.screenshot({ path: 'artifacts/screens/live-link-gone-1280.png' });
    await stand.close();
  } finally {
    await b.stop();
  }
});
