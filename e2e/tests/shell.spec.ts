import { expect, test } from '@playwright/test';
import { createVerifiedUser, signInThroughForm, uniqueEmail } from '../support/accounts';

test('unknown paths show the 404 page with a way home', async ({ page }) => {
  await page.goto('/finns/inte');
  await expect(page.getByText('404 – Sidan finns inte')).toBeVisible();
  await page.getByRole('link', { name: /start/i }).click();
  await expect(page).not.toHaveURL(/finns/);
});

test('signed out: protected pages go to /auth and the header offers Logga in', async ({ page }) => {
  await page.goto('/account/security');
  await expect(page).toHaveURL(/\/auth/);
  await expect(page.getByText('Speedway Elitserien').first()).toBeVisible();
  await expect(page.getByText('Professionellt Matchprotokoll').first()).toBeVisible();
});

test('the layout: bottom bar with five slots on phones, top navigation on desktop', async ({
  page,
  request,
}, info) => {
  const email = uniqueEmail(info, 'layout');
  await createVerifiedUser(request, email);
  await signInThroughForm(page, email);
  await expect(page).toHaveURL(/\/$/);
  const bottom = page.getByRole('navigation', { name: 'Snabbmeny' });
  const top = page.getByRole('navigation', { name: 'Huvudmeny' });
  if (info.project.name === 'phone') {
    await expect(bottom).toBeVisible();
    await expect(top).toBeHidden();
    for (const label of ['Hem', 'Matcher', 'Ny', 'Tabell', 'Inställningar']) {
      await expect(bottom.getByRole('link', { name: label })).toBeVisible();
    }
    await expect(bottom.getByRole('link')).toHaveCount(5);
    // Nothing is wider than the screen.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  } else {
    await expect(top).toBeVisible();
    await expect(bottom).toBeHidden();
    await expect(page.getByRole('link', { name: 'Mina sidor' })).toBeVisible();
  }
  await page.screenshot({ path: `artifacts/screens/home-${info.project.name}.png` });
});
