import type { Browser, Locator, Page, TestInfo } from '@playwright/test';
import { expect, test } from '@playwright/test';
import type { Ad, Team } from '@speedway/contracts';
import { TUTORIAL_PAGE_KEYS } from '@speedway/contracts';
import { createVerifiedUser, PASSWORD, signInThroughForm, uniqueEmail } from '../support/accounts';
import { createAdmin } from '../support/admins';
import { apiAs, finishedOfficialMatch, prepareProtocol } from '../support/protocol';

// The admin area (ads, the global announcement) and the banners, in Chromium.

type Api = Awaited<ReturnType<typeof apiAs>>;

/** A slug no other test (or project) uses, so each test sees only its own club's ads. */
const uniqueClub = (info: TestInfo, name: string) =>
  `${name}-${info.project.name}-${Date.now().toString(36)}`;

const day = (offset: number) => {
  const date = new Date(Date.now() + offset * 86_400_000);
  return date.toLocaleDateString('sv-SE', { timeZone: 'Europe/Stockholm' });
};

async function signInAsAdmin(page: Page, email: string, role: string) {
  await signInThroughForm(page, email);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Översikt' })).toBeVisible();
  await expect(page.getByRole('banner').getByText(`${email} (${role})`)).toBeVisible();
}

const screen = (page: Page, info: TestInfo, name: string) =>
  page.screenshot({
    path: `artifacts/screens/admin-${name}-${info.project.name}.png`,
    fullPage: true,
  });

const adRow = (page: Page, title: string) => page.locator('tr', { hasText: title });

/**
 * A toast with this text; then closed, as a user on a phone does when it covers what they want
 * to tap next (the pointer resting on a toast holds it open, so it would not go by itself).
 */
/** Waits for the toast, checks that it covers none of `clear` (the next taps), and dismisses it. */
async function expectToast(page: Page, text: string, clear: Locator[] = []) {
  const toast = page
    .getByRole('region', { name: /^Meddelanden/ })
    .getByRole('listitem')
    .filter({ has: page.getByText(text, { exact: true }) })
    .first();
  await expect(toast).toBeVisible();
  for (const control of clear) {
    await expect
      .poll(async () => overlap(await toast.boundingBox(), await control.boundingBox()), {
        message: `the toast '${text}' keeps clear of ${String(control)}`,
      })
      .toBe(0);
  }
  await toast.getByRole('button', { name: 'Dölj meddelande' }).click();
  await expect(toast).toBeHidden();
}

type Box = { x: number; y: number; width: number; height: number } | null;

/** The area two boxes share, in px² (0: they do not overlap). */
function overlap(a: Box, b: Box): number {
  if (!a || !b) return 0;
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return Math.max(0, width) * Math.max(0, height);
}

/** A user who has seen the intro and every guide: nothing stands over the screens. */
async function skipTutorials(api: Api) {
  await api.call('PUT', '/api/account/tutorials', {
    tutorial: {
      introCompleted: true,
      pages: Object.fromEntries(
        TUTORIAL_PAGE_KEYS.map((key) => [key, { completed: true, step: 0 }]),
      ),
    },
  });
}

test('a club_admin creates and edits an ad, which waits for approval', async ({ page }, info) => {
  const email = uniqueEmail(info, 'klubbadmin');
  const club = uniqueClub(info, 'klubb');
  createAdmin(email, 'club_admin', club);
  await signInAsAdmin(page, email, 'Klubbadmin');
  await expect(page.getByText(club).first()).toBeVisible();
  await screen(page, info, 'overview-club');

  await page
    .getByRole('navigation', { name: 'Adminmeny' })
    .getByRole('link', { name: 'Annonser' })
    .click();
  await expect(page.getByText('Inga annonser ännu.')).toBeVisible();
  await page.getByRole('link', { name: 'Skapa din första annons' }).click();
  await expect(page).toHaveURL(/\/admin\/ads\/new$/);
  await expect(page.getByLabel('Paket')).toHaveCount(0);

  const title = `Vårkampanj ${info.project.name}`;
  await page.getByLabel('Titel').fill(title);
  await page.getByLabel('Bildadress (URL)').fill(new URL('/icon-512.svg', page.url()).href);
  await page.getByLabel('Länkadress (URL)').fill('javascript:alert(1)');
  await page.getByLabel('Startdatum').fill(day(0));
  await page.getByLabel('Slutdatum').fill(day(30));
  await page.getByRole('button', { name: 'Skapa annons' }).click();
  await expect(
    page.getByText(
      'Länkadressen måste vara en fullständig adress som börjar med http:// eller https://.',
    ),
  ).toBeVisible();
  await page.getByLabel('Länkadress (URL)').fill('https://klubben.example/biljetter');
  await screen(page, info, 'new-ad');
  await page.getByRole('button', { name: 'Skapa annons' }).click();
  await expectToast(page, 'Annons skapad');
  await expect(page).toHaveURL(/\/admin\/ads$/);
  const row = adRow(page, title);
  await expect(row.getByText('Väntar')).toBeVisible();
  await expect(row.getByText('Brons')).toBeVisible();
  await expect(page.getByRole('button', { name: new RegExp(`^Godkänn ${title}`) })).toHaveCount(0);

  await row.getByRole('link', { name: `Redigera ${title}` }).click();
  await expect(page).toHaveURL(/\/admin\/ads\/[0-9a-f-]{36}\/edit$/);
  await expect(page.getByLabel('Titel')).toHaveValue(title);
  await page.getByLabel('Titel').fill(`${title} – förlängd`);
  await page.getByLabel('Slutdatum').fill(day(60));
  await page.getByRole('button', { name: 'Spara ändringar' }).click();
  await expectToast(page, 'Annons uppdaterad');
  await expect(adRow(page, `${title} – förlängd`)).toBeVisible();
  // Nothing wider than a phone's screen.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await screen(page, info, 'ads-club');
});

test('a super_admin approves, pauses, activates, sets the package and deletes', async ({
  page,
  request,
}, info) => {
  const club = uniqueClub(info, 'moderering');
  const clubAdmin = uniqueEmail(info, 'annonsor');
  createAdmin(clubAdmin, 'club_admin', club);
  const title = `Sommarrea ${info.project.name}`;
  const clubApi = await apiAs(request, clubAdmin, PASSWORD);
  await clubApi.call<Ad>('POST', '/api/ads', {
    title,
    image_url: 'https://annonser.example/sommar.png',
    click_url: 'https://klubben.example/sommar',
    start_date: day(0),
    end_date: day(14),
  });

  const email = uniqueEmail(info, 'superadmin');
  createAdmin(email, 'super_admin');
  await signInAsAdmin(page, email, 'Superadmin');
  await page.getByRole('link', { name: 'Hantera annonser' }).click();
  await expect(page.getByRole('link', { name: 'Ny annons' })).toHaveCount(0);
  const row = adRow(page, title);
  await expect(row.getByText('Väntar')).toBeVisible();
  await screen(page, info, 'ads-super');

  await row.getByRole('button', { name: `Godkänn ${title}` }).click();
  await expectToast(page, 'Uppdaterat');
  await expect(row.getByText('Godkänd')).toBeVisible();
  await expect(row.getByRole('button', { name: `Godkänn ${title}` })).toHaveCount(0);

  await row.getByRole('button', { name: `Pausa ${title}` }).click();
  await expect(row.getByText('Pausad')).toBeVisible();
  await row.getByRole('button', { name: `Aktivera ${title}` }).click();
  await expect(row.getByText('Aktiv', { exact: true })).toBeVisible();

  await row.getByRole('link', { name: `Redigera ${title}` }).click();
  await page.getByLabel('Paket').selectOption({ label: 'Guld' });
  await page.getByRole('button', { name: 'Spara ändringar' }).click();
  await expectToast(page, 'Annons uppdaterad');
  await expect(row.getByText('Guld')).toBeVisible();
  // A super_admin's edit keeps the approval.
  await expect(row.getByText('Godkänd')).toBeVisible();

  await row.getByRole('button', { name: `Ta bort ${title}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Ta bort annonsen?' });
  await dialog.getByRole('button', { name: 'Ta bort' }).click();
  await expect(row).toHaveCount(0);
  const left = await clubApi.call<Ad[]>('GET', '/api/ads');
  expect(left.map((ad) => ad.title)).not.toContain(title);
});

/** Reloads the home page and waits until it has asked for the announcement. */
async function reloadHome(page: Page) {
  await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/system/announcement') && r.ok()),
    page.reload(),
  ]);
  await expect(page.getByRole('tab', { name: 'Officiella' })).toBeVisible();
}

async function userPage(browser: Browser, request: Parameters<typeof apiAs>[0], info: TestInfo) {
  const email = uniqueEmail(info, 'anvandare');
  await createVerifiedUser(request, email);
  const api = await apiAs(request, email, PASSWORD);
  await skipTutorials(api);
  const context = await browser.newContext({
    baseURL: process.env.E2E_BASE_URL,
    viewport: info.project.use.viewport ?? null,
    locale: 'sv-SE',
    timezoneId: 'Europe/Stockholm',
  });
  const page = await context.newPage();
  await signInThroughForm(page, email);
  await expect(page).toHaveURL(/\/$/);
  return { page, api, context };
}

test(
  'a super_admin publishes the announcement; a user sees it, dismisses it; the admin closes it',
  { tag: '@alone' },
  async ({ page, browser, request }, info) => {
    const email = uniqueEmail(info, 'meddelande');
    createAdmin(email, 'super_admin');
    const admin = await apiAs(request, email, PASSWORD);
    // Start from a closed announcement, and leave one (whatever happens) for the other tests.
    await admin.call('DELETE', '/api/system/announcement');
    try {
      await publishDismissAndClose(page, browser, request, info, email);
    } finally {
      await admin.call('DELETE', '/api/system/announcement');
    }
  },
);

async function setSwitch(control: Locator, on: boolean) {
  if ((await control.isChecked()) !== on) await control.click();
  await expect(control).toBeChecked({ checked: on });
}

async function publishDismissAndClose(
  page: Page,
  browser: Browser,
  request: Parameters<typeof apiAs>[0],
  info: TestInfo,
  email: string,
) {
  await signInAsAdmin(page, email, 'Superadmin');
  const editor = page.locator('[data-slot="card"]', { hasText: 'Globalt meddelande' });
  const close = editor.getByRole('button', { name: 'Stäng meddelande' });
  const active = editor.getByRole('switch', { name: 'Aktivt' });
  const dismissible = editor.getByRole('switch', { name: 'Användaren kan stänga meddelandet' });
  const message = `Serverunderhåll i kväll kl. 22 (${info.project.name}).`;
  await expect(active).not.toBeChecked();
  await expect(close).toBeDisabled();
  await editor.getByRole('textbox', { name: 'Meddelande' }).fill(message);
  await editor.getByLabel('Nivå').selectOption({ label: 'Varning' });
  await setSwitch(dismissible, true);
  await setSwitch(active, true);
  await expect(close).toBeEnabled();
  const save = editor.getByRole('button', { name: 'Spara meddelande' });
  await save.click();
  await expectToast(page, 'Meddelandet uppdaterades.', [save, close]);
  await expect(editor.getByText('Publicerat')).toBeVisible();
  await screen(page, info, 'announcement-editor');

  const user = await userPage(browser, request, info);
  const banner = user.page.getByRole('region', { name: 'Meddelande', exact: true });
  await expect(banner).toContainText(message);
  await user.page.screenshot({
    path: `artifacts/screens/admin-announcement-home-${info.project.name}.png`,
  });
  await banner.getByRole('button', { name: 'Dölj meddelandet' }).click();
  await expect(banner).toBeHidden();
  await reloadHome(user.page);
  await expect(banner).toBeHidden();

  // An edit is a new version: shown again, this time without a close button. Saved at a phone's
  // width, where the form is one column: its buttons stay at the foot, the toast above them.
  await page.setViewportSize({ width: 390, height: 844 });
  await setSwitch(dismissible, false);
  // Where a thumb taps it: at the foot of the window, the form scrolled up to its end.
  await save.evaluate((button) => button.scrollIntoView({ block: 'end' }));
  await save.click();
  await expectToast(page, 'Meddelandet uppdaterades.', [save, close]);
  await page.screenshot({ path: 'artifacts/screens/admin-announcement-saved-390.png' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await reloadHome(user.page);
  await expect(banner).toContainText(message);
  await expect(banner.getByRole('button', { name: 'Dölj meddelandet' })).toHaveCount(0);

  await close.click();
  await expectToast(page, 'Meddelandet avaktiverades.');
  await expect(close).toBeDisabled();
  await reloadHome(user.page);
  await expect(banner).toBeHidden();
  await user.context.close();
}

test(
  'a user sees an ad on the protocol page and clicks it; the view and the click are counted',
  { tag: '@alone' },
  async ({ browser, request }, info) => {
    const email = uniqueEmail(info, 'annonsadmin');
    createAdmin(email, 'super_admin');
    const admin = await apiAs(request, email, PASSWORD);
    const user = await userPage(browser, request, info);
    const official = await finishedOfficialMatch(user.api);
    const match = await prepareProtocol(user.api, official, 0);
    const teams = await user.api.call<Team[]>('GET', '/api/teams');
    const home = teams.find((team) => team.id === match.home_team_id);
    expect(home).toBeDefined();

    // The home club's ad: the match's clubs come first, so it is the one drawn.
    const clickUrl = new URL(
      `/?annons=${info.project.name}-${Date.now()}`,
      process.env.E2E_BASE_URL,
    ).href;
    const ad = await admin.call<Ad>('POST', '/api/ads', {
      title: `Klubbens sponsor ${info.project.name}`,
      image_url: new URL('/icon-512.svg', process.env.E2E_BASE_URL).href,
      click_url: clickUrl,
      start_date: day(-1),
      end_date: day(1),
      package: 'platinum',
      club_slug: home!.slug,
    });

    try {
      const { page } = user;
      await page.goto(`/match/${match.id}`);
      await expect(page.getByText('0/15 Heat komplett')).toBeVisible();
      const top = page.locator('[data-slot="banner-ad"][data-placement="protocol-top"]');
      const link = top.getByRole('link');
      await expect(link).toHaveAttribute('href', clickUrl);
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer sponsored');
      await expect(top.getByRole('img', { name: ad.title })).toBeVisible();
      const box = await top.boundingBox();
      expect(box?.height).toBe(60);
      expect(box?.width).toBeLessThanOrEqual(320);
      await page.screenshot({
        path: `artifacts/screens/admin-protocol-ad-${info.project.name}.png`,
      });

      const counts = async () =>
        (await admin.call<Ad[]>('GET', '/api/ads')).find((a) => a.id === ad.id) ?? ad;
      // Seen for a second in a visible tab: one impression.
      await expect
        .poll(async () => (await counts()).impressions, { timeout: 10_000 })
        .toBeGreaterThanOrEqual(1);

      const [opened] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
      await expect(opened).toHaveURL(clickUrl);
      await opened.close();
      await expect.poll(async () => (await counts()).clicks, { timeout: 10_000 }).toBe(1);
    } finally {
      await admin.call('DELETE', `/api/ads/${ad.id}`);
      await user.context.close();
    }
  },
);
