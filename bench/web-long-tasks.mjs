// Where a signed-in page's blocking time goes: loads / or /match/{id} (or both) on a phone-sized
// page with the CPU slowed 4x, as Lighthouse's mobile run does, records a Chromium trace with its
// JavaScript samples, and prints every task over 50 ms with the trace events and the functions
// (by chunk) that filled it, and a TBT-like sum after the first contentful paint. A tool for
// finding what to fix; the budgets are measured by lighthouse.mjs.
//
// After npm run build: node bench/web-long-tasks.mjs [home|match] [runs]
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { startBuiltServer } from './lib.mjs';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './web-budgets.mjs';
import { prepareSignedInVisit, sessionInitScript } from './web-fixtures.mjs';

const [target = 'home', runs = '1'] = process.argv.slice(2);
const EVENTS = new Set(['EvaluateScript', 'FunctionCall', 'TimerFire', 'FireAnimationFrame']);
const EVENTS_WITH_ANY_NAME = new Set(['ParseHTML', 'Layout', 'UpdateLayoutTree']);
const EVENTS_V8 = new Set(['v8.compileModule', 'v8.evaluateModule']);

/** The main thread of the page: the renderer thread that has the JavaScript samples. */
function mainThreadOf(events) {
  const profiled = new Set(events.filter((e) => e.name === 'ProfileChunk').map((e) => e.pid));
  const thread = events.find(
    (e) => e.name === 'thread_name' && e.args.name === 'CrRendererMain' && profiled.has(e.pid),
  );
  if (!thread) throw new Error('the trace has no sampled renderer main thread');
  return thread;
}

/** JavaScript samples as [timestamp, node], with the nodes of the sampled call tree. */
function samplesOf(events, pid) {
  const nodes = new Map();
  const samples = [];
  const profile = events.find((e) => e.name === 'Profile' && e.pid === pid);
  let ts = profile?.args.data.startTime ?? 0;
  for (const chunk of events.filter((e) => e.name === 'ProfileChunk' && e.pid === pid)) {
    const data = chunk.args.data;
    for (const node of data.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    (data.cpuProfile?.samples ?? []).forEach((id, i) => {
      ts += data.timeDeltas[i];
      samples.push([ts, id]);
    });
  }
  return { nodes, samples };
}

const frameName = ({ functionName, url }) =>
  `${functionName || '(anonymous)'}@${(url ?? '')
    .split('/')
    .pop()
    .replace(/-[\w-]{8}\.js$/, '')}`;

function describeTask(task, thread, { nodes, samples }) {
  const inside = thread.filter(
    (e) => e.ts >= task.ts && e.ts < task.ts + task.dur && e.ph === 'X' && e.dur > 5_000,
  );
  const events = inside
    .filter((e) => EVENTS.has(e.name) || EVENTS_WITH_ANY_NAME.has(e.name) || EVENTS_V8.has(e.name))
    .slice(0, 6)
    .map((e) => {
      const where = e.args?.data?.url?.split('/').pop() ?? e.args?.data?.functionName ?? '';
      return `${e.name}${where ? ` ${where}` : ''} ${(e.dur / 1000).toFixed(0)}`;
    });
  const inclusive = new Map();
  for (const [ts, id] of samples) {
    if (ts < task.ts || ts > task.ts + task.dur) continue;
    const seen = new Set();
    for (let node = nodes.get(id); node; node = nodes.get(node.parent)) {
      const name = frameName(node.callFrame);
      if (seen.has(name)) continue;
      seen.add(name);
      inclusive.set(name, (inclusive.get(name) ?? 0) + 1);
    }
  }
  const frames = [...inclusive]
    .filter(([name]) => !name.startsWith('(') && !/@(vendor|rolldown-runtime)$/.test(name))
    .sort((a, b) => b[1] - a[1])
    .slice(0, 8)
    .map(([name, count]) => `${name} ${count}`);
  return { events, frames };
}

async function main() {
  const server = await startBuiltServer();
  const traceDir = mkdtempSync(path.join(tmpdir(), 'speedway-trace-'));
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    const { session, matchId } = await prepareSignedInVisit(server);
    const url = `${server.url}${target === 'match' ? `/match/${matchId}` : '/'}`;
    for (let run = 1; run <= Number(runs); run++) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
      await context.addInitScript(sessionInitScript(session));
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      const file = path.join(traceDir, `trace-${run}.json`);
      await browser.startTracing(page, {
        path: file,
        categories: [
          'devtools.timeline',
          'disabled-by-default-devtools.timeline',
          'disabled-by-default-v8.cpu_profiler',
          'v8.execute',
          'loading',
        ],
      });
      await page.goto(url, { waitUntil: 'networkidle' });
      await page.waitForTimeout(3000);
      await browser.stopTracing();
      await context.close();

      const { traceEvents } = JSON.parse(readFileSync(file, 'utf8'));
      const main = mainThreadOf(traceEvents);
      const thread = traceEvents.filter((e) => e.pid === main.pid && e.tid === main.tid);
      // Times are given from the page's first contentful paint (negative: before it).
      const fcp = traceEvents.findLast((e) => e.name === 'firstContentfulPaint');
      if (!fcp) throw new Error('the trace has no first contentful paint');
      const sampled = samplesOf(traceEvents, main.pid);
      let blocking = 0;
      console.log(
        `\n${target} run ${run}: tasks over 50 ms, timed from the first contentful paint`,
      );
      for (const task of thread.filter((e) => e.name === 'RunTask' && e.dur > 50_000)) {
        if (task.ts > fcp.ts) blocking += task.dur / 1000 - 50;
        const { events, frames } = describeTask(task, thread, sampled);
        console.log(
          `  task at ${((task.ts - fcp.ts) / 1000).toFixed(0)} ms, ${(task.dur / 1000).toFixed(0)} ms  [${events.join(', ')}]\n      ${frames.join(' | ')}`,
        );
      }
      console.log(`  blocking time after the first paint: ${blocking.toFixed(0)} ms (4x CPU)`);
    }
  } finally {
    await browser.close();
    await server.stop();
    rmSync(traceDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
