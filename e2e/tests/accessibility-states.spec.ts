import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import type { MatchHeat, SaveProtocolResponse } from '@speedway/contracts';
import { scanScreen, visit } from '../support/axe';
import { finishedOfficialMatch, prepareProtocol, registerOfficialHeat } from '../support/protocol';
import { signedInNewUser } from '../support/signed-in';

// WCAG 2.2 AA in the states the route walk (accessibility.spec.ts) never holds: a
// saved match that differs from the official result, and each screen empty, loading and failed.
// The conflict dialog is scanned in offline-conflict.spec.ts, the official-data screen with its
// runs and refused pages in official-data.desktop.spec.ts.

test.use({ reducedMotion: 'reduce' });

/** Heat 15 as ridden, but with a home and an away rider's places swapped: another final score. */
function swapped(heat: MatchHeat): MatchHeat {
  const team = (riderId: string) =>
    Object.values(heat.riders).find((rider) => rider?.rider_id === riderId)?.team;
  const finished = heat.results.filter((r) => r.status === 'completed');
  const home = finished.find((r) => team(r.rider_id) === 'home')!;
  const away = finished.find((r) => team(r.rider_id) === 'away')!;
  const place = (r: (typeof heat.results)[number]) =>
    r === home ? away.position : r === away ? home.position : r.position;
  return { ...heat, results: heat.results.map((r) => ({ ...r, position: place(r) })) };
}

test('a saved match that differs from the official result, in the list and in detail', async ({
  page,
  request,
}, info) => {
  test.setTimeout(240_000);
  const api = await signedInNewUser(page, request, 'axe-avvikelse', info);
  const official = await finishedOfficialMatch(api);
  const match = await prepareProtocol(api, official, 14);
  const heat15 = official.result!.heats!.find((h) => h.heat_number === 15)!;
  await registerOfficialHeat(api, match, swapped(heat15));
  const saved = await api.call<SaveProtocolResponse>('POST', `/api/matches/${match.id}/save`, {});
  expect(saved.discrepancies.length).toBeGreaterThan(0);

  await visit(page, '/my-matches/saved-protocols');
  await expect(page.getByText('Avvikelse').first()).toBeVisible();
  await scanScreen(page, 'the saved list with a disputed match', true);
  await visit(page, `/my-matches/saved/${saved.user_match_id}`);
  await expect(page.getByText('Avvikelse').first()).toBeVisible();
  await scanScreen(page, 'a disputed saved match', true);
});

/** The lists a signed-in user's screens read. */
const LISTS = [
  '**/api/official-matches*',
  '**/api/user/matches*',
  '**/api/matches',
  '**/api/matches?*',
  '**/api/teams*',
];
const SCREENS = ['/', '/matches', '/my-matches/created-protocols', '/tabell'];

async function answerLists(page: Page, answer: 'never' | 'error') {
  for (const list of LISTS) {
    await page.route(list, (route) =>
      answer === 'never'
        ? undefined // held: the screen shows its loading state
        : route.fulfill({
            status: 500,
            json: {
              statusCode: 500,
              error: 'Internal Server Error',
              code: 'INTERNAL_ERROR',
              message: 'Något gick fel på servern.',
            },
          }),
    );
  }
}

test(
  'each screen loading, failed and empty',
  { tag: '@phone' },
  async ({ page, request }, info) => {
    test.setTimeout(300_000);
    // Loading: the lists never answer, from the sign-in on (nothing is kept on the device to show
    // instead).
    await answerLists(page, 'never');
    await signedInNewUser(page, request, 'axe-tillstand', info);
    for (const path of SCREENS) {
      await page.goto(path);
      await expect(
        page.locator('[data-slot="skeleton"], [aria-busy="true"]').first(),
      ).toBeVisible();
      await scanScreen(page, `${path} (loading)`);
    }
    await page.unrouteAll({ behavior: 'ignoreErrors' });

    // Failed: the server answers 500.
    await answerLists(page, 'error');
    for (const path of SCREENS) {
      await page.goto(path);
      await expect(page.getByText(/Kunde inte/).first()).toBeVisible({ timeout: 30_000 });
      await scanScreen(page, `${path} (failed)`);
    }
    await page.unrouteAll({ behavior: 'ignoreErrors' });

    // Empty: a new user has made and saved nothing.
    for (const path of [
      '/',
      '/dashboard',
      '/my-matches/created-protocols',
      '/my-matches/saved-protocols',
    ]) {
      await visit(page, path);
      await scanScreen(page, `${path} (empty)`);
    }
  },
);
