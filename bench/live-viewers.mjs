// Live viewers on ONE instance (issue 27 §1): BENCH_LIVE_VIEWERS (10,000) open event streams
// (GET /api/live/{token}/events) spread over BENCH_LIVE_LINKS (50) live links, while a heat is
// saved on one of the linked protocols every BENCH_LIVE_SAVE_MS (2,000 ms), round robin. Prints
// the delay from each save to its event reaching every viewer of that protocol (p50/p99; the
// clock starts when the save is sent, so the figure includes the save itself: an upper bound of
// commit → event), streams refused or dropped (budget 0), the server's memory per 1,000 open
// streams and its CPU while they are told, PostgreSQL's connections.
//
// The viewers come from 127.0.0.0/8 addresses of their own, BENCH_LIVE_PER_ADDRESS (20, the
// server's default cap per address) each, so the server's caps are measured as they work in
// production rather than raised for the bench. Each viewer is a plain HTTP/1.1 connection (as a
// browser's EventSource is one), read by a small SSE parser. It is not a test: it prints and never
// fails on timing.
//
// After npm run build: node bench/live-viewers.mjs
import http from 'node:http';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  apiCall,
  percentile,
  pool,
  randomResults,
  reportQuietWait,
  startBuiltServer,
} from './lib.mjs';
import { describeStalls, readProbe } from './loop-probe.mjs';
import { embeddedDatabase, sampleConnections } from './pg-sampler.mjs';
import { memoryMiB, treeCpuSeconds, cpuSeconds } from './proc-stats.mjs';

const VIEWERS = Number(process.env.BENCH_LIVE_VIEWERS ?? 10_000);
const LINKS = Number(process.env.BENCH_LIVE_LINKS ?? 50);
const SAVE_MS = Number(process.env.BENCH_LIVE_SAVE_MS ?? 2000);
const SAVES = Number(process.env.BENCH_LIVE_SAVES ?? 30);
const PER_ADDRESS = Number(process.env.BENCH_LIVE_PER_ADDRESS ?? 20);
/** Streams opened at once while connecting (a browser per viewer would spread them too). */
const CONNECTING = 200;
const OPEN_TIMEOUT_MS = 30_000;
const PASSWORD = 'bench-lösenord-1';
const HEATS = 13; // heats 14 and 15 need nominations first
export const BUDGET = { delayP99Ms: 1000, dropped: 0 };

/** The n-th viewer's own address: 127.1.x.y, PER_ADDRESS viewers each. */
export function addressOf(n) {
  const a = Math.floor(n / PER_ADDRESS) + 1;
  return `127.1.${Math.floor(a / 250)}.${(a % 250) + 1}`;
}

/**
 * The snapshot in an event's text, parsed once for all the viewers it reached. The server writes
 * the same text to every viewer of a protocol; a browser parses its own copy, but this generator
 * holds thousands of viewers on one thread, and parsing 200 copies of each event at once held its
 * loop for tens of milliseconds, counted as the latency of every request answered meanwhile. The
 * viewers are given the same object, and only read it.
 */
const recentSnapshots = new Map();
function parsed(text) {
  let value = recentSnapshots.get(text);
  if (value === undefined) {
    value = JSON.parse(text);
    recentSnapshots.set(text, value);
    // The newest few: one per protocol whose event is still reaching its viewers.
    if (recentSnapshots.size > 256) recentSnapshots.delete(recentSnapshots.keys().next().value);
  }
  return value;
}

/**
 * One viewer: an event stream read as EventSource reads it. `onSnapshot(snapshot, id)` for each
 * snapshot event; resolves once the stream is open (its first snapshot arrived, or, on a
 * reconnect, it answered). `lastEventId` is sent as EventSource sends it when it reconnects.
 */
export function openViewer(url, localAddress, onSnapshot, onClosed, lastEventId) {
  return new Promise((resolve, reject) => {
    let opened = false;
    const headers = lastEventId === undefined ? {} : { 'last-event-id': String(lastEventId) };
    // A balancer at its connection limit leaves a new connection unanswered: refused after 30 s.
    const unanswered = setTimeout(
      () => request.destroy(new Error('no answer in 30 s')),
      OPEN_TIMEOUT_MS,
    );
    const request = http.get(url, { localAddress, agent: false, headers }, (response) => {
      clearTimeout(unanswered);
      if (response.statusCode !== 200) {
        response.resume();
        reject(new Error(`stream answered ${response.statusCode}`));
        return;
      }
      response.setEncoding('utf8');
      // A reconnect that has the newest version gets no snapshot until the next change.
      if (lastEventId !== undefined) {
        opened = true;
        resolve(request);
      }
      let buffer = '';
      response.on('data', (chunk) => {
        buffer += chunk;
        let end;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (!block.startsWith('event: snapshot')) continue;
          const data = block.slice(block.indexOf('\ndata: ') + 7);
          const id = /\nid: (.*)/.exec(block)?.[1];
          onSnapshot(parsed(data), id);
          if (!opened) {
            opened = true;
            resolve(request);
          }
        }
      });
      response.on('close', () => onClosed(opened));
    });
    request.on('error', (error) => {
      clearTimeout(unanswered);
      if (opened) onClosed(true);
      else reject(error);
    });
  });
}

/**
 * Opens `count` viewers, CONNECTING at a time, the n-th on the link `n % links.length` from its
 * own address: `open(url, address, link, n)` opens one and resolves once it is open. Returns how
 * many were refused (the first three are told) and how long it took.
 */
export async function openViewers(count, links, liveUrl, open) {
  let refused = 0;
  const started = performance.now();
  await pool(
    Array.from({ length: count }, (_, n) => n),
    CONNECTING,
    async (n) => {
      const link = links[n % links.length];
      try {
        await open(liveUrl(link), addressOf(n), link, n);
      } catch (error) {
        refused += 1;
        if (refused <= 3) console.error(`  viewer ${n}: ${error.message}`);
      }
    },
  );
  return { refused, seconds: (performance.now() - started) / 1000 };
}

export async function liveViewers(server) {
  const tmp = mkdtempSync(path.join(tmpdir(), 'speedway-live-bench-'));
  try {
    // The protocols' owners: one protocol and one live link each.
    const tokenFile = path.join(tmp, 'tokens.txt');
    await server.cli([
      'create-user',
      '--email',
      'livelank-{n}@example.se',
      '--count',
      String(LINKS),
      '--password',
      PASSWORD,
      '--sessions',
      tokenFile,
    ]);
    const owners = readFileSync(tokenFile, 'utf8').trimEnd().split('\n');
    const official = (await apiCall(server, owners[0], 'GET', '/api/official-matches')).filter(
      (m) => m.lineups_ready,
    );
    const links = [];
    for (const [i, token] of owners.entries()) {
      const protocol = await apiCall(server, token, 'POST', '/api/matches/from-official', {
        official_match_id: official[i % official.length].id,
      });
      const link = await apiCall(server, token, 'POST', `/api/matches/${protocol.id}/live-link`);
      links.push({ token, protocol, live: link.link.token, sentAt: new Map(), saved: 0 });
    }

    const rssBefore = memoryMiB(server.pid).rss;
    const delays = [];
    let dropped = 0;
    let measuring = false;
    const { refused, seconds: connectSeconds } = await openViewers(
      VIEWERS,
      links,
      (link) => `${server.url}/api/live/${link.live}/events`,
      (url, address, link) =>
        openViewer(
          url,
          address,
          (snapshot) => {
            const sentAt = link.sentAt.get(snapshot.completed_heats);
            if (measuring && sentAt !== undefined) delays.push(performance.now() - sentAt);
          },
          (opened) => {
            if (opened && measuring) dropped += 1;
          },
        ),
    );
    // Let the connects' garbage go before memory is read.
    await new Promise((r) => setTimeout(r, 3000));
    const rssOpen = memoryMiB(server.pid).rss;
    const open = VIEWERS - refused;

    const sampler = await sampleConnections(embeddedDatabase(server.dataDir).url);
    const serverCpu = cpuSeconds(server.pid);
    const treeCpu = treeCpuSeconds(server.pid);
    measuring = true;
    const started = performance.now();
    const from = performance.timeOrigin + started;
    const expected = [];
    let saveErrors = 0;
    for (let i = 0; i < SAVES; i++) {
      const due = started + i * SAVE_MS;
      await new Promise((r) => setTimeout(r, Math.max(0, due - performance.now())));
      const link = links[i % links.length];
      if (link.saved >= HEATS) continue;
      const n = ++link.saved;
      const heat = link.protocol.heats.find((h) => h.heat_number === n);
      link.sentAt.set(n, performance.now());
      expected.push(Math.ceil(open / links.length));
      apiCall(server, link.token, 'POST', `/api/matches/${link.protocol.id}/heat/${n}/save`, {
        results: randomResults(heat),
      }).catch((error) => {
        saveErrors += 1;
        console.error(`  save: ${error.message}`);
      });
    }
    // The last save's events: a second, at most 5.
    const until = performance.now() + 5000;
    const wanted = expected.reduce((a, b) => a + b, 0);
    while (delays.length < wanted && performance.now() < until)
      await new Promise((r) => setTimeout(r, 100));
    measuring = false;
    const seconds = (performance.now() - started) / 1000;
    const usedServer = cpuSeconds(server.pid) - serverCpu;
    const usedTree = treeCpuSeconds(server.pid) - treeCpu;
    const database = await sampler.stop();
    delays.sort((a, b) => a - b);
    return {
      viewers: VIEWERS,
      open,
      refused,
      dropped,
      connectSeconds,
      saves: expected.length,
      saveErrors,
      eventsWanted: wanted,
      eventsReceived: delays.length,
      p50: percentile(delays, 50),
      p99: percentile(delays, 99),
      max: delays.at(-1) ?? NaN,
      perThousandMiB: ((rssOpen - rssBefore) / open) * 1000,
      rssBefore,
      rssOpen,
      serverCpuShare: usedServer / seconds,
      postgresCpuShare: (usedTree - usedServer) / seconds,
      pgConnections: database.peak,
      window: { from, to: performance.timeOrigin + performance.now() },
    };
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

export function describeLiveViewers(r) {
  const ms = (v) => `${Math.round(v)} ms`;
  return [
    `live viewers: ${r.open} of ${r.viewers} streams open over ${LINKS} links (connected in ${r.connectSeconds.toFixed(1)} s), refused ${r.refused}, dropped ${r.dropped} ${r.refused + r.dropped === BUDGET.dropped ? 'ok' : 'OVER BUDGET'} (budget 0)`,
    `  ${r.saves} heat saves, one every ${SAVE_MS} ms: events ${r.eventsReceived} of ${r.eventsWanted}, delay from the save's request p50 ${ms(r.p50)} p99 ${ms(r.p99)} max ${ms(r.max)} ${r.p99 <= BUDGET.delayP99Ms ? 'ok' : 'OVER BUDGET'} (p99 ≤ ${BUDGET.delayP99Ms} ms), save errors ${r.saveErrors}`,
    ...(r.serverLoop
      ? [`  ${describeStalls("the server's event loop", r.serverLoop.stalls)}`]
      : []),
    `  server memory ${r.rssBefore.toFixed(0)} MiB → ${r.rssOpen.toFixed(0)} MiB with the streams open: ${r.perThousandMiB.toFixed(1)} MiB per 1,000 streams; CPU while telling them: server ${(r.serverCpuShare * 100).toFixed(0)} %, PostgreSQL ${(r.postgresCpuShare * 100).toFixed(0)} % of a core; PostgreSQL connections ≤ ${r.pgConnections}`,
  ].join('\n');
}

async function main() {
  await reportQuietWait();
  const server = await startBuiltServer({}, { probe: true });
  let result;
  try {
    result = await liveViewers(server);
  } finally {
    await server.stop();
  }
  const probe = readProbe(server.probeFile, result.window.from, result.window.to);
  rmSync(path.dirname(server.probeFile), { recursive: true, force: true });
  console.log(describeLiveViewers({ ...result, serverLoop: probe?.loop }));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
