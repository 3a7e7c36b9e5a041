import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from '@playwright/test';
import type { Ad, LiveLinkState, SaveProtocolResponse, Team } from '@speedway/contracts';
import { completeTutorials, PASSWORD, signInThroughForm, uniqueEmail } from '../support/accounts';
import { createAdmin } from '../support/admins';
import { APP_ROUTE_PATHS, type AppRoutePath } from '../support/app-routes';
import { scanScreen, SUNLIGHT_KEY, SUNLIGHT_SCREENS, visit } from '../support/axe';
import { goOffline, goOnline } from '../support/network';
import { apiAs, finishedOfficialMatch, prepareProtocol } from '../support/protocol';

// WCAG 2.2 AA. Every route of the router (support/app-routes.ts, checked against the router by a
// unit test), the dialogs, the drawer, a tutorial popover and the offline banner, in the light and
// the dark theme: 0 violations. Each screen is scanned with every AA rule (with target-size) in the
// light theme, then switched to the dark theme in place (the class the app sets, as lib/theme.ts
// does) for the contrast rule again (names, roles and sizes do not change with the theme).
// Sunlight mode: AAA text contrast on key screens, at the phone's width. The walk is split in
// parts that run side by side (one walk took 12–15 min of a CI run beside other specs).

// Colours are judged at rest: with reduced motion no transition is caught half-way.
test.use({ reducedMotion: 'reduce' });

const day = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toLocaleDateString('sv-SE', {
    timeZone: 'Europe/Stockholm',
  });

/** The signed-out pages; a token in a link that is no longer valid shows the page's own message. */
const SIGNED_OUT_URLS = {
  '/auth': '/auth',
  '/auth/forgot-password': '/auth/forgot-password',
  '/auth/reset-password': '/auth/reset-password?token=ogiltig',
  '/auth/verify-email': '/auth/verify-email?token=ogiltig',
  '/auth/revert-email': '/auth/revert-email?token=ogiltig',
  '/auth/cancel-2fa-removal': '/auth/cancel-2fa-removal?token=ogiltig',
} as const;

/** A super admin with a fresh protocol, one at heat 15's nomination, a saved match and an ad. */
async function prepare(page: Page, info: TestInfo) {
  const email = uniqueEmail(info, 'axe');
  createAdmin(email, 'super_admin');
  await completeTutorials(page.request, email);
  const api = await apiAs(page.request, email, PASSWORD);
  // One protocol per official match: starting one again opens the same protocol.
  const official = await finishedOfficialMatch(api, 0);
  const fresh = await prepareProtocol(api, official, 0);
  const nominate = await prepareProtocol(api, await finishedOfficialMatch(api, 1), 14);
  const full = await prepareProtocol(api, await finishedOfficialMatch(api, 2), 15);
  const saved = await api.call<SaveProtocolResponse>('POST', `/api/matches/${full.id}/save`, {});
  const [team] = await api.call<Team[]>('GET', '/api/teams');
  const ad = await api.call<Ad>('POST', '/api/ads', {
    title: 'Tillgänglig annons',
    image_url: new URL('/icon-512.svg', process.env.E2E_BASE_URL).href,
    click_url: 'https://klubben.example/annons',
    start_date: day(-1),
    end_date: day(1),
    package: 'platinum',
    club_slug: team!.slug,
  });
  const live = await api.call<LiveLinkState>('POST', `/api/matches/${fresh.id}/live-link`, {});
  const urls: Record<AppRoutePath, string> = {
    '/live/:token': `/live/${live.link!.token}`,
    ...SIGNED_OUT_URLS,
    '/admin': '/admin',
    '/admin/ads': '/admin/ads',
    '/admin/ads/new': '/admin/ads/new',
    '/admin/ads/:adId/edit': `/admin/ads/${ad.id}/edit`,
    '/admin/official-data': '/admin/official-data',
    '/admin/riders': '/admin/riders',
    '/admin/*': '/admin/finns-inte',
    '/': '/',
    '/tabell': '/tabell',
    '/statistik': '/statistik',
    // A squad rider's id, as an official line-up links it; the page shows his season.
    '/forare/:riderId': `/forare/${official.lineups.home[0]!.rider_id}`,
    '/lag/:teamId': `/lag/${team!.id}`,
    '/dashboard': '/dashboard',
    '/matches': '/matches',
    '/matches/official/:officialId': `/matches/official/${official.id}`,
    '/match/:id': `/match/${fresh.id}`,
    '/my-matches': '/my-matches',
    '/my-matches/saved/:userMatchId': `/my-matches/saved/${saved.user_match_id}`,
    '/my-matches/:tab': '/my-matches/saved-protocols',
    '/account': '/account',
    '/account/settings': '/account/settings',
    '/account/profile': '/account/profile',
    '/account/notifications': '/account/notifications',
    '/account/appearance': '/account/appearance',
    '/account/security': '/account/security',
    '/account/privacy': '/account/privacy',
    '/account/tutorials': '/account/tutorials',
    '/*': '/finns-inte',
  };
  return { email, urls, nominate };
}

type Prepared = Awaited<ReturnType<typeof prepare>>;

/** The signed-in routes, in parts of about eight screens each. */
const SIGNED_IN = APP_ROUTE_PATHS.filter((path) => !path.startsWith('/auth'));
const PART_SIZE = 8;
const PARTS = Array.from({ length: Math.ceil(SIGNED_IN.length / PART_SIZE) }, (_, i) =>
  SIGNED_IN.slice(i * PART_SIZE, (i + 1) * PART_SIZE),
);

/** Signs the prepared super admin in through the form (they land on /admin). */
async function signIn(page: Page, prepared: Prepared) {
  await signInThroughForm(page, prepared.email);
  await expect(page).toHaveURL(/\/admin$/);
}

/** Sunlight mode is for the track: judged on the phone's layout. */
const sunlightOn = (info: TestInfo) => info.project.name === 'phone';

test.describe.configure({ mode: 'parallel' });

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('theme', 'light'));
});

test('the signed-out pages have no WCAG 2.2 AA violation in either theme', async ({ page }) => {
  test.setTimeout(600_000);
  for (const path of APP_ROUTE_PATHS.filter((p) => p.startsWith('/auth'))) {
    await visit(page, SIGNED_OUT_URLS[path as keyof typeof SIGNED_OUT_URLS]);
    await scanScreen(page, path);
  }
});

for (const [i, part] of PARTS.entries()) {
  test(`signed-in routes, part ${i + 1} of ${PARTS.length} (${part[0]} …): no WCAG 2.2 AA violation in either theme; sunlight mode reaches AAA contrast`, async ({
    page,
  }, info) => {
    // A walk of screens, not a speed test: room for a loaded runner.
    test.setTimeout(600_000);
    const prepared = await prepare(page, info);
    await signIn(page, prepared);
    for (const path of part) {
      await visit(page, prepared.urls[path]);
      await scanScreen(page, path, sunlightOn(info) && SUNLIGHT_SCREENS.has(path));
    }
  });
}

test('the dialogs, the drawer, a guide and the offline banner: no WCAG 2.2 AA violation in either theme', async ({
  page,
}, info) => {
  test.setTimeout(600_000);
  const prepared = await prepare(page, info);
  const { urls, nominate } = prepared;
  await signIn(page, prepared);

  await visit(page, urls['/match/:id']);
  await page.getByRole('button', { name: 'Registrera heat' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await scanScreen(page, 'heat dialog', sunlightOn(info));
  await page.keyboard.press('Escape');
  await visit(page, `/match/${nominate.id}`);
  await page.getByRole('button', { name: 'Nominera heat 15' }).click();
  await expect(page.getByRole('dialog').getByText('Nomineringsheat – Heat 15')).toBeVisible();
  await scanScreen(page, 'nomination dialog');
  await page.keyboard.press('Escape');

  await visit(page, '/');
  await page.getByRole('button', { name: /^Notiser/ }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await scanScreen(page, 'notification drawer');
  await page.keyboard.press('Escape');

  await visit(page, '/account/tutorials');
  await page.getByRole('button', { name: 'Visa guiden Hem igen' }).click();
  await expect(page.getByRole('dialog', { name: 'Nästa match' })).toBeVisible();
  await scanScreen(page, 'tutorial popover');
  await page.getByRole('button', { name: 'Hoppa över' }).click();

  await goOffline(page.context());
  await expect(page.getByText(/^Offline – ändringar sparas/)).toBeVisible();
  await scanScreen(page, 'offline banner');
  await goOnline(page.context());

  // Sunlight mode as stored by its switch is on <html> from the first paint.
  await page.evaluate((key) => window.localStorage.setItem(key, 'on'), SUNLIGHT_KEY);
  await page.goto('/');
  expect(await page.evaluate(() => document.documentElement.className)).toMatch(/\bsunlight\b/);
});
