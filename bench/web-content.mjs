// Time until a screen's real content is visible on a weak phone (ADR 021): Lighthouse's LCP
// counts the prerendered shell, which paints long before the page has its data. Signed in, on a
// phone-sized page in Debian's Chromium with the network at 150 ms latency and 1.6 Mbit/s each
// way and the CPU slowed 4×, from navigation start to the first frame that shows
//   /            'Till protokoll' (the next official match's button, in the home page's hero)
//   /match/{id}  '… Heat komplett' (the protocol's header)
// cold (a fresh browser context: no HTTP cache, no service worker, no stored queries) and warm (a
// second visit in the same context, once the service worker controls the page and the first
// visit's queries are stored). Each run also says when /api/account/me and the screen's own data
// requests left, counted from navigation start, and how many script requests had left before
// them: started from the first script, they leave beside the app's chunks, not after them.
//
// Prints each run, then median and spread (min–max) per screen next to the budget (2.5 s cold,
// 1.0 s warm); like every bench it never fails on a figure, only when it cannot measure.
//
// After npm run build: node bench/web-content.mjs   (CONTENT_RUNS=5, CONTENT_ONLY=home|match,
// WEB_DIST=/tmp/other-build to measure another build; the machine should be idle: `uptime`)
/* global window, document, requestAnimationFrame, MutationObserver, NodeFilter -- the page.evaluate and init-script callbacks run in the browser */
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { reportQuietWait, startBuiltServer } from './lib.mjs';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, median } from './web-budgets.mjs';
import { prepareSignedInVisit, sessionInitScript } from './web-fixtures.mjs';

const RUNS = Number(process.env.CONTENT_RUNS ?? 5);
const ONLY = process.env.CONTENT_ONLY;

/** The weak phone of ADR 021. */
export const THROTTLING = {
  latencyMs: 150,
  /** 1.6 Mbit/s, in bytes per second, each way. */
  bytesPerSecond: 200_000,
  cpuRate: 4,
};
export const BUDGET_MS = { cold: 2500, warm: 1000 };

/** The screens: the path, the text that means its content is there, and its own data requests. */
export function screens(matchId) {
  return [
    {
      name: 'home',
      path: '/',
      text: 'Till protokoll',
      // The hero's list, and the announcement the content waits for (it is laid out hidden until
      // that answers, so a banner never pushes it down).
      requests: ['/api/official-matches', '/api/system/announcement'],
    },
    {
      name: 'match',
      path: `/match/${matchId}`,
      text: /\d+\/\d+ Heat komplett/,
      requests: [`/api/matches/${matchId}`],
    },
  ];
}

/**
 * In the page before its own scripts: watches the document and notes (performance.now(), i.e.
 * from navigation start) the animation frame in which an element with the text is first rendered
 * visible: in the layout, with a size, and not hidden by visibility or opacity on the way up.
 */
function watchForText({ source, flags }) {
  const pattern = new RegExp(source, flags);
  window.__contentVisibleAt = null;
  let dirty = true;
  const visible = (element) =>
    element.checkVisibility({ visibilityProperty: true, opacityProperty: true }) &&
    element.getBoundingClientRect().height > 0;
  const check = () => {
    if (!document.body) return false;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (pattern.test(node.nodeValue) && node.parentElement && visible(node.parentElement))
        return true;
    }
    return false;
  };
  const frame = () => {
    if (dirty) {
      dirty = false;
      if (check()) {
        window.__contentVisibleAt = performance.now();
        observer.disconnect();
        return;
      }
    }
    requestAnimationFrame(frame);
  };
  const observer = new MutationObserver(() => (dirty = true));
  const start = () => {
    observer.observe(document.documentElement, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
      attributeFilter: ['class', 'style', 'hidden', 'data-announcement-settled'],
    });
    requestAnimationFrame(frame);
  };
  if (document.documentElement) start();
  else document.addEventListener('readystatechange', start, { once: true });
}

/** From the page's resource timing: when each request left and how many scripts had left before. */
function requestTimings(paths) {
  const entries = performance.getEntriesByType('resource');
  const scriptStarts = entries
    .filter((e) => new URL(e.name).pathname.endsWith('.js'))
    .map((e) => e.startTime);
  const result = {};
  for (const wanted of paths) {
    const entry = entries.find((e) => new URL(e.name).pathname === wanted);
    result[wanted] = entry
      ? {
          startedAt: entry.startTime,
          answeredAt: entry.responseEnd,
          scriptsBefore: scriptStarts.filter((t) => t < entry.startTime).length,
        }
      : null;
  }
  result.scripts = scriptStarts.length;
  return result;
}

/** The weak phone's network and CPU on `page` (over CDP). */
export async function throttle(context, page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: THROTTLING.latencyMs,
    downloadThroughput: THROTTLING.bytesPerSecond,
    uploadThroughput: THROTTLING.bytesPerSecond,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLING.cpuRate });
  return cdp;
}

/** A signed-in phone: 390×844 at 3×, touch, Swedish, Stockholm time, the session stored. */
export async function newPhoneContext(browser, session) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
    locale: 'sv-SE',
    timezoneId: 'Europe/Stockholm',
  });
  await context.addInitScript(sessionInitScript(session));
  return context;
}

/** A visit at full speed that leaves the service worker in control and the queries stored. */
async function warmUp(context, url) {
  const page = await context.newPage();
  await page.goto(url, { waitUntil: 'networkidle' });
  const controlled = () =>
    page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return {
        active: registration?.active?.state === 'activated',
        controlled: Boolean(navigator.serviceWorker.controller),
      };
    });
  const until = Date.now() + 60_000;
  for (;;) {
    const state = await controlled();
    if (state.active && state.controlled) break;
    // A page still loading when the install finished is no client yet; loaded again, it is.
    if (state.active) await page.reload({ waitUntil: 'networkidle' });
    if (Date.now() > until) throw new Error('the service worker never took control');
    await page.waitForTimeout(250);
  }
  // The persisted query cache is written a second after its last change and when the page hides.
  await page.waitForTimeout(1500);
  await page.close();
}

/** One measured visit; returns { visibleAt, requests } in ms from navigation start. */
async function measure(context, url, screen) {
  const page = await context.newPage();
  try {
    const text = screen.text instanceof RegExp ? screen.text : new RegExp(escape(screen.text));
    await page.addInitScript(watchForText, { source: text.source, flags: text.flags });
    await throttle(context, page);
    await page.goto(url, { waitUntil: 'commit' });
    await page.waitForFunction(() => window.__contentVisibleAt !== null, null, {
      timeout: 60_000,
      polling: 250,
    });
    const visibleAt = await page.evaluate(() => window.__contentVisibleAt);
    const requests = await page.evaluate(requestTimings, ['/api/account/me', ...screen.requests]);
    const shellAt = await page.evaluate(
      () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
    );
    return { visibleAt, shellAt, requests };
  } finally {
    await page.close();
  }
}

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const ms = (value) => (Number.isFinite(value) ? `${Math.round(value)} ms` : 'n/a');

function describeRequests(requests) {
  return Object.entries(requests)
    .filter(([key]) => key.startsWith('/'))
    .map(([path, timing]) => {
      const name = path.replace(/\/[0-9a-f-]{36}$/, '/{id}');
      return timing
        ? `${name} ${ms(timing.startedAt)} (after ${timing.scriptsBefore} scripts)`
        : `${name} not sent`;
    })
    .join(', ');
}

/** Runs every screen cold and warm; returns the rows of the summary. */
export async function measureContent(server, session, matchId, runs = RUNS) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  const rows = [];
  try {
    for (const screen of screens(matchId).filter((s) => !ONLY || s.name === ONLY)) {
      const url = `${server.url}${screen.path}`;
      for (const mode of ['cold', 'warm']) {
        const times = [];
        const shells = [];
        for (let i = 0; i < runs; i++) {
          const context = await newPhoneContext(browser, session);
          try {
            if (mode === 'warm') await warmUp(context, url);
            const { visibleAt, shellAt, requests } = await measure(context, url, screen);
            times.push(visibleAt);
            shells.push(shellAt);
            console.log(
              `  ${screen.name} ${mode} run ${i + 1}: content ${ms(visibleAt)} (shell painted ${ms(shellAt)}); ${describeRequests(requests)}; ${requests.scripts} scripts in all (load ${loadavg()[0].toFixed(1)})`,
            );
          } finally {
            await context.close();
          }
        }
        rows.push({ screen: screen.name, path: screen.path, mode, times, shells });
      }
    }
  } finally {
    await browser.close();
  }
  return rows;
}

export function formatContentTable(rows) {
  return rows
    .map(({ path, mode, times, shells }) => {
      const budget = BUDGET_MS[mode];
      const mid = median(times);
      const spread = `${ms(Math.min(...times))}–${ms(Math.max(...times))}`;
      const verdict = mid <= budget ? 'ok  ' : 'OVER';
      const where = path.replace(/\/[0-9a-f-]{36}$/, '/{id}');
      return `${where.padEnd(12)} ${mode.padEnd(5)} content ${ms(mid).padStart(8)}  (${spread}, ${times.length} runs)  ${verdict} (budget ≤ ${ms(budget)}); shell painted ${ms(median(shells))}`;
    })
    .join('\n');
}

async function main() {
  await reportQuietWait();
  const server = await startBuiltServer();
  try {
    const { session, matchId } = await prepareSignedInVisit(server);
    const load = loadavg()[0];
    const rows = await measureContent(server, session, matchId);
    console.log(
      `\nTime to content, signed in, ${THROTTLING.latencyMs} ms latency, ${(THROTTLING.bytesPerSecond * 8) / 1e6} Mbit/s, ${THROTTLING.cpuRate}× CPU: median of ${RUNS} (load average ${load.toFixed(1)} → ${loadavg()[0].toFixed(1)}, ${new Date().toISOString()})`,
    );
    console.log(formatContentTable(rows));
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
