// Where a slow request's time went (issue 27 §0/§2): the load generator and the server each watch
// their own event loop, so that a request the bench timed as slow can be told apart as waiting in
// the server (its handler, or its loop stalled) or in the generator (its loop stalled while the
// reply sat in a socket buffer). Times are wall-clock milliseconds (performance.timeOrigin +
// performance.now()), comparable between the two processes on one machine.
//
// - In the generator: `watchLoop()` returns a watcher; `.stalls` are [at, ms] of every moment its
//   loop was late by more than STALL_MS.
// - In the server: preloaded with `node --import ./bench/loop-probe.mjs` and LOOP_PROBE_FILE set,
//   it watches the server's loop the same way and times every HTTP request the server answers
//   (node:http's diagnostics channels, from its headers parsed to its last byte handed to the
//   socket; event streams left out) and the garbage collector's pauses (perf_hooks' 'gc' entries),
//   and writes them to LOOP_PROBE_FILE as JSON when the process
//   exits. Nothing of the server's code changes for it.
import diagnostics from 'node:diagnostics_channel';
import { readFileSync, writeFileSync } from 'node:fs';
import { constants, PerformanceObserver, performance } from 'node:perf_hooks';

/** A loop this late (ms) is a stall worth listing. */
export const STALL_MS = 50;
const TICK_MS = 20;

const wallClock = () => performance.timeOrigin + performance.now();

/** Watches this process's event loop: each stall over STALL_MS, as [at, ms]. */
export function watchLoop() {
  const stalls = [];
  let expected = performance.now() + TICK_MS;
  const timer = setInterval(() => {
    const now = performance.now();
    const late = now - expected;
    if (late > STALL_MS) stalls.push([performance.timeOrigin + expected, late]);
    expected = now + TICK_MS;
  }, TICK_MS);
  timer.unref();
  return { stalls, stop: () => clearInterval(timer) };
}

/** One line on a process's stalls: how many, their time in all, the longest. */
export function describeStalls(what, stalls) {
  const total = stalls.reduce((sum, [, late]) => sum + late, 0);
  const longest = Math.max(0, ...stalls.map(([, late]) => late));
  return (
    `${what} stood still over ${STALL_MS} ms ${stalls.length} times, ` +
    `${(total / 1000).toFixed(1)} s in all, the longest ${longest.toFixed(0)} ms`
  );
}

/** Times the HTTP requests this process answers (not event streams): [at, ms, method path]. */
function timeRequests() {
  const started = new WeakMap();
  const requests = [];
  diagnostics.subscribe('http.server.request.start', ({ request }) => {
    if (!request.url.endsWith('/events')) started.set(request, wallClock());
  });
  diagnostics.subscribe('http.server.response.finish', ({ request }) => {
    const at = started.get(request);
    if (at === undefined) return;
    requests.push([at, wallClock() - at, `${request.method} ${request.url.split('?')[0]}`]);
  });
  return requests;
}

/**
 * The garbage collector's pauses in this process: [at, ms, kind], kind 'major' (mark-compact),
 * 'minor' (scavenge), 'incremental' (a marking step) or 'weak' (weak callbacks).
 */
function watchCollections() {
  const kinds = {
    [constants.NODE_PERFORMANCE_GC_MAJOR]: 'major',
    [constants.NODE_PERFORMANCE_GC_MINOR]: 'minor',
    [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
    [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weak',
  };
  const collections = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      collections.push([
        performance.timeOrigin + entry.startTime,
        entry.duration,
        kinds[entry.detail?.kind] ?? 'other',
      ]);
  }).observe({ entryTypes: ['gc'] });
  return collections;
}

/** One line on a process's collections: per kind, how many, their time in all, the longest. */
export function describeCollections(collections) {
  const byKind = new Map();
  for (const [, ms, kind] of collections) {
    const k = byKind.get(kind) ?? { count: 0, total: 0, longest: 0 };
    byKind.set(kind, { count: k.count + 1, total: k.total + ms, longest: Math.max(k.longest, ms) });
  }
  return [...byKind]
    .map(
      ([kind, k]) =>
        `${kind} ${k.count}× ${(k.total / 1000).toFixed(1)} s (longest ${k.longest.toFixed(0)} ms)`,
    )
    .join(', ');
}

/**
 * What the server's probe wrote, between `from` and `to` (wall clock): its loop and its requests.
 * Null when the file is missing (a killed instance writes none).
 */
export function readProbe(file, from, to) {
  let data;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
  const within = ([at]) => at >= from && at <= to;
  return {
    loop: { ...data.loop, stalls: data.loop.stalls.filter(within) },
    requests: data.requests.filter(within),
    collections: (data.collections ?? []).filter(within),
  };
}

if (process.env.LOOP_PROBE_FILE && process.argv[1]?.endsWith('server.js')) {
  const file = process.env.LOOP_PROBE_FILE;
  const loop = watchLoop();
  const requests = timeRequests();
  const collections = watchCollections();
  process.on('exit', () => {
    writeFileSync(file, JSON.stringify({ loop: { stalls: loop.stalls }, requests, collections }));
  });
}
