import { expect, test } from '@playwright/test';
import { withIdentity, withPoints } from '../../apps/server/test/svemo-ta/derived-pages';
import { PIR_HAM_ID, savedPages } from '../../apps/server/test/svemo-ta/saved-pages';
import { startTaStandIn, type TaStandIn } from '../../apps/server/test/svemo-ta/ta-stand-in';
import { signInThroughForm } from '../support/accounts';
import { scanScreen } from '../support/axe';
import { startOwnServer, type OwnServer } from '../support/own-server';

// /admin/official-data against the built app with Svemo TA at a loopback stand-in serving the
// real saved 2012 pages, one of them changed so that it no longer adds up. One server of its own
// for the file, so the phone width is looked at in the same test (desktop project only).

const BAD_ID = 1219;

/** The stand-in and a server of its own that syncs from it (one per worker). */
const withTa = test.extend<object, { ta: { standIn: TaStandIn; own: OwnServer } }>({
  ta: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const standIn = await startTaStandIn();
      standIn.lists.set(2012, [savedPages.listPage1(), savedPages.listPage2()]);
      standIn.scorecards.set(PIR_HAM_ID, savedPages.pirHam());
      standIn.scorecards.set(
        BAD_ID,
        withIdentity(withPoints(savedPages.pirHam(), 0, 1, 7, 2), BAD_ID),
      );
      const own = await startOwnServer({
        env: {
          OFFICIAL_SOURCE: 'svemo-ta',
          SVEMO_TA_URL: standIn.url,
          SVEMO_TA_SEASONS: '2012',
          SVEMO_TA_PAUSE_MS: '0',
        },
      });
      await use({ standIn, own });
      await own.stop();
      await standIn.close();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ ta }, use) => use(ta.own.url),
});

withTa.use({ reducedMotion: 'reduce' });

withTa(
  'a super_admin sees the runs and why a page was refused, and syncs now',
  async ({ page, request, ta }, info) => {
    test.setTimeout(90_000);
    const email = await ta.own.createUser(request, info, 'ta-admin', 'super_admin');
    await signInThroughForm(page, email);
    await page.waitForURL((url) => !url.pathname.startsWith('/auth'));
    await page.goto('/admin/official-data');
    await expect(page.getByRole('heading', { name: 'Officiella data', level: 1 })).toBeVisible();
    await expect(page.getByText('Källa: Svemo TA')).toBeVisible();

    // The server's first tick may be running the schedule's first sync: 'Synka nu' then says so.
    await page.getByRole('button', { name: 'Synka nu' }).click();
    await expect(
      page.getByText(
        /^(Synkningen har startat\.|En synkning pågår redan\. Vänta tills den är klar\.)$/,
      ),
    ).toBeVisible();
    const runs = page.locator('[data-slot="card"]', {
      has: page.getByRole('heading', { name: 'Körningar' }),
    });
    const done = runs.getByRole('article').filter({ hasText: 'Klar' }).first();
    await expect(done).toBeVisible({ timeout: 60_000 });
    await expect(
      done.getByText('Sedda', { exact: true }).locator('xpath=following-sibling::dd'),
    ).toHaveText('66');

    const refused = done.getByRole('group', { name: /^Avvisade sidor/ });
    await refused.getByRole('button', { name: /^Visa alla/ }).click();
    await expect(
      refused.getByText(
        'sidan stämmer inte med sina egna summor: heat 7, Piraterna: lagets heatpoäng 1 stämmer inte med förarnas poäng 2',
      ),
    ).toBeVisible();

    // TA's names, mapped to the teams the sync made.
    await expect(page.getByText('Piraterna').first()).toBeVisible();

    // Judged at rest, at 1280 and at 390 px: the toasts of the sync gone, no transition half-way.
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport);
      await expect(refused.getByText(/heat 7, Piraterna/)).toBeVisible();
      // Nothing wider than the screen: the refused page's reason wraps.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
      // An admin screen with data: every WCAG 2.2 AA rule, and contrast in the dark theme.
      await scanScreen(page, `/admin/official-data at ${viewport.width} px`);
    }

    // The match is in the app, 56–34.
    await page.goto('/matches');
    await expect(page.getByText('Piraterna').first()).toBeVisible();
  },
);

withTa('a club_admin is sent away from the screen', async ({ page, request, ta }, info) => {
  const email = await ta.own.createUser(request, info, 'ta-club', 'club_admin');
  await signInThroughForm(page, email);
  await page.waitForURL((url) => !url.pathname.startsWith('/auth'));
  await page.goto('/admin/official-data');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/admin');
  await expect(page.getByRole('link', { name: 'Officiella data' })).toHaveCount(0);
});
