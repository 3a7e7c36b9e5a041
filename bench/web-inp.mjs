// INP of a placement click in the heat dialog (DESIGN.md: ≤ 100 ms), on a phone-sized page with
// the CPU slowed 4x as Lighthouse's mobile preset does. The click's latency is read from the Event
// Timing entries of that one interaction (how INP measures each interaction); web-vitals' onINP
// over the whole visit (opening the dialog included) is reported beside it.
/* global window -- the page.evaluate callbacks run in the browser */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, median } from './web-budgets.mjs';
import { sessionInitScript } from './web-fixtures.mjs';

const require = createRequire(import.meta.url);
// The IIFE build (a global `webVitals`) sits beside the CommonJS one; its path is not exported.
const WEB_VITALS = path.join(path.dirname(require.resolve('web-vitals')), 'web-vitals.iife.js');

/** Runs `runs` fresh visits of /match/{matchId}; returns { placement, visit } medians in ms. */
export async function measurePlacementInp(server, session, matchId, runs) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    const placement = [];
    const visit = [];
    for (let i = 0; i < runs; i++) {
      const result = await oneVisit(browser, `${server.url}/match/${matchId}`, session);
      console.log(
        `  heat dialog run ${i + 1}: placement click ${result.placement} ms, visit INP ${result.visit} ms`,
      );
      placement.push(result.placement);
      visit.push(result.visit);
    }
    return { placement: median(placement), visit: median(visit) };
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
    await register.click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await page.waitForTimeout(500);

    // Only the interactions from here on: the placement click.
    await page.evaluate(() => {
      window.__clickEntries = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          if (entry.interactionId) window.__clickEntries.push(entry.duration);
      }).observe({ type: 'event', durationThreshold: 16 });
    });
    await dialog.getByRole('button', { name: 'Placering 1' }).first().click();
    await page.waitForTimeout(1000);
    // Event Timing reports entries of 16 ms or more; a faster click leaves none and counts as 16.
    const placement = await page.evaluate(() => Math.max(16, ...window.__clickEntries));
    // reportAllChanges: onINP has already reported every interaction that raised the INP.
    const visit = await page.evaluate(() => window.__visitInp);
    return { placement, visit };
  } finally {
    await context.close();
  }
}
