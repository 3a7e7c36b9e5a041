import { expect, test } from '@playwright/test';
import { createVerifiedUser, PASSWORD, uniqueEmail } from '../support/accounts';

// ADR 005: the pages a visitor opens first are in the HTML itself, before any JavaScript runs.

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('/auth shows the shell and the sign-in form from the HTML alone', async ({ page }) => {
    await page.goto('/auth');
    const header = page.getByRole('banner');
    await expect(header.getByText('Speedway Elitserien', { exact: true })).toBeVisible();
    await expect(header.getByText('Professionellt Matchprotokoll', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Välkommen tillbaka' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Logga in' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Registrera' })).toBeVisible();
    await expect(page.getByLabel('E-postadress')).toBeVisible();
    await expect(page.getByLabel('Lösenord', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Glömt lösenordet?' })).toBeVisible();
    // Sending the form before the app runs would put the password in the address.
    await expect(page.getByRole('button', { name: 'Logga in', exact: true }).last()).toBeDisabled();
  });

  test('the pages opened from mailed links are there too', async ({ page }) => {
    await page.goto('/auth/forgot-password');
    await expect(page.getByText('Glömt lösenordet?')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Skicka återställningslänk' })).toBeVisible();
    await page.goto('/auth/reset-password?token=abc');
    await expect(page.getByText('Välj nytt lösenord')).toBeVisible();
    await expect(
      page.getByText('Länken gäller i en timme från det att mejlet skickades.'),
    ).toBeVisible();
    await page.goto('/auth/verify-email?token=abc');
    await expect(page.getByText('Verifiera e-postadress')).toBeVisible();
  });

  test('a signed-in page shows its shell, and no navigation to a visitor without a session', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('banner').getByText('Speedway Elitserien')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Huvudmeny' })).toBeHidden();
    await expect(page.getByRole('navigation', { name: 'Snabbmeny' })).toBeHidden();
    // Nor the page itself (/account once showed 'Mina sidor' and 'Logga ut' to a guest).
    await page.goto('/account');
    await expect(page.getByRole('banner').getByText('Speedway Elitserien')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Mina sidor' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Logga ut' })).toBeHidden();
  });
});

test('the app takes over the prerendered page: what was typed before it started is signed in', async ({
  page,
  request,
}, info) => {
  const email = uniqueEmail(info, 'early');
  await createVerifiedUser(request, email);
  // Hold the app's modules back until the form has been filled in from the HTML alone.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await held;
    await route.continue();
  });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });

  await page.goto('/auth', { waitUntil: 'commit' });
  const heading = page.getByRole('heading', { name: 'Välkommen tillbaka' });
  await expect(heading).toBeVisible();
  await heading.evaluate((element) => element.setAttribute('data-before-app', ''));
  await page.getByLabel('E-postadress').fill(email);
  await page.getByLabel('Lösenord', { exact: true }).fill(PASSWORD);
  release();

  const submit = page.getByRole('button', { name: 'Logga in', exact: true }).last();
  await expect(submit).toBeEnabled();
  // Hydrated, not rendered over: the heading is still the element the HTML made.
  await expect(page.locator('[data-before-app]')).toHaveCount(1);
  await submit.click();
  await expect(page).toHaveURL(/\/$/);
  expect(errors).toEqual([]);
});
