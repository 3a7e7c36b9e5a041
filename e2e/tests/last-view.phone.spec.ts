import { expect, test, type Page } from '@playwright/test';
import { finishedOfficialMatch, prepareProtocol } from '../support/protocol';
import { signedInNewUser } from '../support/signed-in';

// ADR 024: a page the user saw on this device shows again before the app has started, from the
// device's last view of it (public/last-view.js), inert until the app's first render replaces it.
// Issue 25 §16: on a weak phone a warm visit waited for the app's code before showing anything.

// The app's chunks are held back below; a service worker would serve them from its own cache.
test.use({ serviceWorkers: 'block' });

const lastViewKey = (path: string) => `speedway.last-view:${path}`;

async function keptView(page: Page, path: string): Promise<string | null> {
  return page.evaluate((key) => window.localStorage.getItem(key), lastViewKey(path));
}

test('a protocol seen before shows at once on the next visit, and answers once the app runs', async ({
  page,
  request,
}, info) => {
  const api = await signedInNewUser(page, request, 'last-view', info);
  const match = await prepareProtocol(api, await finishedOfficialMatch(api), 3);
  const path = `/match/${match.id}`;

  await page.goto(path);
  await expect(page.getByText('3/15 Heat komplett')).toBeVisible();
  // Kept a moment after the page's data last changed.
  await expect.poll(() => keptView(page, path), { timeout: 15_000 }).toContain('Heat komplett');

  // Next visit: the app's code does not arrive until the test lets it.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(path, { waitUntil: 'commit' });

  const root = page.locator('#root');
  await expect(page.getByText('3/15 Heat komplett')).toBeVisible();
  await expect(root).toHaveAttribute('data-last-view', '');
  await expect(root).toHaveAttribute('aria-busy', 'true');
  // Not offered as the page it is not yet: a role query finds no button on it.
  await expect(root).toHaveAttribute('aria-hidden', 'true');
  await expect(page.getByRole('button', { name: 'Spara protokoll' })).toHaveCount(0);
  // Nothing on it can be tapped or typed into before the app answers for it.
  expect(await root.evaluate((element) => (element as HTMLElement).inert)).toBe(true);

  release();
  await expect(root).not.toHaveAttribute('data-last-view');
  await expect(root).not.toHaveAttribute('aria-hidden');
  expect(await root.evaluate((element) => (element as HTMLElement).inert)).toBe(false);
  await expect(page.getByText('3/15 Heat komplett')).toBeVisible();
  // The app's page, not a picture of it: the next heat's dialog opens.
  await page.getByRole('button', { name: 'Registrera heat' }).click();
  await expect(
    page.getByRole('dialog').getByRole('heading', { name: 'Registrera Heat 4 Resultat' }),
  ).toBeVisible();
});

test('signing out forgets every page the user saw', async ({ page, request }, info) => {
  await signedInNewUser(page, request, 'last-view-out', info);
  await expect(page.getByText('Till protokoll').first()).toBeVisible();
  await expect.poll(() => keptView(page, '/'), { timeout: 15_000 }).not.toBeNull();

  await page.goto('/account');
  await page.getByRole('button', { name: 'Logga ut' }).click();
  await expect(page).toHaveURL(/\/auth/);
  const kept = await page.evaluate(() =>
    Object.keys(window.localStorage).filter((key) => key.startsWith('speedway.last-view')),
  );
  expect(kept).toEqual([]);
});
