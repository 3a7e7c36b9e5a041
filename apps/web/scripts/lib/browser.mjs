// The browser side of the screenshot scripts: Chromium, a context per screen size, a page signed
// in the way a previous visit leaves it, the errors it logs, and the pictures.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { chromium } from 'playwright-core';

export const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844, isMobile: true, hasTouch: true },
  { name: 'desktop', width: 1280, height: 800, isMobile: false, hasTouch: false },
];

/** Debian's Chromium, headless; the flags keep it off the (closed) network, as in e2e. */
export function launchBrowser() {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** A Swedish-locale context at one of VIEWPORTS; `options` adds e.g. colorScheme, reducedMotion. */
export function newViewportContext(browser, viewport, options = {}) {
  return browser.newContext({
    viewport: { width: viewport.width, height: viewport.height },
    isMobile: viewport.isMobile,
    hasTouch: viewport.hasTouch,
    deviceScaleFactor: 1,
    locale: 'sv-SE',
    ...options,
  });
}

/** Every page of `context` starts signed in as `login` (from api.mjs logIn), as after a visit. */
export function restoreSession(context, login) {
  return context.addInitScript(
    ([t, u]) => {
      localStorage.setItem('speedway.token', t);
      localStorage.setItem('speedway.user', u);
    },
    [login.token, JSON.stringify(login.user)],
  );
}

/**
 * Adds the page's uncaught errors and logged errors to `problems`, labelled; `ignore(text)` lets
 * through a logged error the script causes on purpose (a wrong password's 401, say).
 */
export function collectErrors(page, label, problems, ignore = () => false) {
  page.on('pageerror', (error) => problems.push(`${label}: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && !ignore(message.text()))
      problems.push(`${label}: ${message.text()}`);
  });
}

/**
 * Makes `dir` and returns shoot(page, name, { fullPage }), which waits for the network and then
 * `settleMs` more (toasts, transitions), runs `inspect(page, name)` if given, and saves
 * `dir/name.png`.
 */
export async function screenshotsIn(dir, { settleMs = 400, inspect } = {}) {
  await mkdir(dir, { recursive: true });
  return async function shoot(page, name, { fullPage = true } = {}) {
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(settleMs);
    await inspect?.(page, name);
    const file = path.join(dir, `${name}.png`);
    await page.screenshot({ path: file, fullPage });
    console.log(file);
  };
}

/** Closes the browser; any problem fails the run, listed under `heading`. */
export async function finish(browser, problems, heading) {
  await browser.close();
  if (problems.length > 0) {
    console.error(`${heading}\n${problems.join('\n')}`);
    process.exitCode = 1;
  }
}
