import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { createVerifiedUser, signInThroughForm, uniqueEmail } from '../support/accounts';

// Nothing heavy on the critical path of a screen that does not need it. The home
// page's guides read the tutorial state on every start; they did so with the contract's schemas,
// which loaded and built zod (about 24 KiB and the longest task of the home page's start on a
// slow phone). The sign-in form validates with the contracts and does load it: that is the proof
// that the chunk is seen where it is used.

const ZOD_CHUNK = /\/assets\/zod-[\w-]+\.js$/;

function scriptsRequested(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') urls.push(request.url());
  });
  return urls;
}

test('the home page starts and shows its guide without loading zod', async ({
  page,
  context,
  request,
}, info) => {
  const email = uniqueEmail(info, 'critical-path');
  await createVerifiedUser(request, email, undefined, { tutorials: 'new' });
  const signInScripts = scriptsRequested(page);
  await signInThroughForm(page, email, undefined, { tutorials: 'new' });
  await expect(page).toHaveURL(/\/$/);
  expect(signInScripts.filter((url) => ZOD_CHUNK.test(url))).toHaveLength(1);

  // A new start of the home page, with the session and the tutorial state this device now keeps.
  const home = await context.newPage();
  const homeScripts = scriptsRequested(home);
  await home.goto('/');
  // A new user's intro: the guides have read the state and decided what to show.
  await expect(
    home.getByRole('dialog', { name: 'Välkommen till Speedway Elitserien' }),
  ).toBeVisible();
  await home.waitForLoadState('networkidle');
  expect(homeScripts.length).toBeGreaterThan(5);
  expect(homeScripts.filter((url) => ZOD_CHUNK.test(url))).toEqual([]);
});
