import { expect, test } from '@playwright/test';
import {
  createVerifiedUser,
  PASSWORD,
  signInThroughForm,
  totp,
  uniqueEmail,
} from '../support/accounts';
import { waitForLink } from '../support/mailbox';

test('a new user registers, follows the mailed link, signs in, sees the account and signs out', async ({
  page,
}, info) => {
  const email = uniqueEmail(info, 'ny');
  await page.goto('/auth');
  // The page is prerendered: its tabs switch once the app has started (the sign-in button is
  // enabled from then on). A click before that is a click on plain HTML.
  await expect(page.getByRole('button', { name: 'Logga in', exact: true }).last()).toBeEnabled();
  await page.getByRole('tab', { name: 'Registrera' }).click();
  await page.getByLabel('E-postadress').fill(email);
  await page.getByLabel('Lösenord', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Skapa konto' }).click();

  // Back on the login tab with the e-mail filled in.
  await expect(page.getByRole('tab', { name: 'Logga in' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByLabel('E-postadress')).toHaveValue(email);

  // Signing in before verifying is refused with a Swedish message.
  await page.getByLabel('Lösenord', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Logga in', exact: true }).last().click();
  await expect(page.getByText('Inloggning misslyckades')).toBeVisible();
  await expect(page.getByText(/inte verifierad/).first()).toBeVisible();

  const link = await waitForLink(email, '/auth/verify-email');
  await page.goto(link.pathname + link.search);
  await expect(page.getByText('E-postadressen är verifierad. Du kan nu logga in.')).toBeVisible();
  await page.getByRole('link', { name: 'Logga in' }).last().click();

  await signInThroughForm(page, email);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/account');
  await expect(page.getByRole('heading', { name: 'Mina sidor' })).toBeVisible();
  await expect(page.getByText(email).first()).toBeVisible();

  await page.getByRole('button', { name: 'Logga ut' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByText('Utloggad')).toBeVisible();
  await expect(page.getByText('Du har loggats ut.')).toBeVisible();
  // The session is gone: protected pages send the visitor back to sign in.
  await page.goto('/account');
  await expect(page).toHaveURL(/\/auth/);
});

test('two-factor sign-in: enable with the QR secret, then a wrong code clears the field and the right one signs in', async ({
  page,
  request,
}, info) => {
  const email = uniqueEmail(info, 'tvafaktor');
  await createVerifiedUser(request, email);
  await signInThroughForm(page, email);
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/account/security');
  await page.getByRole('button', { name: 'Aktivera tvåfaktorsautentisering' }).click();
  // Turning 2FA on takes the password (ADR 016).
  await page.getByLabel('Lösenord', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Fortsätt' }).click();
  await expect(page.getByRole('img', { name: 'QR-kod för autentiseringsappen' })).toBeVisible();
  const secret = (await page.locator('code').first().textContent())!.trim();
  // The sixth digit submits by itself.
  await page.getByLabel('Verifieringskod').pressSequentially(await totp(secret));
  await expect(page.getByText('Tvåfaktorsautentisering är aktiverad.')).toBeVisible();
  // The recovery codes are shown once, until the user says they are saved.
  const codes = page.getByRole('list', { name: 'Återställningskoder' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await page.getByRole('button', { name: 'Jag har sparat koderna' }).click();
  await expect(
    page.getByRole('button', { name: 'Stäng av tvåfaktorsautentisering' }),
  ).toBeVisible();

  await page.goto('/account');
  await page.getByRole('button', { name: 'Logga ut' }).click();
  await expect(page).toHaveURL(/\/auth$/);

  await signInThroughForm(page, email);
  await expect(page.getByTestId('device-label')).not.toBeEmpty();
  const code = page.getByLabel('Verifieringskod');
  const right = await totp(secret, 1);
  await code.pressSequentially(right === '000000' ? '111111' : '000000');
  await expect(page.getByText('Felaktig kod')).toBeVisible();
  await expect(page.getByText('Prova igen.')).toBeVisible();
  await expect(code).toHaveValue('');
  await code.pressSequentially(right);
  await expect(page).toHaveURL(/\/$/);
});

test('forgot password: the mailed link sets a new password and redirects to sign in', async ({
  page,
  request,
}, info) => {
  const email = uniqueEmail(info, 'glomsk');
  await createVerifiedUser(request, email);
  await page.goto('/auth');
  await page.getByRole('link', { name: /Glömt lösenordet/ }).click();
  // The sign-in form has an 'E-postadress' too: it stays until the page's code has arrived.
  await expect(page.getByRole('heading', { name: 'Glömt lösenordet?' })).toBeVisible();
  await page.getByLabel('E-postadress').fill(email);
  await page.getByRole('button', { name: /Skicka/ }).click();
  const link = await waitForLink(email, '/auth/reset-password');
  await page.goto(link.pathname + link.search);
  await expect(page.getByText(/en timme/)).toBeVisible();
  await page.getByLabel('Nytt lösenord', { exact: true }).fill('helt-nytt-lösenord-2');
  await page.getByLabel(/Bekräfta/).fill('helt-nytt-lösenord-2');
  await page.getByRole('button', { name: 'Spara nytt lösenord' }).click();
  await expect(page).toHaveURL(/\/auth$/, { timeout: 5000 });
  await signInThroughForm(page, email, 'helt-nytt-lösenord-2');
  await expect(page).toHaveURL(/\/$/);
});
