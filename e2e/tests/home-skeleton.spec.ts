import type { Page, Route } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { createVerifiedUser, signInThroughForm, uniqueEmail } from '../support/accounts';

// No layout shift (CLS): while the official matches load, the home page's 'Nästa match' card is a
// placeholder of the exact size of what replaces it (next-match-skeleton.tsx), so nothing below it
// moves when the matches arrive, on a phone and on a desktop.

const OFFICIAL_LIST = /\/api\/official-matches(\?.*)?$/;

async function heroAndBelow(page: Page) {
  const hero = page.locator('[data-tutorial="next-match"]');
  const overview = page.getByRole('group', { name: 'Översikt' });
  const heroBox = await hero.boundingBox();
  const overviewBox = await overview.boundingBox();
  if (!heroBox || !overviewBox) throw new Error('the home page has no hero or overview');
  return { heroHeight: heroBox.height, overviewTop: overviewBox.y };
}

test('the next match card keeps its height when the matches arrive', async ({
  page,
  request,
}, info) => {
  const email = uniqueEmail(info, 'skeleton');
  await createVerifiedUser(request, email);
  await signInThroughForm(page, email);
  await expect(page).toHaveURL(/\/$/);
  // The same visit again, with the official list held back until the placeholder was measured.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(OFFICIAL_LIST, async (route: Route) => {
    await held;
    await route.continue();
  });
  await page.reload();

  const skeleton = page.getByTestId('next-match-skeleton');
  await expect(skeleton).toBeVisible();
  // Everything else on the page has loaded: only the hero is still waiting.
  await expect(page.getByRole('group', { name: 'Topplag' })).toContainText(/\d+ p/);
  const before = await heroAndBelow(page);

  release();
  await expect(skeleton).toHaveCount(0);
  await expect(
    page.locator('[data-tutorial="next-match"]').getByRole('link').first(),
  ).toBeVisible();
  // The carousel's own code arrives after the first slide; its controls have their place already.
  await page.waitForLoadState('networkidle');
  const after = await heroAndBelow(page);

  expect(Math.abs(after.heroHeight - before.heroHeight)).toBeLessThanOrEqual(1);
  expect(Math.abs(after.overviewTop - before.overviewTop)).toBeLessThanOrEqual(1);
});
