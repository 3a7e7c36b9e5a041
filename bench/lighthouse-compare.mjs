// Two builds of the web app side by side under Lighthouse (lighthouse-run.mjs), for telling whether
// a change made a page faster on a machine whose noise is larger than the change: each build is
// served by its own built server on its own embedded database, and their runs alternate (A B, B A,
// ...) so that a slow minute of the machine falls on both. Prints every run (score, TBT, LCP and
// the long tasks after the first paint, as Lighthouse simulates them) and, per build, the medians
// and the mean TBT. A tool for deciding, not a budget: the budgets are lighthouse.mjs's.
//
// After building both (e.g. `cd apps/web && vite build --outDir /tmp/before`):
//   node bench/lighthouse-compare.mjs /tmp/before /tmp/after [home|match|auth]   (LH_RUNS=10 each)
import * as chromeLauncher from 'chrome-launcher';
import puppeteer from 'puppeteer-core';
import { startBuiltServer } from './lib.mjs';
import { runLighthouse, withRetries } from './lighthouse-run.mjs';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, median } from './web-budgets.mjs';
import { prepareSignedInVisit } from './web-fixtures.mjs';

const [distA, distB, pageName = 'home'] = process.argv.slice(2);
if (!distA || !distB) {
  console.error('usage: node bench/lighthouse-compare.mjs DIST_A DIST_B [home|match|auth]');
  process.exit(2);
}
const RUNS = Number(process.env.LH_RUNS ?? 10);
const PATHS = { home: () => '/', match: (matchId) => `/match/${matchId}`, auth: () => '/auth' };
if (!PATHS[pageName]) throw new Error(`unknown page '${pageName}': home, match or auth`);

const round = (value) => Math.round(value);
const mean = (values) => values.reduce((sum, v) => sum + v, 0) / values.length;

/** Lighthouse's long tasks after the first paint: what its TBT is made of. */
function longTasks(lhr) {
  const fcp = lhr.audits['first-contentful-paint'].numericValue;
  return (lhr.audits['long-tasks']?.details?.items ?? [])
    .filter((task) => task.startTime + task.duration > fcp)
    .map((task) => {
      const where =
        task.url
          .split('/')
          .pop()
          .replace(/-[\w-]{6,10}\.js$/, '') || 'page';
      return `${where} ${round(task.duration)}`;
    })
    .join(', ');
}

async function main() {
  const builds = [];
  for (const [label, dist] of [
    ['A', distA],
    ['B', distB],
  ]) {
    const server = await startBuiltServer({ WEB_DIST: dist });
    const visit = await prepareSignedInVisit(server);
    builds.push({ label, dist, server, visit, runs: [] });
  }
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROMIUM_FLAGS,
  });
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    for (let i = 0; i < RUNS; i++) {
      for (const build of i % 2 === 0 ? builds : [...builds].reverse()) {
        const url = `${build.server.url}${PATHS[pageName](build.visit.matchId)}`;
        const target = {
          name: pageName,
          session: pageName === 'auth' ? null : build.visit.session,
        };
        const run = await withRetries(() => runLighthouse(browser, url, target, i));
        build.runs.push(run);
        console.log(
          `  ${build.label} run ${i + 1}: performance ${run.score}, TBT ${round(run.tbt)} ms, LCP ${round(run.lcp)} ms; long tasks: ${longTasks(run.lhr) || 'none'}`,
        );
      }
    }
    await browser.disconnect();
  } finally {
    await chrome.kill();
    for (const build of builds) await build.server.stop();
  }
  console.log(`\n${pageName}, ${RUNS} runs each, alternating (${new Date().toISOString()})`);
  for (const { label, dist, runs } of builds) {
    const tbt = runs.map((r) => r.tbt).filter(Number.isFinite);
    console.log(
      `  ${label} ${dist}: performance median ${median(runs.map((r) => r.score))}, TBT median ${round(median(tbt))} ms, mean ${round(mean(tbt))} ms, LCP median ${round(median(runs.map((r) => r.lcp)))} ms`,
    );
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
