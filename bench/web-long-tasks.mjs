// Where a page's blocking time goes: loads / or /match/{id} signed in, or /auth signed out, on a phone-sized
// page with the CPU slowed 4x, as Lighthouse's mobile run does, records a Chromium trace with its
// JavaScript samples, and prints every task over 50 ms with the trace events and the functions
// (by chunk) that filled it, and a TBT-like sum after the first contentful paint, also from the
// thread's CPU time (robust on a busy machine). By default the page runs at full speed and times
// are multiplied by 4, as Lighthouse's simulation does; LONG_TASKS_THROTTLE=1 slows Chromium
// instead. A tool for finding what to fix; the budgets are measured by lighthouse.mjs.
//
// LONG_TASKS_COMPONENTS=1 on a build made with `vite build --minify false` (served with WEB_DIST)
// also sums the samples after the first paint by React's phase and by the app's components.
//
// After npm run build: node bench/web-long-tasks.mjs [home|match|dialog|auth] [runs]
// ('dialog': the protocol page loaded, then the tasks from a click on 'Registrera heat' on.)
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { startBuiltServer } from './lib.mjs';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './web-budgets.mjs';
import { prepareSignedInVisit, sessionInitScript } from './web-fixtures.mjs';

const [target = 'home', runs = '1'] = process.argv.slice(2);
const THROTTLE = process.env.LONG_TASKS_THROTTLE === '1';
const SLOWDOWN = THROTTLE ? 1 : 4;
const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-v8.cpu_profiler',
  'v8.execute',
  'loading',
];
const EVENTS = new Set(['EvaluateScript', 'FunctionCall', 'TimerFire', 'FireAnimationFrame']);
const EVENTS_WITH_ANY_NAME = new Set(['ParseHTML', 'Layout', 'UpdateLayoutTree']);
const EVENTS_V8 = new Set(['v8.compileModule', 'v8.evaluateModule']);

/**
 * The main thread of the page at `url`: the renderer that navigated to it (Chromium traces other
 * renderers too, such as its own new-tab page), and that page's first contentful paint.
 */
function mainThreadOf(events, url) {
  const navigation = events.find(
    (e) => e.name === 'CommitLoad' && e.args?.data?.url?.startsWith(url),
  );
  if (!navigation) throw new Error(`the trace has no navigation to ${url}`);
  const thread = events.find(
    (e) => e.name === 'thread_name' && e.args.name === 'CrRendererMain' && e.pid === navigation.pid,
  );
  const fcp = events.findLast((e) => e.name === 'firstContentfulPaint' && e.pid === navigation.pid);
  if (!thread || !fcp) throw new Error('the trace has no main thread or first paint of the page');
  return { thread, fcp };
}

/** The renderer that handled the click on 'Registrera heat', and that click: the dialog's zero. */
function clickThreadOf(events) {
  const click = events.find((e) => e.name === 'EventDispatch' && e.args?.data?.type === 'click');
  if (!click) throw new Error('the trace has no click');
  const thread = events.find(
    (e) => e.name === 'thread_name' && e.pid === click.pid && e.tid === click.tid,
  );
  return { thread, fcp: click };
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

// LONG_TASKS_WHERE=1 names each frame with its chunk's file and position (to find it in the build).
const frameName = ({ functionName, url, lineNumber, columnNumber }) =>
  `${functionName || '(anonymous)'}@${(url ?? '')
    .split('/')
    .pop()
    .replace(
      /-[\w-]{8}\.js$/,
      process.env.LONG_TASKS_WHERE === '1' ? `$&:${lineNumber + 1}:${columnNumber + 1}` : '',
    )}`;

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
  // With LONG_TASKS_SELF=1 also the frames the samples stopped in (self time), vendor code and
  // the browser's own work ('(program)', '(garbage collector)') included.
  const self = new Map();
  for (const [ts, id] of samples) {
    if (ts < task.ts || ts > task.ts + task.dur) continue;
    const name = frameName(nodes.get(id)?.callFrame ?? {});
    self.set(name, (self.get(name) ?? 0) + 1);
  }
  const selfFrames = [...self]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 10)
    .map(([name, count]) => `${name} ${count}`);
  const frames = [...inclusive]
    .filter(([name]) => !name.startsWith('(') && !/@(vendor|rolldown-runtime)$/.test(name))
    .sort((a, b) => b[1] - a[1])
    .slice(0, 8)
    .map(([name, count]) => `${name} ${count}`);
  return { events, frames, selfFrames };
}

/** React's phase a sample is in, from the frames of its stack (an unminified build names them). */
const PHASES = [
  ['commit: passive effects', /^flushPassiveEffects/],
  ['commit', /^commitRoot/],
  ['render', /^(renderRootSync|renderRootConcurrent)/],
];

/**
 * With LONG_TASKS_COMPONENTS=1 (on a build made with `vite build --minify false`): every sample
 * after the first contentful paint summed by React's phase, and by the app's components and hooks
 * (inclusive: a component's own render with its hooks; React calls children separately).
 */
function printWhereTimeWent({ nodes, samples }, from) {
  const phases = new Map();
  const components = new Map();
  let total = 0;
  for (const [ts, id] of samples) {
    if (ts < from) continue;
    const stack = [];
    for (let node = nodes.get(id); node; node = nodes.get(node.parent)) stack.push(node.callFrame);
    const top = stack[0]?.functionName ?? '';
    if (top === '(idle)') continue;
    total++;
    const names = stack.map((frame) => frame.functionName);
    const phase =
      PHASES.find(([, test]) => names.some((name) => test.test(name)))?.[0] ??
      (top.startsWith('(') ? top : 'other script');
    phases.set(phase, (phases.get(phase) ?? 0) + 1);
    const seen = new Set();
    for (const frame of stack) {
      const name = frameName(frame);
      if (seen.has(name) || /@(react|vendor|rolldown-runtime)/.test(name)) continue;
      if (!/^([A-Z]|use[A-Z])/.test(frame.functionName)) continue;
      seen.add(name);
      components.set(name, (components.get(name) ?? 0) + 1);
    }
  }
  const list = (map, count) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([name, n]) => `${name} ${n}`)
      .join(' | ');
  console.log(`  samples after the first paint: ${total}\n  by phase: ${list(phases, 12)}`);
  console.log(`  by component or hook (inclusive): ${list(components, 25)}`);
}

async function main() {
  const server = await startBuiltServer();
  const traceDir = mkdtempSync(path.join(tmpdir(), 'speedway-trace-'));
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    const { session, matchId } = await prepareSignedInVisit(server);
    const paths = {
      home: '/',
      auth: '/auth',
      match: `/match/${matchId}`,
      dialog: `/match/${matchId}`,
    };
    const url = `${server.url}${paths[target]}`;
    const cpuBlockingRuns = [];
    let retries = 0;
    for (let run = 1; run <= Number(runs); run++) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
      if (target !== 'auth') await context.addInitScript(sessionInitScript(session));
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      // Slowed 4x by Chromium (LONG_TASKS_THROTTLE=1) or, by default, recorded at full speed with
      // the tasks' times multiplied by 4 as Lighthouse's simulation does: then the thread's CPU
      // time (tdur) is the page's own work, whatever else the machine is doing.
      if (THROTTLE) await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      const file = path.join(traceDir, `trace-${run}.json`);
      await browser.startTracing(page, { path: file, categories: TRACE_CATEGORIES });
      if (target === 'dialog') {
        await browser.stopTracing();
        await page.goto(url, { waitUntil: 'networkidle' });
        await page.waitForTimeout(3000);
        await browser.startTracing(page, { path: file, categories: TRACE_CATEGORIES });
        await page.getByRole('button', { name: 'Registrera heat' }).first().click();
        await page.getByRole('dialog').waitFor();
        await page.waitForTimeout(1500);
      } else {
        await page.goto(url, { waitUntil: 'networkidle' });
        await page.waitForTimeout(3000);
      }
      await browser.stopTracing();
      await context.close();

      const { traceEvents } = JSON.parse(readFileSync(file, 'utf8'));
      let found;
      try {
        found = target === 'dialog' ? clickThreadOf(traceEvents) : mainThreadOf(traceEvents, url);
      } catch (error) {
        // Now and then a trace misses the new page's first events (a busy machine): run again.
        if (retries++ >= 3) throw error;
        console.log(`\n${target} run ${run}: ${error.message}; again`);
        run -= 1;
        continue;
      }
      const { thread: main, fcp } = found;
      const thread = traceEvents.filter((e) => e.pid === main.pid && e.tid === main.tid);
      // Times are given from the page's first contentful paint (negative: before it).
      const sampled = samplesOf(traceEvents, main.pid);
      let blocking = 0;
      // The same sum from the tasks' thread CPU time × 4: what the page's own work costs at a
      // phone's pace, without the time the thread waited for a core (a busy machine) — the
      // figure to compare two builds by when the machine is not quiet.
      let cpuBlocking = 0;
      for (const task of thread.filter(
        (e) => e.name === 'RunTask' && e.ts > fcp.ts && e.dur !== undefined,
      )) {
        cpuBlocking += Math.max(0, ((task.tdur ?? task.dur) / 1000) * SLOWDOWN - 50);
      }
      console.log(
        `\n${target} run ${run}: tasks over 50 ms, timed from the first contentful paint`,
      );
      for (const task of thread.filter((e) => e.name === 'RunTask' && e.dur * SLOWDOWN > 50_000)) {
        if (task.ts > fcp.ts) blocking += (task.dur / 1000) * SLOWDOWN - 50;
        const { events, frames, selfFrames } = describeTask(task, thread, sampled);
        console.log(
          `  task at ${((task.ts - fcp.ts) / 1000).toFixed(0)} ms, ${((task.dur / 1000) * SLOWDOWN).toFixed(0)} ms (CPU ${(((task.tdur ?? task.dur) / 1000) * SLOWDOWN).toFixed(0)})  [${events.join(', ')}]\n      ${frames.join(' | ')}`,
        );
        if (process.env.LONG_TASKS_SELF === '1')
          console.log(`      self: ${selfFrames.join(' | ')}`);
      }
      if (process.env.LONG_TASKS_COMPONENTS === '1') printWhereTimeWent(sampled, fcp.ts);
      console.log(`  blocking time after the first paint: ${blocking.toFixed(0)} ms (4x CPU)`);
      console.log(`  the same from the thread's CPU time: ${cpuBlocking.toFixed(0)} ms`);
      cpuBlockingRuns.push(cpuBlocking);
    }
    const sorted = cpuBlockingRuns.toSorted((a, b) => a - b);
    console.log(
      `\n${target}: median blocking from CPU time over ${runs} runs: ${sorted[Math.floor(sorted.length / 2)].toFixed(0)} ms`,
    );
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
