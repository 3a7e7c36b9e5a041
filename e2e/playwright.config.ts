import { defineConfig, devices } from '@playwright/test';

// Debian's Chromium, never a downloaded browser: its old headless shell (package
// chromium-headless-shell, the same Blink without the browser's UI), which Playwright's own
// headless runs use too; it took about 40 % less CPU per test than the full browser in headless
// mode here (ADR 020). Flags keep it off the (closed) network.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';
const chromium = {
  executablePath: CHROMIUM_PATH,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

const desktop = {
  ...devices['Desktop Chrome'],
  viewport: { width: 1280, height: 800 },
  launchOptions: chromium,
};
const phone = {
  ...devices['Pixel 7'],
  viewport: { width: 390, height: 844 },
  launchOptions: chromium,
};

/**
 * Tests tagged @alone run after all the others, one at a time: those that change what every other
 * test's pages show (the one global announcement, a club's drawn ad), and two that reload a page
 * right after changing its data behind its back through the API, kept at the pace they were
 * written for.
 */
const ALONE = /@alone/;

/**
 * Each behaviour is walked at one width, unless the width changes it (ADR 019): a spec that means
 * something at one width only says so in its name (`*.phone.spec.ts`, `*.desktop.spec.ts`), a single
 * test in a spec for both by its tag (`@phone`, `@desktop`).
 */
const ONLY_PHONE = /@phone\b/;
/**
 * Tests tagged @browser need the browser itself, not its headless shell: web push (a push
 * subscription, the service worker's push event) exists only there. They run in a project of
 * their own on /usr/bin/chromium.
 */
const BROWSER = /@browser\b/;
const BROWSER_PATH = process.env.CHROMIUM_BROWSER_PATH ?? '/usr/bin/chromium';
const ONLY_DESKTOP = /@desktop\b/;
const either = (...patterns: RegExp[]) =>
  new RegExp(patterns.map((pattern) => pattern.source).join('|'));

export default defineConfig({
  testDir: './tests',
  outputDir: './artifacts/results',
  globalSetup: './support/global-setup.ts',
  fullyParallel: false,
  // Three spec files at a time (ADR 020): the browser tests mostly wait (a whole run with two used
  // 22.6 CPU-minutes in 34 minutes on two cores); with one it took 15.5–17.4 min, two 12.5 when
  // the suite was smaller (ADR 013).
  workers: Number(process.env.E2E_WORKERS ?? 3),
  // CI: a test that fails is run once more, and one that then passes is listed as flaky in the
  // report (ADR 020): a real break fails twice; a timing flake on a loaded runner no longer keeps
  // a whole submission from landing, and stays in the report to be found. Here: never.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  // Room for a slow runner: the same machine kind ran the suite in 12.5 min one day and needed
  // about 30 the next (Vitest's phase 555 s against 941 s), and steps such as opening the heat
  // dialog then passed 10 s. An expectation still has to come true; it may take longer.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  reporter: [['list']],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    locale: 'sv-SE',
    timezoneId: 'Europe/Stockholm',
    // A trace is recorded while a test runs (a screencast and a DOM snapshot per action) and costs
    // about 40 % of a test's CPU here (protocol.spec: 39.7 against 23.8 CPU-s without). CI records
    // it only when a failed test runs again, so a real break still leaves its trace (ADR 020).
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: chromium,
  },
  projects: [
    // A spec that only means something at one width says so in its name.
    {
      name: 'desktop',
      testIgnore: '**/*.phone.spec.ts',
      grepInvert: either(ALONE, ONLY_PHONE, BROWSER),
      use: desktop,
    },
    {
      name: 'phone',
      testIgnore: '**/*.desktop.spec.ts',
      grepInvert: either(ALONE, ONLY_DESKTOP, BROWSER),
      use: phone,
    },
    {
      name: 'phone-browser',
      testIgnore: '**/*.desktop.spec.ts',
      grep: BROWSER,
      grepInvert: either(ALONE, ONLY_DESKTOP),
      use: { ...phone, launchOptions: { ...chromium, executablePath: BROWSER_PATH } },
    },
    {
      name: 'desktop-alone',
      testIgnore: '**/*.phone.spec.ts',
      grep: ALONE,
      grepInvert: ONLY_PHONE,
      dependencies: ['desktop', 'phone'],
      workers: 1,
      use: desktop,
    },
    {
      name: 'phone-alone',
      testIgnore: '**/*.desktop.spec.ts',
      grep: ALONE,
      grepInvert: ONLY_DESKTOP,
      dependencies: ['desktop-alone'],
      workers: 1,
      use: phone,
    },
  ],
});
