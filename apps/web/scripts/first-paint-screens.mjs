// Screenshots of what the prerendered pages show before and after the JavaScript runs (ADR 005),
// at phone and desktop width, for a human to look at: signed out and, for the signed-in shells,
// signed in; with JavaScript off, with the app's modules held back, and running.
//
//   npm run build && PORT=3456 node apps/server/dist/server.js
//   BASE_URL=http://127.0.0.1:3456 node apps/web/scripts/first-paint-screens.mjs
//
// BASE_URL (default http://127.0.0.1:4173), SHOTS_DIR (default /tmp/speedway-shots-9),
// SHOT_THEME=dark for the dark theme; SHOT_EMAIL / SHOT_PASSWORD: an existing verified account,
// for the signed-in pages (skipped when it cannot sign in).
import { BASE, logIn } from './lib/api.mjs';
import {
  collectErrors,
  finish,
  launchBrowser,
  newViewportContext,
  restoreSession,
  screenshotsIn,
  VIEWPORTS,
} from './lib/browser.mjs';

const THEME = process.env.SHOT_THEME ?? 'light';
const GUEST_PAGES = [
  ['/auth', 'auth'],
  ['/auth/forgot-password', 'forgot'],
  ['/auth/reset-password?token=abc', 'reset'],
  ['/auth/verify-email', 'verify-no-token'],
];
const SIGNED_IN_PAGES = [
  ['/', 'home'],
  ['/tabell', 'table'],
  ['/account', 'account'],
];

const shoot = await screenshotsIn(process.env.SHOTS_DIR ?? '/tmp/speedway-shots-9');
const browser = await launchBrowser();
const problems = [];
const login = await logIn().catch(() => null);

// nojs: JavaScript off, the HTML as sent; before-js: the app's modules held back, so the page is
// what shows while they download (before-paint.js has run); js: the app running.
const MODES = ['nojs', 'before-js', 'js'];

async function contextFor(viewport, mode) {
  const context = await newViewportContext(browser, viewport, {
    javaScriptEnabled: mode !== 'nojs',
    colorScheme: THEME === 'dark' ? 'dark' : 'light',
  });
  if (mode === 'before-js') await context.route('**/assets/*.js', (route) => route.abort());
  return context;
}

for (const viewport of VIEWPORTS) {
  for (const mode of MODES) {
    const tag = `${viewport.name}-${mode}-${THEME}`;
    const guest = await contextFor(viewport, mode);
    const page = await guest.newPage();
    if (mode === 'js') collectErrors(page, tag, problems);
    for (const [route, name] of GUEST_PAGES) {
      await page.goto(`${BASE}${route}`);
      await shoot(page, `${name}-${tag}`, { fullPage: false });
    }
    // A signed-out visitor of a signed-in page: the shell without its navigation.
    await page.goto(`${BASE}/`);
    await shoot(page, `home-signed-out-${tag}`, { fullPage: false });
    await guest.close();

    if (!login || mode === 'nojs') continue;
    const member = await contextFor(viewport, mode);
    await restoreSession(member, login);
    const signedIn = await member.newPage();
    if (mode === 'js') collectErrors(signedIn, tag, problems);
    for (const [route, name] of SIGNED_IN_PAGES) {
      await signedIn.goto(`${BASE}${route}`);
      await shoot(signedIn, `${name}-${tag}`, { fullPage: false });
    }
    await member.close();
  }
}

await finish(browser, problems, 'Browser errors:');
