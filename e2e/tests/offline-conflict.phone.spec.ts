import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import type { Match } from '@speedway/contracts';
import { signInThroughForm } from '../support/accounts';
import { scanScreen } from '../support/axe';
import { goOffline, goOnline, unsyncedBadge } from '../support/network';
import {
  finishedOfficialMatch,
  placesOf,
  prepareProtocol,
  registerHeat,
} from '../support/protocol';
import { signedInNewUser } from '../support/signed-in';

// ADR 010 WP6 spec 3 (phone project): one user on two devices registers the same heat, one of
// them offline. The offline one is told of the conflict when it is back and chooses a version.

// Its conflict dialog is scanned for accessibility: judged at rest.
test.use({ reducedMotion: 'reduce' });

const MINE = [1, 2, 3, 4];
const THEIRS = [4, 3, 2, 1];

test('two devices save the same heat: the offline one chooses its own version, then the server’s', async ({
  page: a,
  context,
  browser,
  request,
}, info) => {
  // Two minutes here alone; the conflict dialog's accessibility scan adds about one.
  test.setTimeout(240_000);
  const api = await signedInNewUser(a, request, 'offline-two', info);
  const match = await prepareProtocol(api, await finishedOfficialMatch(api), 0);
  const b = await (await browser.newContext()).newPage();
  await signInThroughForm(b, api.email);
  await expect(b).toHaveURL(/\/$/);
  const serverHeat = async (n: number) =>
    (await api.call<Match>('GET', `/api/matches/${match.id}`)).heats.find(
      (h) => h.heat_number === n,
    )!;

  /** A saves heat n offline, B saves it online; A back online finds the conflict and opens it. */
  const conflictOn = async (n: number) => {
    await expect(a.getByLabel(`Heat ${n} av 15`)).toBeVisible();
    await goOffline(context);
    await registerHeat(a, n, MINE);
    await expect(a.getByText('Väntar på nätet')).toHaveCount(1);
    await b.goto(`/match/${match.id}`);
    await registerHeat(b, n, THEIRS);
    expect(placesOf(await serverHeat(n))).toEqual(THEIRS);

    await goOnline(context);
    await expect(unsyncedBadge(a, 1)).toHaveText('1 osynkade');
    // Announced, and the carousel, moved on to the next heat, is back at heat n.
    const news = a.locator('[data-sonner-toast]', {
      hasText: `Heat ${n}: Konflikt – välj version`,
    });
    await expect(news).toBeVisible({ timeout: 20_000 });
    await expect(a.getByLabel(`Heat ${n} av 15`)).toBeVisible();
    await expect(a.getByRole('button', { name: 'Konflikt – välj version' })).toBeVisible();
    // The toast's action opens the choice.
    await news.getByRole('button', { name: 'Välj version' }).click();
    const dialog = a.getByRole('dialog');
    await expect(dialog.getByText('Din version')).toBeVisible();
    await expect(dialog.getByText('På servern')).toBeVisible();
    await a.screenshot({ path: `artifacts/screens/offline-conflict-${info.project.name}.png` });
    // Nothing in it is cut or drawn past its box: names whole, '4:e · 0 p' and the buttons' words
    // inside their boxes.
    expect(
      await dialog.evaluate((root) =>
        [...root.querySelectorAll<HTMLElement>('li, li > span, button, section')]
          .filter((el) => el.scrollWidth > el.clientWidth + 1)
          .map((el) => el.textContent),
      ),
    ).toEqual([]);
    if (n === 1) await scanScreen(a, 'conflict dialog');
    return dialog;
  };
  const synced = async (page: Page) => {
    await expect(unsyncedBadge(page)).toHaveCount(0, { timeout: 20_000 });
    await expect(page.getByText('Väntar på nätet')).toHaveCount(0);
    await expect(page.getByText('Konflikt – välj version')).toHaveCount(0);
  };

  await a.goto(`/match/${match.id}`);
  await expect(a.getByText('0/15 Heat komplett')).toBeVisible();
  const first = await conflictOn(1);
  await first.getByRole('button', { name: 'Behåll min version' }).click();
  await synced(a);
  await expect.poll(async () => placesOf(await serverHeat(1))).toEqual(MINE);
  await expect(a.getByText('1/15 Heat komplett')).toBeVisible();

  // The same page goes on: a reload right after the sync can restore the cache row written
  // before it (the row follows the cache by 1 s; pagehide does not wait for IndexedDB).
  await a.getByRole('button', { name: 'Nästa heat' }).click();
  const second = await conflictOn(2);
  await second.getByRole('button', { name: 'Använd serverns version' }).click();
  await synced(a);
  expect(placesOf(await serverHeat(2))).toEqual(THEIRS);
  // A shows the server's heat 2: the server's score.
  const server = await api.call<Match>('GET', `/api/matches/${match.id}`);
  await expect(a.getByLabel(`Ställning ${server.home_score}–${server.away_score}`)).toBeVisible();
  await b.context().close();
});
