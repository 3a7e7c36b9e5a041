import { expect, test } from '@playwright/test';

test('unknown paths show the 404 page with a way home', async ({ page }) => {
  await page.goto('/finns/inte');
  await expect(page.getByText('404 – Sidan finns inte')).toBeVisible();
  await expect(page.getByRole('link', { name: /start/i })).toBeVisible();
});

test('the API answers health', async ({ request }) => {
  const res = await request.get('/api/health');
  expect(res.status()).toBe(200);
  expect(await res.json()).toEqual({ status: 'ok' });
});
