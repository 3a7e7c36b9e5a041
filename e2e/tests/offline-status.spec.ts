import { expect, test, type Page } from '@playwright/test';
import { signedInNewUser } from '../support/signed-in';

// ADR 010 §8 (WP5): the header says when the device is offline, from the browser's own events.

const OFFLINE_TEXT = 'Offline – ändringar sparas på enheten och skickas när nätet är tillbaka.';

/** The banner's code loads when first shown: offline, it comes from the service worker's cache. */
async function untilControlled(page: Page) {
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), {
      timeout: 45_000,
    })
    .toBe(true);
}

test('the offline banner shows while the browser is offline, in the header, moving nothing under it', async ({
  page,
  context,
  request,
}, info) => {
  await signedInNewUser(page, request, 'offline-banner', info);
  await untilControlled(page);
  const header = page.getByRole('banner');
  const main = page.locator('#main');
  const mainTop = (await main.boundingBox())?.y ?? 0;
  await expect(header.getByText(OFFLINE_TEXT)).toBeHidden();

  await context.setOffline(true);
  const banner = header.getByRole('status').filter({ hasText: OFFLINE_TEXT });
  await expect(banner).toBeVisible();
  // Part of the sticky header: the page starts below it rather than under it.
  const strip = await banner.boundingBox();
  const below = (await main.boundingBox())?.y ?? 0;
  expect(strip).not.toBeNull();
  expect(below).toBeGreaterThanOrEqual(strip!.y + strip!.height - 1);
  expect(below - mainTop).toBeCloseTo(strip!.height, 0);

  await context.setOffline(false);
  await expect(banner).toBeHidden();
  await expect.poll(async () => (await main.boundingBox())?.y).toBe(mainTop);
});
