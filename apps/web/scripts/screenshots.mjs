// Screenshots of the built app at phone and desktop width, for a human to look at.
//
//   npx vite build apps/web && npx vite preview apps/web --port 4173   (proxies /api to :3000)
//   node apps/web/scripts/screenshots.mjs
//
// BASE_URL (default http://127.0.0.1:4173), SHOTS_DIR (default /tmp/speedway-shots),
// SHOT_EMAIL / SHOT_PASSWORD: an existing verified account (npm run create-user);
// SHOT_ADMIN_EMAIL / SHOT_ADMIN_PASSWORD: an optional super_admin for the admin area.
import { BASE, EMAIL, PASSWORD } from './lib/api.mjs';
import {
  collectErrors,
  finish,
  launchBrowser,
  newViewportContext,
  screenshotsIn,
  VIEWPORTS,
} from './lib/browser.mjs';

const ADMIN_EMAIL = process.env.SHOT_ADMIN_EMAIL;
const ADMIN_PASSWORD = process.env.SHOT_ADMIN_PASSWORD ?? PASSWORD;
const THEMES = (process.env.SHOT_THEMES ?? 'light').split(',');

const shoot = await screenshotsIn(process.env.SHOTS_DIR ?? '/tmp/speedway-shots');
const browser = await launchBrowser();
const problems = [];

// Sign in through the form, as a person would.
async function signIn(page, email, password) {
  await page.goto(`${BASE}/auth`);
  await page.getByLabel('E-postadress').fill(email);
  await page.getByLabel('Lösenord', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Logga in' }).click();
}

for (const theme of THEMES) {
  for (const viewport of VIEWPORTS) {
    const context = await newViewportContext(browser, viewport, {
      colorScheme: theme === 'dark' ? 'dark' : 'light',
    });
    const page = await context.newPage();
    // The wrong-password step answers 401 on purpose; anything else is a problem.
    collectErrors(page, viewport.name, problems, (text) => text.includes('status of 401'));
    const tag = `${viewport.name}-${theme}`;

    await page.goto(`${BASE}/auth`);
    await page.getByRole('tab', { name: 'Logga in' }).waitFor();
    await shoot(page, `auth-${tag}`);

    await page.goto(`${BASE}/den-har-sidan-finns-inte`);
    await page.getByRole('heading', { name: '404 – Sidan finns inte' }).waitFor();
    await shoot(page, `404-${tag}`);

    for (const [route, name, text] of [
      ['/auth/forgot-password', 'forgot', 'Glömt lösenordet?'],
      ['/auth/reset-password', 'reset-no-token', 'Ogiltig länk'],
      ['/auth/reset-password?token=abc', 'reset', 'Välj nytt lösenord'],
      ['/auth/verify-email', 'verify-no-token', 'Verifieringslänken saknar token.'],
    ]) {
      await page.goto(`${BASE}${route}`);
      await page.getByText(text).first().waitFor();
      await shoot(page, `${name}-${tag}`);
    }

    const worker = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker?.getRegistration('/');
      return registration?.active?.scriptURL ?? registration?.installing?.scriptURL ?? null;
    });
    if (!worker?.endsWith('/sw.js'))
      problems.push(`${viewport.name}: service worker not registered`);

    // A failed sign-in shows its toast.
    await signIn(page, EMAIL, 'fel-losenord');
    await page.getByText('Inloggning misslyckades').waitFor();
    await shoot(page, `auth-error-${tag}`);

    await signIn(page, EMAIL, PASSWORD);
    await page.waitForURL((url) => url.pathname === '/' || url.pathname === '/admin');

    for (const [route, name] of [
      ['/account', 'account'],
      ['/account/security', 'security'],
      ['/account/privacy', 'privacy'],
      ['/account/appearance', 'appearance'],
      ['/my-matches', 'my-matches'],
    ]) {
      await page.goto(`${BASE}${route}`);
      await page.locator('main h1').first().waitFor();
      await shoot(page, `${name}-${tag}`);
    }

    // Two-factor setup shows the QR code and the key; cancelling leaves it switched off.
    await page.goto(`${BASE}/account/security`);
    await page.getByText(/^(Inte aktiverad|Aktiverad)$/).waitFor();
    const enable = page.getByRole('button', { name: 'Aktivera tvåfaktorsautentisering' });
    if (await enable.isVisible()) {
      await enable.click();
      await page.getByAltText('QR-kod för autentiseringsappen').waitFor();
      await shoot(page, `two-factor-setup-${tag}`);
      await page.getByRole('button', { name: 'Avbryt' }).click();
    }

    if (ADMIN_EMAIL) {
      await page.goto(`${BASE}/account`);
      await page.getByRole('button', { name: 'Logga ut' }).click();
      await page.waitForURL((url) => url.pathname === '/auth');
      await page.getByText('Utloggad').waitFor();
      await shoot(page, `signed-out-${tag}`);
      await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
      await page.waitForURL((url) => url.pathname === '/admin');
      await page.getByRole('heading', { name: 'Översikt' }).waitFor();
      await shoot(page, `admin-${tag}`);
    }
    await context.close();
  }
}

await finish(browser, problems, 'Browser errors:');
