// A heat saved on a weak phone: the time from the tap on 'Spara resultat' to the toast
// 'Heat n sparat' (the server has the heat), and what the app sent after the save's own request.
// Signed in, a protocol open at 390 px in Debian's Chromium with 150 ms latency, 1.6 Mbit/s and the
// CPU slowed 4× (the throttling of web-content.mjs), heats 1–SAVE_HEATS entered one after the
// other through the heat dialog as a user does. Per save it reports tap → request left, tap →
// toast, and the requests that followed the save before the next tap (refetches of what the reply
// already carried, say).
//
// Prints each save, then medians; like every bench it never fails on a figure, only when it
// cannot measure.
//
// After npm run build: node bench/web-heat-save.mjs   (SAVE_HEATS=6, SAVE_RUNS=2 pages;
// WEB_DIST=/tmp/other-build to measure another build; the machine should be idle: `uptime`)
/* global document, requestAnimationFrame -- the page.evaluate callbacks run in the browser */
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { reportQuietWait, startBuiltServer } from './lib.mjs';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, median } from './web-budgets.mjs';
import { newPhoneContext, throttle, THROTTLING } from './web-content.mjs';
import { prepareSignedInVisit, startProtocol } from './web-fixtures.mjs';

const HEATS = Number(process.env.SAVE_HEATS ?? 6);
const RUNS = Number(process.env.SAVE_RUNS ?? 2);

async function openProtocol(browser, session, url) {
  const context = await newPhoneContext(browser, session);
  const page = await context.newPage();
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.getByText(/\d+\/15 Heat komplett/).waitFor();
  await throttle(context, page);
  return { context, page };
}

/** Enters heat n in the dialog, places 1–4 by lane; returns the save's timings and requests. */
async function saveHeat(page, n) {
  const requests = [];
  const onRequest = (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/'))
      requests.push({ at: Date.now(), what: `${request.method()} ${url.pathname}` });
  };
  await page.getByRole('button', { name: 'Registrera heat' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('heading', { name: `Registrera Heat ${n} Resultat` }).waitFor();
  for (const lane of [1, 2, 3, 4]) {
    await dialog
      .getByRole('group', { name: `Placering spår ${lane}` })
      .getByRole('button', { name: `Placering ${lane}` })
      .click();
  }
  const save = dialog.getByRole('button', { name: 'Spara resultat' });
  await save.waitFor();
  page.on('request', onRequest);
  // The tap and the toast are timed in the page, in one clock (performance.now()).
  const toastText = `Heat ${n} sparat`;
  const shown = page.evaluate(
    (text) =>
      new Promise((resolve) => {
        const look = () => {
          const toast = [...document.querySelectorAll('[data-sonner-toast]')].find((t) =>
            t.textContent?.includes(text),
          );
          if (toast) resolve(performance.now());
          else requestAnimationFrame(look);
        };
        look();
      }),
    toastText,
  );
  const tapAt = Date.now();
  const tapInPage = await page.evaluate(() => performance.now());
  await save.click();
  const toastInPage = await shown;
  await dialog.waitFor({ state: 'hidden' });
  // What else the save makes the app ask for shows in the next seconds, before the next tap.
  await page.waitForTimeout(3000);
  page.off('request', onRequest);
  const own = requests.find((r) =>
    /^(PUT|POST) \/api\/matches\/[^/]+\/heat\/\d+\/save$/.test(r.what),
  );
  return {
    requestAfter: own ? own.at - tapAt : NaN,
    toastAfter: toastInPage - tapInPage,
    followUps: requests
      .filter((r) => r !== own)
      .map((r) => r.what.replace(/[0-9a-f-]{36}/, '{id}')),
  };
}

const ms = (value) => (Number.isFinite(value) ? `${Math.round(value)} ms` : 'n/a');

export async function measureHeatSaves(server, session, runs = RUNS, heats = HEATS) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  const saves = [];
  try {
    for (let run = 1; run <= runs; run++) {
      // A fresh protocol per run: every run enters heats 1–n.
      const matchId = await startProtocol(server, session.token, run);
      const { context, page } = await openProtocol(
        browser,
        session,
        `${server.url}/match/${matchId}`,
      );
      try {
        for (let n = 1; n <= heats; n++) {
          const save = await saveHeat(page, n);
          saves.push(save);
          console.log(
            `  run ${run} heat ${n}: tap → request ${ms(save.requestAfter)}, tap → toast ${ms(save.toastAfter)}; then ${save.followUps.length ? save.followUps.join(', ') : 'nothing'} (load ${loadavg()[0].toFixed(1)})`,
          );
        }
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
  return saves;
}

export function formatHeatSaves(saves) {
  // Reads of a protocol or the protocol list after a save re-ask what the save's reply carried.
  const refetches = saves.reduce(
    (sum, s) => sum + s.followUps.filter((w) => w.startsWith('GET /api/matches')).length,
    0,
  );
  return [
    `tap → request left  median ${ms(median(saves.map((s) => s.requestAfter)))}`,
    `tap → 'Heat n sparat'  median ${ms(median(saves.map((s) => s.toastAfter)))} (${ms(Math.min(...saves.map((s) => s.toastAfter)))}–${ms(Math.max(...saves.map((s) => s.toastAfter)))}, ${saves.length} saves)`,
    `reads of the protocol or the list after a save: ${refetches} in ${saves.length} saves`,
  ].join('\n');
}

async function main() {
  await reportQuietWait();
  const server = await startBuiltServer();
  try {
    const { session } = await prepareSignedInVisit(server); // its protocol (match #0) is left alone
    const load = loadavg()[0];
    const saves = await measureHeatSaves(server, session);
    console.log(
      `\nHeat saves at 390 px, ${THROTTLING.latencyMs} ms latency, ${(THROTTLING.bytesPerSecond * 8) / 1e6} Mbit/s, ${THROTTLING.cpuRate}× CPU (load average ${load.toFixed(1)} → ${loadavg()[0].toFixed(1)}, ${new Date().toISOString()})`,
    );
    console.log(formatHeatSaves(saves));
  } finally {
    await server.stop();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
