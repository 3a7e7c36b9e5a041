// Web budgets (DESIGN.md): Lighthouse 13 with its mobile defaults (simulated Slow 4G,
// 4x CPU) in Debian's Chromium for /auth, / signed in, /statistik, a rider's and a team's page,
// /match/{id} cold and warm,
// each the median of LH_RUNS runs (3); and the INP of opening the heat dialog and of a placement
// click in it (web-inp.mjs). Starts the built server on a fresh embedded database (npm run build
// first). Prints every figure next to its budget; it never fails on a figure, only when it cannot
// measure.
//
//   LH_RUNS=3  LH_REPORT_DIR=/tmp/lh (writes each run's full JSON report and its trace there)  LH_ONLY=/auth (pages whose path or name starts so; 'inp' for the INP alone)
import * as chromeLauncher from 'chrome-launcher';
import puppeteer from 'puppeteer-core';
import { apiCall, reportQuietWait, startBuiltServer } from './lib.mjs';
import { AUDITS, runLighthouse, withRetries } from './lighthouse-run.mjs';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, formatBudgetTable, median } from './web-budgets.mjs';
import { prepareSignedInVisit } from './web-fixtures.mjs';
import { measureHeatDialogInp } from './web-inp.mjs';

const RUNS = Number(process.env.LH_RUNS ?? 3);
const REPORT_DIR = process.env.LH_REPORT_DIR;
const ONLY = process.env.LH_ONLY;

async function main() {
  await reportQuietWait();
  const server = await startBuiltServer();
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROMIUM_FLAGS,
  });
  try {
    const { session, matchId } = await prepareSignedInVisit(server);
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    // The ranking's first rider and his team: their pages, as a link from the ranking opens them.
    const [leader] = (await apiCall(server, session.token, 'GET', '/api/stats/riders')).riders;
    if (!leader) throw new Error('the demo season gave no rider statistics');
    const pages = [
      { name: '/auth', url: '/auth' },
      { name: '/ (signed in)', url: '/', session },
      { name: '/statistik', url: '/statistik', session },
      { name: '/forare/{id}', url: `/forare/${leader.rider_id}`, session },
      { name: '/lag/{id}', url: `/lag/${leader.teams[0].id}`, session },
      { name: '/match/{id} cold', url: `/match/${matchId}`, session },
      { name: '/match/{id} warm', url: `/match/${matchId}`, session, warm: true },
    ].filter((p) => !ONLY || p.url === ONLY || p.name.startsWith(ONLY));

    const results = {};
    for (const target of pages) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) {
        runs.push(
          await withRetries(() =>
            runLighthouse(browser, `${server.url}${target.url}`, target, i, REPORT_DIR),
          ),
        );
        const last = runs.at(-1);
        console.log(
          `  ${target.name} run ${i + 1}: performance ${last.score}, FCP ${ms(last.fcp)}, LCP ${ms(last.lcp)}, TBT ${ms(last.tbt)}, CLS ${last.cls.toFixed(3)} (LCP element: ${last.lcpElement})`,
        );
      }
      results[target.name] = Object.fromEntries(
        ['score', ...Object.keys(AUDITS)].map((k) => [k, median(runs.map((r) => r[k]))]),
      );
    }
    await browser.disconnect();

    const inp =
      ONLY && ONLY !== 'inp' ? null : await measureHeatDialogInp(server, session, matchId, RUNS);
    console.log(`\nWeb performance, Lighthouse ${RUNS}-run medians (${new Date().toISOString()})`);
    console.log(formatBudgetTable(results, inp));
  } finally {
    await chrome.kill();
    await server.stop();
  }
}

const ms = (value) => `${Math.round(value)} ms`;

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
