import type { Locator, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import type { Match, OfficialMatchDetail, OfficialMatchSummary } from '@speedway/contracts';
import { signedInNewUser } from '../support/signed-in';
import type { apiAs } from '../support/protocol';
import {
  demoSeasonMatches,
  finishedOfficialMatch,
  prepareProtocol,
  registerHeat,
} from '../support/protocol';

// The rough edges a new user met, each walked through in Chromium.

type Api = Awaited<ReturnType<typeof apiAs>>;
const LANES = ['1', '2', '3', '4'] as const;
const PHONE = { width: 390, height: 844 };

/** Where an element is once it has held still for a quarter of a second. */
async function settledBox(page: Page, element: Locator) {
  let last = '';
  for (;;) {
    const box = (await element.boundingBox())!;
    if (JSON.stringify(box) === last) return box;
    last = JSON.stringify(box);
    await page.waitForTimeout(250);
  }
}

/**
 * A protocol of a finished official match with all 15 heats as officially ridden, saved. With
 * `swapHeat15`, heat 15's two home riders swap places: the same totals, one heat that differs.
 */
async function savedProtocol(
  api: Api,
  official: OfficialMatchDetail,
  { swapHeat15 = false } = {},
): Promise<{ match: Match; savedId: string }> {
  const match = await prepareProtocol(api, official, 14);
  const heat15 = official.result!.heats!.find((h) => h.heat_number === 15)!;
  const home = LANES.filter((l) => heat15.riders[l]!.team === 'home');
  await api.call('PUT', `/api/matches/${match.id}/nominations`, {
    heat15: {
      assignments: Object.fromEntries(LANES.map((l) => [l, heat15.riders[l]!.rider_id])),
      home_gates: home.includes('1') ? '1-3' : '2-4',
    },
  });
  const homeIds = home.map((l) => heat15.riders[l]!.rider_id);
  const results = heat15.results.map(({ rider_id, position, status }) => {
    if (!swapHeat15 || !homeIds.includes(rider_id)) return { rider_id, position, status };
    const other = heat15.results.find(
      (r) => r.rider_id !== rider_id && homeIds.includes(r.rider_id),
    )!;
    return { rider_id, position: other.position, status: other.status };
  });
  await api.call('POST', `/api/matches/${match.id}/heat/15/save`, { results });
  const saved = await api.call<{ user_match_id: string }>(
    'POST',
    `/api/matches/${match.id}/save`,
    {},
  );
  return { match, savedId: saved.user_match_id };
}

/**
 * Team names cut off by their box: an ellipsis that is showing on a text with a team's name, or a
 * fitted name wider than its room.
 */
function cutTexts(root: Locator, teams: string[]) {
  return root.evaluate((element, names) => {
    const cut: string[] = [];
    for (const el of element.querySelectorAll<HTMLElement>('*')) {
      const style = getComputedStyle(el);
      const text = el.textContent ?? '';
      if (
        style.textOverflow === 'ellipsis' &&
        el.scrollWidth > el.clientWidth + 1 &&
        names.some((name) => text.includes(name))
      ) {
        cut.push(text);
      }
    }
    for (const box of element.querySelectorAll<HTMLElement>('[data-fitted]')) {
      const shown = box.querySelector<HTMLElement>('[data-fitted-shown]');
      if (shown && shown.getBoundingClientRect().width > box.clientWidth + 1) {
        cut.push(shown.textContent ?? '');
      }
    }
    return cut;
  }, teams);
}

/**
 * The home page's 'Mina matcher' tab, scrolled to the middle first: on a phone the tab row first
 * shows half under the bottom bar and its raised Ny button. The page is prerendered, so a click
 * before the app has started is lost: clicked until the tab is selected.
 */
async function openMyMatchesTab(page: Page) {
  const tab = page.getByRole('tab', { name: 'Mina matcher' });
  await expect(async () => {
    await tab.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true', { timeout: 1000 });
  }).toPass();
}

function overlaps(a: { x: number; y: number; width: number; height: number }, b: typeof a) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

test(
  'a saved protocol is read-only, says so, and leads to its saved match',
  { tag: '@phone' },
  async ({ page, request }, info) => {
    const api = await signedInNewUser(page, request, 'lasd', info);
    const official = await finishedOfficialMatch(api);
    const { match, savedId } = await savedProtocol(api, official);

    await page.goto(`/match/${match.id}`);
    await expect(page.getByText('15/15 Heat komplett')).toBeVisible();
    await expect(page.getByText('Sparat protokoll – kan inte ändras')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Ändra heat' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Registrera heat' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Spara protokoll' })).toBeDisabled();
    await expect(page.getByText('Protokollet är redan sparat.').first()).toBeAttached();
    await page.screenshot({ path: `artifacts/screens/rough-read-only-${info.project.name}.png` });
    await page.getByRole('link', { name: 'Visa sparad match' }).click();
    await expect(page).toHaveURL(new RegExp(`/my-matches/saved/${savedId}$`));
  },
);

test(
  "'Matchprotokoll skapat' comes with a saved protocol, and a second one only by choice",
  { tag: ['@alone', '@phone'] },
  async ({ page, request }, info) => {
    const api = await signedInNewUser(page, request, 'andra', info);
    const official = await finishedOfficialMatch(api, 1);
    const mine = () =>
      api.call<Array<{ id: string; official_match_id: string | null }>>('GET', '/api/matches');

    // An unfinished protocol: still 'Tillgänglig', and 'Starta protokoll' reopens it.
    const unfinished = await prepareProtocol(api, official, 0);
    await page.goto(`/matches/official/${official.id}`);
    await expect(page.getByText('Tillgänglig')).toBeVisible();
    await expect(
      page.getByText('Du har ett påbörjat protokoll av matchen. Det öppnas igen.'),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Starta protokoll' }).click();
    await expect(page).toHaveURL(new RegExp(`/match/${unfinished.id}$`));
    expect(await mine()).toHaveLength(1);

    // Saved: the badge, and the button offers the saved one before starting another.
    await api.call('DELETE', `/api/matches/${unfinished.id}`, {});
    const { match, savedId } = await savedProtocol(api, official);
    await page.goto(`/matches/official/${official.id}`);
    await expect(page.getByText('Matchprotokoll skapat')).toBeVisible();
    await page.getByRole('button', { name: 'Starta protokoll' }).click();
    const dialog = page.getByRole('dialog', {
      name: 'Du har redan sparat ett protokoll av matchen',
    });
    await expect(dialog).toBeVisible();
    await page.screenshot({
      path: `artifacts/screens/rough-saved-choice-${info.project.name}.png`,
    });
    expect(await mine()).toHaveLength(1);
    await dialog.getByRole('link', { name: 'Öppna sparat protokoll' }).click();
    await expect(page).toHaveURL(new RegExp(`/my-matches/saved/${savedId}$`));

    await page.goBack();
    await page.getByRole('button', { name: 'Starta protokoll' }).click();
    await dialog.getByRole('button', { name: 'Starta nytt protokoll' }).click();
    await expect(page).toHaveURL(/\/match\/[0-9a-f-]{36}$/);
    expect(page.url()).not.toContain(match.id);
    const after = await mine();
    expect(after.filter((m) => m.official_match_id === official.id)).toHaveLength(2);
  },
);

test(
  'the heat dialog on a phone: no toast over the lanes, the save button fits, focus comes back',
  { tag: '@phone' },
  async ({ page, request }, info) => {
    await page.setViewportSize(PHONE);
    const api = await signedInNewUser(page, request, 'dialog', info);
    const official = await finishedOfficialMatch(api);
    const match = await prepareProtocol(api, official, 0);
    await page.goto(`/match/${match.id}`);
    await expect(page.getByText('0/15 Heat komplett')).toBeVisible();

    // Heat 1 saved: its toast must not cover the next heat's lanes or the R/R row.
    await registerHeat(page, 1);
    await expect(page.getByText('Heat 1 sparat')).toBeVisible();
    const register = page.getByRole('button', { name: 'Registrera heat' });
    await expect(register).toBeFocused();
    await register.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: 'Registrera Heat 2 Resultat' })).toBeVisible();
    // Measured once shown (the sheet's lanes render after its heading).
    const lane4Group = dialog.getByRole('group', { name: 'Placering spår 4' });
    const rrRow = dialog.getByText('Lås upp för manuella ändringar');
    await expect(lane4Group).toBeVisible();
    await expect(rrRow).toBeVisible();
    // The boxes as laid out (getBoundingClientRect): Playwright's boundingBox() answers null for an
    // element it finds hidden at that instant, which the sheet's lanes, drawn anew after their first
    // paint, sometimes are for a moment.
    const rectOf = (locator: typeof rrRow) =>
      locator.evaluate((element) => {
        const { x, y, width, height } = element.getBoundingClientRect();
        return { x, y, width, height };
      });
    const lane4 = await rectOf(lane4Group);
    const rr = await rectOf(rrRow);
    // Every toast's box in one look: a toast leaving (dismissed as the dialog opened) may be gone
    // a moment later, and a box asked for one by one would wait for it forever.
    const toastBoxes = await page.locator('[data-sonner-toast]').evaluateAll((toasts) =>
      toasts.map((toast) => {
        const { x, y, width, height } = toast.getBoundingClientRect();
        return { x, y, width, height };
      }),
    );
    for (const box of toastBoxes) {
      if (box.width === 0 || box.height === 0) continue;
      expect(overlaps(box, lane4), 'a toast covers lane 4').toBe(false);
      expect(overlaps(box, rr), 'a toast covers the R/R row').toBe(false);
    }
    await page.screenshot({ path: `artifacts/screens/rough-heat-dialog-${info.project.name}.png` });

    // Cancel: focus goes back to the button that opened the dialog.
    await dialog.getByRole('button', { name: 'Avbryt' }).click();
    await expect(dialog).toBeHidden();
    await expect(register).toBeFocused();

    // 'Spara resultat' with its spinner stays inside the sheet (the save is held back to see it).
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**/api/matches/${match.id}/heat/2/save`, async (route) => {
      await held;
      await route.continue();
    });
    await register.click();
    for (const [i, place] of [1, 2, 3, 4].entries()) {
      await dialog
        .getByRole('group', { name: `Placering spår ${i + 1}` })
        .getByRole('button', { name: `Placering ${place}` })
        .click();
    }
    await dialog.getByRole('button', { name: 'Spara resultat' }).click();
    const saving = dialog.getByRole('button', { name: 'Sparar…' });
    await expect(saving.getByRole('status', { name: 'Sparar…' })).toBeVisible();
    const sheet = (await dialog.boundingBox())!;
    const button = (await saving.boundingBox())!;
    expect(button.x + button.width).toBeLessThanOrEqual(sheet.x + sheet.width);
    const overflow = await saving.evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `artifacts/screens/rough-heat-saving-${info.project.name}.png` });
    release();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('2/15 Heat komplett')).toBeVisible();
    // Saved for the first time: on to heat 3, whose 'Registrera heat' has the focus.
    await expect(page.getByRole('button', { name: 'Registrera heat' })).toBeFocused();
  },
);

test(
  'an unknown official match says so and leads back to the matches',
  { tag: '@phone' },
  async ({ page, request }, info) => {
    await signedInNewUser(page, request, 'okand', info);
    await page.goto('/matches/official/00000000-0000-4000-8000-000000000000');
    await expect(page.getByText('Kunde inte hämta matchinformationen.')).toBeVisible();
    await page.screenshot({
      path: `artifacts/screens/rough-unknown-official-${info.project.name}.png`,
    });
    await page.getByRole('link', { name: 'Till matcher' }).click();
    await expect(page).toHaveURL(/\/matches$/);
    await expect(page.getByRole('heading', { name: 'Nästa matcher' })).toBeVisible();
  },
);

test(
  'on a phone, team names are never cut off: short names where space is short',
  { tag: ['@alone', '@phone'] },
  async ({ page, request }, info) => {
    await page.setViewportSize(PHONE);
    const api = await signedInNewUser(page, request, 'namn', info);
    const all = await demoSeasonMatches(api);
    const longest = (m: OfficialMatchSummary) => Math.max(m.home_team.length, m.away_team.length);
    const teams = [...new Set(all.flatMap((m) => [m.home_team, m.away_team]))];
    const finished = all
      .filter((m) => m.status === 'completed' && m.rulebook === 'elitserien-klassisk')
      .sort((a, b) => longest(b) - longest(a))[0]!;
    const official = await api.call<OfficialMatchDetail>(
      'GET',
      `/api/official-matches/${finished.id}`,
    );
    const { match } = await savedProtocol(api, official);
    const started = await prepareProtocol(
      api,
      await api.call<OfficialMatchDetail>(
        'GET',
        `/api/official-matches/${all.filter((m) => m.status !== 'completed').sort((a, b) => longest(b) - longest(a))[0]!.id}`,
      ),
      0,
    );

    await page.goto(`/match/${match.id}`);
    const header = page.getByRole('heading', { level: 1 });
    await expect(header).toContainText(official.home_team);
    expect(await cutTexts(header, teams)).toEqual([]);
    await page.screenshot({
      path: `artifacts/screens/rough-names-protocol-${info.project.name}.png`,
    });

    for (const path of ['/my-matches/saved-protocols', '/my-matches/created-protocols']) {
      await page.goto(path);
      const list = page
        .getByRole('list')
        .filter({ has: page.getByRole('link') })
        .first();
      await expect(list).toBeVisible();
      expect(await cutTexts(list, teams), path).toEqual([]);
    }
    await page.screenshot({ path: `artifacts/screens/rough-names-list-${info.project.name}.png` });

    await page.goto('/matches?q=vastervik');
    const picker = page.getByRole('region', { name: 'Hitta en annan match' });
    await expect(picker.getByRole('link', { name: /^Öppna/ }).first()).toBeVisible();
    expect(await cutTexts(picker, teams)).toEqual([]);
    await page.screenshot({
      path: `artifacts/screens/rough-names-picker-${info.project.name}.png`,
    });

    await page.goto('/');
    await openMyMatchesTab(page);
    const mine = page.getByRole('tabpanel');
    await expect(mine.getByRole('link').first()).toBeVisible();
    expect(await cutTexts(mine, teams)).toEqual([]);
    expect(started.id).toBeTruthy();
  },
);

test(
  "the swipe past heat 15 before its nomination says 'Nominera heat 15 först'",
  { tag: '@phone' },
  async ({ page, request }, info) => {
    await page.setViewportSize(PHONE);
    const api = await signedInNewUser(page, request, 'svep', info);
    const official = await finishedOfficialMatch(api);
    const match = await prepareProtocol(api, official, 14);
    await page.goto(`/match/${match.id}`);
    await expect(page.getByText('14/15 Heat komplett')).toBeVisible();
    await expect(page.getByText('15/15', { exact: true })).toBeVisible();
    // The banner ad above takes its room once it has arrived (a slot with no ad takes none): the
    // swipe is aimed at the heat once nothing more is on its way and the heat has stopped moving
    // (on a loaded runner the ad's room came after the network was idle, and the swipe began above
    // the carousel).
    await page.waitForLoadState('networkidle');
    const carousel = page.getByRole('group', { name: 'Heat 15' });
    const box = await settledBox(page, carousel);
    const y = box.y + 40;
    await page.mouse.move(box.x + box.width - 30, y);
    await page.mouse.down();
    for (let step = 1; step <= 10; step += 1) {
      await page.mouse.move(box.x + box.width - 30 - step * 22, y);
    }
    await page.mouse.up();
    await expect(page.getByText('Nominera heat 15 först')).toBeVisible();
    await expect(page.getByText('15/15', { exact: true })).toBeVisible();
    await page.screenshot({ path: `artifacts/screens/rough-swipe-${info.project.name}.png` });
  },
);

test(
  "the home list of protocols says 'Kunde inte ladda matcher.' when it cannot load",
  { tag: '@phone' },
  async ({ page, request }, info) => {
    await signedInNewUser(page, request, 'lista', info);
    await page.route('**/api/matches', (route) =>
      route.request().method() === 'GET'
        ? route.fulfill({
            status: 500,
            json: { statusCode: 500, error: 'Internal Server Error', message: 'Fel' },
          })
        : route.continue(),
    );
    await page.goto('/');
    await openMyMatchesTab(page);
    await expect(page.getByText('Kunde inte ladda matcher.')).toBeVisible({ timeout: 15_000 });
  },
);

test(
  'following shows its state and can be undone; search ignores å, ä and ö; an empty e-mail is required',
  { tag: '@phone' },
  async ({ page, request }, info) => {
    const api = await signedInNewUser(page, request, 'folj', info);
    const all = await api.call<OfficialMatchSummary[]>('GET', '/api/official-matches');
    const upcoming = all.find((m) => m.status === 'upcoming')!;

    await page.goto(`/matches/official/${upcoming.id}`);
    await page.getByRole('button', { name: 'Följ match' }).click();
    const following = page.getByRole('button', { name: /^Följer/ });
    await expect(following).toBeVisible();
    await expect(page.getByRole('button', { name: 'Följ match' })).toHaveCount(0);
    await page.screenshot({ path: `artifacts/screens/rough-following-${info.project.name}.png` });
    await page.reload();
    await expect(following).toBeVisible();
    await following.click();
    await expect(page.getByRole('button', { name: 'Följ match' })).toBeVisible();
    await expect
      .poll(async () => (await api.call<unknown[]>('GET', '/api/follows')).length)
      .toBe(0);

    await page.goto('/matches');
    await page.getByLabel('Sök på lag eller datum').fill('vastervik');
    const picker = page.getByRole('region', { name: 'Hitta en annan match' });
    await expect(picker.getByRole('link', { name: /Västervik Speedway/ }).first()).toBeVisible();
    await expect(picker.getByText('Inga matcher hittades')).toHaveCount(0);

    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    await page.goto('/auth/forgot-password');
    await page.getByRole('button', { name: 'Skicka återställningslänk' }).click();
    await expect(page.getByText('E-postadress krävs.')).toBeVisible();
    await expect(page.getByText(/Felaktig e-postadress/)).toHaveCount(0);
  },
);

test('a saved match with the official totals but other heats says which', async ({
  page,
  request,
}, info) => {
  const api = await signedInNewUser(page, request, 'heat', info);
  const official = await finishedOfficialMatch(api, 2);
  const { savedId } = await savedProtocol(api, official, { swapHeat15: true });
  const saved = await api.call<{
    status: string;
    discrepancies: unknown[];
    heat_discrepancies: unknown[];
  }>('GET', `/api/user/matches/${savedId}`);
  // The spec's discrepancy is the final score: it agrees, so 'Validerad', the heat still told.
  expect(saved.status).toBe('validated');
  expect(saved.discrepancies).toHaveLength(0);
  expect(saved.heat_discrepancies).toHaveLength(1);

  await page.goto(`/my-matches/saved/${savedId}`);
  await expect(page.getByText('Validerad').first()).toBeVisible();
  await expect(page.getByText('Avvikelse')).toHaveCount(0);
  await expect(
    page.getByText('Slutresultatet stämmer med det officiella, men 1 heat skiljer sig.'),
  ).toBeVisible();
  await page.screenshot({ path: `artifacts/screens/rough-totals-agree-${info.project.name}.png` });
  await page.goto('/my-matches/saved-protocols');
  await expect(page.getByText('Slutresultatet stämmer, heat 15 skiljer sig').first()).toBeVisible();
});
