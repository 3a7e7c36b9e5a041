import { expect, test } from '@playwright/test';
import { untilQueriesPersisted } from '../support/network';
import { finishedOfficialMatch, prepareProtocol } from '../support/protocol';
import { signedInNewUser } from '../support/signed-in';

// ADR 010 §8a: a dead but "connected" network (a stadium's overloaded mast) – every call
// fails while the browser still says online. The app must keep the device's copy with its age,
// keep the header's bell and avatar, say that it is offline and offer 'Försök igen'; it used to
// empty the list into 'Kunde inte ladda skapade matcher' after about 24 s.

const API = '**/api/**';
const BANNER = 'Offline – ändringar sparas på enheten och skickas när nätet är tillbaka.';

test('a dead but connected network keeps the device’s copy, the header and a way back', async ({
  page,
  context,
  request,
}, info) => {
  test.setTimeout(90_000);
  const api = await signedInNewUser(page, request, 'dead-network', info);
  const first = await prepareProtocol(api, await finishedOfficialMatch(api), 2);
  const row = (id: string) => page.locator(`a[href="/match/${id}"]`);

  // Opened once online: both lists are kept on the device.
  await page.goto('/my-matches');
  await expect(row(first.id)).toBeVisible();
  await untilQueriesPersisted(page, ['matches'], first.id);
  await page.goto('/matches');
  await expect(page.getByRole('heading', { name: 'Matcher', level: 1 })).toBeVisible();
  await untilQueriesPersisted(page, ['official-matches']);

  // The mast stops answering; the browser still says online. Meanwhile another device starts a
  // second protocol, which only the server knows of.
  await context.route(API, (route) => route.abort('internetdisconnected'));
  const second = await prepareProtocol(api, await finishedOfficialMatch(api, 1), 0);

  await page.goto('/my-matches');
  expect(await page.evaluate(() => navigator.onLine)).toBe(true);
  await expect(row(first.id)).toBeVisible();
  // Past the 24 s at which the copy used to give way to an error.
  await page.waitForTimeout(30_000);
  await expect(row(first.id)).toBeVisible();
  await expect(page.getByText('Kunde inte ladda skapade matcher')).toHaveCount(0);
  await expect(page.getByText(/^Uppdaterad /)).toBeVisible();
  const header = page.getByRole('banner');
  await expect(header.getByText(BANNER)).toBeVisible();
  await expect(header.getByRole('link', { name: 'Mina sidor' })).toBeVisible();
  await expect(header.getByRole('button', { name: /^Notiser/ })).toBeVisible();
  const tryAgain = page.getByRole('button', { name: 'Försök igen' });
  await expect(tryAgain).toBeVisible();
  await page.screenshot({ path: `artifacts/screens/dead-network-${info.project.name}.png` });

  // The mast answers again: 'Försök igen' brings the server's list, and the banner goes.
  await context.unroute(API);
  await tryAgain.click();
  await expect(row(second.id)).toBeVisible();
  await expect(row(first.id)).toBeVisible();
  await expect(header.getByText(BANNER)).toBeHidden();
  await expect(page.getByText(/^Uppdaterad /)).toHaveCount(0);
});
