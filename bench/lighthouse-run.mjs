// One Lighthouse 13 run of a page, as the budgets take it (mobile defaults: simulated Slow 4G, 4x
// CPU), in a fresh tab of a Chromium that puppeteer drives: shared by lighthouse.mjs (the budgets)
// and lighthouse-compare.mjs (two builds side by side).
import lighthouse from 'lighthouse';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sessionInitScript } from './web-fixtures.mjs';

/** Lighthouse's own names for the figures the budgets talk about. */
export const AUDITS = {
  fcp: 'first-contentful-paint',
  lcp: 'largest-contentful-paint',
  tbt: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  si: 'speed-index',
};

/**
 * One Lighthouse navigation in a fresh tab; a warm run loads the page once first. Returns the
 * score, the figures of AUDITS, the LCP element and the whole report (`lhr`); with `reportDir` it
 * also writes the report and its trace there.
 */
export async function runLighthouse(browser, url, { name, session, warm }, index, reportDir) {
  const page = await browser.newPage();
  try {
    if (session) await page.evaluateOnNewDocument(sessionInitScript(session));
    if (warm) await page.goto(url, { waitUntil: 'networkidle0' });
    const result = await lighthouse(
      url,
      {
        logLevel: 'error',
        output: 'json',
        onlyCategories: ['performance'],
        // A warm run keeps the HTTP cache (and storage) of the load just before it.
        disableStorageReset: Boolean(warm),
      },
      undefined,
      page,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
    if (reportDir) {
      mkdirSync(reportDir, { recursive: true });
      const file = `${name.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '')}-${index + 1}.json`;
      writeFileSync(path.join(reportDir, file), JSON.stringify(lhr));
      // The run's Chromium trace beside it, for finding what a long task held.
      const trace = result.artifacts?.Trace;
      if (trace)
        writeFileSync(
          path.join(reportDir, file.replace(/\.json$/, '.trace.json')),
          JSON.stringify(trace),
        );
    }
    const lcpNode = lhr.audits['lcp-breakdown-insight']?.details?.items?.find(
      (item) => item.type === 'node',
    );
    return {
      score: Math.round((lhr.categories.performance.score ?? 0) * 100),
      ...Object.fromEntries(
        Object.entries(AUDITS).map(([key, id]) => [key, lhr.audits[id]?.numericValue ?? NaN]),
      ),
      lcpElement: lcpNode ? `${lcpNode.nodeLabel} ${lcpNode.selector}`.slice(0, 90) : 'none',
      lhr,
    };
  } finally {
    await page.close();
  }
}

/** Lighthouse now and then loses the trace of a load (NO_NAVSTART); such a run is done again. */
export async function withRetries(run, attempts = 3) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= attempts) throw error;
      console.log(`  (run failed, trying again: ${error.message})`);
    }
  }
}
