// INP of the heat dialog, on a phone-sized page with the CPU slowed 4x as Lighthouse's mobile
// preset does: opening it ('Registrera heat', budget 200 ms) and a placement click in it (DESIGN.md:
// ≤ 100 ms). Each interaction's latency is read from the Event Timing entries of that one
// interaction (how INP measures each interaction); web-vitals' onINP over the whole visit is
// reported beside them.
//
// On its own (npm run build first): node bench/web-inp.mjs [runs]
/* global window -- the page.evaluate callbacks run in the browser */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startBuiltServer } from './lib.mjs';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, median } from './web-budgets.mjs';
import { prepareSignedInVisit, sessionInitScript } from './web-fixtures.mjs';

const require = createRequire(import.meta.url);
// The IIFE build (a global `webVitals`) sits beside the CommonJS one; its path is not exported.
const WEB_VITALS = path.join(path.dirname(require.resolve('web-vitals')), 'web-vitals.iife.js');

/** Runs `runs` fresh visits of /match/{matchId}; returns { open, placement, visit } medians in ms. */
export async function measureHeatDialogInp(server, session, matchId, runs) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    const results = [];
    for (let i = 0; i < runs; i++) {
      const result = await oneVisit(browser, `${server.url}/match/${matchId}`, session);
      console.log(
        `  heat dialog run ${i + 1}: open ${result.open} ms, placement click ${result.placement} ms, visit INP ${result.visit} ms`,
      );
      results.push(result);
    }
    return Object.fromEntries(
      ['open', 'placement', 'visit'].map((key) => [key, median(results.map((r) => r[key]))]),
    );
  } finally {
    await browser.close();
  }
}

async function oneVisit(browser, url, session) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'sv-SE',
  });
  try {
    await context.addInitScript(sessionInitScript(session));
    // One script: the IIFE's `var webVitals` is local to the wrapper each init script runs in.
    await context.addInitScript(
      `${readFileSync(WEB_VITALS, 'utf8')}
      window.__visitInp = 0;
      webVitals.onINP((metric) => (window.__visitInp = metric.value), { reportAllChanges: true });`,
    );
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(url);
    const register = page.getByRole('button', { name: 'Registrera heat' }).first();
    await register.waitFor();
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);

    const dialog = page.getByRole('dialog');
    const open = await interactionLatency(page, async () => {
      await register.click();
      await dialog.waitFor();
    });
    const placement = await interactionLatency(page, () =>
      dialog.getByRole('button', { name: 'Placering 1' }).first().click(),
    );
    // reportAllChanges: onINP has already reported every interaction that raised the INP.
    const visit = await page.evaluate(() => window.__visitInp);
    return { open, placement, visit };
  } finally {
    await context.close();
  }
}

/**
 * The latency of the interaction `act` performs: the longest Event Timing entry (pointerdown,
 * pointerup, click) that belongs to an interaction, from input to the next paint.
 */
async function interactionLatency(page, act) {
  await page.evaluate(() => {
    window.__entries = [];
    window.__observer?.disconnect();
    window.__observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        if (entry.interactionId) window.__entries.push(entry.duration);
    });
    window.__observer.observe({ type: 'event', durationThreshold: 16 });
  });
  await act();
  // The entries of an interaction arrive after its next paint; let things settle.
  await page.waitForTimeout(1000);
  // Event Timing reports entries of 16 ms or more; a faster interaction leaves none: 16.
  return page.evaluate(() => Math.max(16, ...window.__entries));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const runs = Number(process.argv[2] ?? 3);
  const server = await startBuiltServer();
  try {
    const { session, matchId } = await prepareSignedInVisit(server);
    const inp = await measureHeatDialogInp(server, session, matchId, runs);
    console.log(
      `heat dialog INP medians of ${runs}: open ${inp.open} ms, placement ${inp.placement} ms, visit ${inp.visit} ms`,
    );
  } finally {
    await server.stop();
  }
}
