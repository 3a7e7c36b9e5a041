// Match night: BENCH_MATCH_USERS (5,000) people on ONE server instance, each keeping
// the protocol of a match of the evening, over a match compressed to BENCH_MATCH_SECONDS (180 s).
// Prints req/s, p50/p99 per route, errors (budget: 0), the server's CPU and memory, PostgreSQL's
// CPU and its connections. It is not a test: it prints and never fails on timing; errors are
// shown against their budget (0) as OVER BUDGET and do not stop the benches after it.
//
// What each simulated user does, and why (apps/web and §9 of both documents in docs/spec/):
// - The web app polls nothing on a timer: no query has a refetchInterval, refetch on focus and
//   reconnect is off (lib/query-client.ts). Reads happen when a screen mounts with stale data:
//   the official list is fresh 60 s on the home page (OFFICIAL_MATCHES_FRESH.home,
//   docs/spec/2-matches-protocols-admin.md §9),
//   a protocol 30 s (protocol/api/get-match.ts). A heat save's reply is written into the cached
//   protocol (ADR 022), and a nomination's reply replaces it (save-nominations.ts): no refetch
//   follows either.
// - A real match runs 15 heats in about 75 minutes, a heat every ~5 minutes: longer than both
//   fresh times, so every visit of a screen between two heats reads it again. Per heat each user
//   therefore: opens the home page (GET /api/official-matches: tonight's scores), 0.3–1 s later
//   its protocol (GET /api/matches/{id}), fills in the heat dialog for 0.5–1.5 s and saves (POST
//   …/heat/{n}/save). The app reads nothing after a save: the save's reply is written into its
//   cached protocol (ADR 022). Before a nominated heat (meta.rules.nominated_heats: 15, and
//   14 for elitserien-2019) the nomination dialog is filled in for 0.5–1.5 s and saved (PUT
//   /api/matches/{id}/nominations, the two best main riders of each team so far).
// - Compressed, the 15 heats are 15 equal slots of BENCH_MATCH_SECONDS / 15 (12 s by default;
//   ×25 a real evening); each user starts each heat's round at its own random moment in the slot
//   (people record at their own pace, not all in the same second), so the load is about even:
//   5,000 users give ~420 saves/s, ~420 list reads/s and ~420 protocol reads/s, ~1,300 req/s.
//   A user whose requests were slow starts the next round as soon as its slot allows.
// - The users are signed in beforehand by `create-user --count N --sessions FILE` (sessions made
//   as the login route makes them; 5,000 argon2 logins from one IP would hit the login limits),
//   and each starts its protocol (POST /api/matches/from-official) before the match: that setup
//   is timed on its own line. The server runs with its default per-user API limit (600/min; each
//   user has its own session, so the limiter is measured as it works in production).
// - Sockets: a browser has its own connections; one process cannot open 5,000 sensibly. The
//   users share an undici Pool of BENCH_MATCH_SOCKETS (64) keep-alive connections, and at most
//   that many requests are in flight. A request waiting for a free socket is timed twice: p50/p99
//   from the moment it is sent (the server's time), and "p99 waited" from the moment the user
//   asked (with the wait for a socket: what a person would feel if the server fell behind).
//   Every request carries the browser's Accept-Encoding; replies are read in full. A write carries
//   an Idempotency-Key, as the app's outbox sends it; a request whose connection failed, or that a
//   load balancer answered 502/503/504 (an instance gone), is sent again after a pause, as the app
//   does: counted as retried, and as an error only when the retries run out.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { randomUUID } from 'node:crypto';
import { Pool } from 'undici';
import { percentile, pool, randomResults, reportQuietWait, startBuiltServer } from './lib.mjs';
import { embeddedDatabase, sampleConnections } from './pg-sampler.mjs';
import { cpuSeconds, memoryMiB, treeCpuSeconds } from './proc-stats.mjs';

const USERS = Number(process.env.BENCH_MATCH_USERS ?? 5000);
const MATCH_SECONDS = Number(process.env.BENCH_MATCH_SECONDS ?? 180);
const SOCKETS = Number(process.env.BENCH_MATCH_SOCKETS ?? 64);
// A server that falls this far behind has lost the evening: no round starts after 3× the planned
// time, so that the bench ends (the rounds left are reported).
const GIVE_UP_AFTER = 3;
export const HEATS = 15;
const MAIN_RIDERS = 5; // lineup numbers 1–5 ride as main riders (packages/rules lineups.ts)
const PASSWORD = 'bench-lösenord-1';
const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd';

export const ROUTES = {
  list: 'GET /api/official-matches',
  protocol: 'GET /api/matches/{id}',
  nominate: 'PUT /api/matches/{id}/nominations',
  save: 'POST /api/matches/{id}/heat/{n}/save',
  start: 'POST /api/matches/from-official',
};

const sleep = (ms) => new Promise((r) => setTimeout(r, Math.max(0, ms)));
const between = (lo, hi) => lo + Math.random() * (hi - lo);

/** At most `width` requests in flight; the rest wait in order for a socket. */
function limiter(width) {
  let inFlight = 0;
  const waiting = [];
  return {
    async acquire() {
      if (inFlight < width) {
        inFlight += 1;
        return;
      }
      await new Promise((resolve) => waiting.push(resolve));
    },
    release() {
      const next = waiting.shift();
      if (next) next();
      else inFlight -= 1;
    },
    get queued() {
      return waiting.length;
    },
  };
}

/** Statuses of a balancer whose instance is gone: the request is sent again (the app does too). */
const RETRY_STATUSES = new Set([502, 503, 504]);
const RETRIES = 3;
const RETRY_PAUSE_MS = 500;

/** The HTTP client of all users: one pool of keep-alive sockets, timings and errors per route. */
export function createClient(url, sockets = SOCKETS) {
  const pool = new Pool(url, { connections: sockets, pipelining: 1 });
  const slots = limiter(sockets);
  const stats = new Map();
  // Errors by kind (route, status and code), each with its count and first reply.
  const errors = new Map();
  let errorCount = 0;
  const statsOf = (route) => {
    if (!stats.has(route))
      stats.set(route, { sent: [], at: [], waited: [], failed: 0, errors: 0, retried: 0 });
    return stats.get(route);
  };
  /** An error; `answered` when the request itself succeeded but its reply was wrong. */
  const fail = (route, kind, message, { answered = false } = {}) => {
    errorCount += 1;
    statsOf(route).errors += 1;
    if (!answered) statsOf(route).failed += 1;
    const key = `${route} ${kind}`;
    const seen = errors.get(key);
    if (seen) seen.count += 1;
    else errors.set(key, { count: 1, first: message.slice(0, 300) });
  };

  /**
   * One request as a browser sends it; the reply's JSON when `parse`, else its bytes are read. A
   * write (any method but GET) carries one Idempotency-Key over all its attempts. `onSent` is
   * told when it leaves on a socket (first attempt), after any wait for one.
   */
  async function call(route, token, method, urlPath, body, { parse = false, onSent } = {}) {
    const asked = performance.now();
    const headers = {
      authorization: `Bearer ${token}`,
      'accept-encoding': BROWSER_ENCODINGS,
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(method === 'GET' ? {} : { 'idempotency-key': randomUUID() }),
    };
    for (let attempt = 0; ; attempt++) {
      const sentHook = attempt === 0 ? onSent : undefined;
      const outcome = await attemptOnce(
        route,
        method,
        urlPath,
        headers,
        body,
        asked,
        parse,
        sentHook,
      );
      if (!outcome.retry || attempt >= RETRIES) {
        if (outcome.error) fail(route, outcome.error.kind, outcome.error.message);
        return outcome.value;
      }
      statsOf(route).retried += 1;
      await sleep(RETRY_PAUSE_MS * (attempt + 1));
    }
  }

  async function attemptOnce(route, method, urlPath, headers, body, asked, parse, onSent) {
    await slots.acquire();
    const sent = performance.now();
    onSent?.(sent);
    try {
      const res = await pool.request({
        method,
        path: urlPath,
        headers,
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      const bytes = Buffer.from(await res.body.arrayBuffer());
      const done = performance.now();
      if (res.statusCode !== 200 && res.statusCode !== 201) {
        const text = decode(bytes, res.headers['content-encoding']);
        const code = /"code":"([A-Z_]+)"/.exec(text)?.[1] ?? '';
        return {
          retry: RETRY_STATUSES.has(res.statusCode),
          error: { kind: `${res.statusCode} ${code}`, message: text },
        };
      }
      const s = statsOf(route);
      s.sent.push(done - sent);
      // When it left, on the wall clock (bench/loop-probe.mjs lines it up with the server's).
      s.at.push(performance.timeOrigin + sent);
      s.waited.push(done - asked);
      return { value: parse ? JSON.parse(decode(bytes, res.headers['content-encoding'])) : bytes };
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      return { retry: true, error: { kind: err?.code ?? 'network', message } };
    } finally {
      slots.release();
    }
  }

  return {
    call,
    fail,
    stats,
    errors,
    get errorCount() {
      return errorCount;
    },
    get queued() {
      return slots.queued;
    },
    close: () => pool.close(),
  };
}

function decode(bytes, encoding) {
  if (encoding === 'br') return brotliDecompressSync(bytes).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(bytes).toString('utf8');
  return bytes.toString('utf8');
}

/**
 * A nomination any rulebook accepts: each team's two best main riders by points + bonus in the
 * heats before (ties: lower lineup number), home in gates 1 and 3.
 */
function nomination(match, heatNumber) {
  const totals = new Map();
  for (const heat of match.heats) {
    if (heat.heat_number >= heatNumber) continue;
    for (const r of heat.results) {
      totals.set(r.rider_id, (totals.get(r.rider_id) ?? 0) + r.points + r.bonus_points);
    }
  }
  const best = (side) =>
    match.lineups[side]
      .filter((rider) => rider.lineup_no <= MAIN_RIDERS)
      .sort(
        (a, b) =>
          (totals.get(b.rider_id) ?? 0) - (totals.get(a.rider_id) ?? 0) ||
          a.lineup_no - b.lineup_no,
      )
      .slice(0, 2)
      .map((rider) => rider.rider_id);
  const home = best('home');
  const away = best('away');
  return {
    [`heat${heatNumber}`]: {
      assignments: { 1: home[0], 2: away[0], 3: home[1], 4: away[1] },
      home_gates: '1-3',
      home,
      away,
    },
  };
}

/**
 * One person's evening: 15 rounds of home page, protocol, (nomination,) heat save. `onSave(n, at)`
 * is told as each heat's save leaves on a socket, `onSaved(n, reply)` once it is acknowledged.
 */
export async function evening(client, user, startAt, slotMs, { onSave, onSaved } = {}) {
  const { token } = user;
  let match = user.protocol;
  const protocolPath = `/api/matches/${match.id}`;
  const plannedEnd = startAt + HEATS * slotMs;
  const giveUpAt = startAt + GIVE_UP_AFTER * HEATS * slotMs;
  user.saved = 0;
  user.savedInTime = 0;
  for (let n = 1; n <= HEATS; n++) {
    if (performance.now() > giveUpAt) return;
    // A round takes at most ~4 s of thinking; it starts somewhere in its slot.
    await sleep(
      startAt + (n - 1) * slotMs + Math.random() * Math.max(0, slotMs - 4000) - performance.now(),
    );
    await client.call(ROUTES.list, token, 'GET', '/api/official-matches');
    await sleep(between(300, 1000));
    await client.call(ROUTES.protocol, token, 'GET', protocolPath);
    if (match.meta.rules.nominated_heats.includes(n)) {
      await sleep(between(500, 1500));
      const nominated = await client.call(
        ROUTES.nominate,
        token,
        'PUT',
        `${protocolPath}/nominations`,
        nomination(match, n),
        { parse: true },
      );
      if (!nominated) return; // counted; the heat cannot be saved without it
      match = nominated;
    }
    await sleep(between(500, 1500));
    const heat = match.heats.find((h) => h.heat_number === n);
    const saved = await client.call(
      ROUTES.save,
      token,
      'POST',
      `${protocolPath}/heat/${n}/save`,
      { results: randomResults(heat) },
      { parse: true, onSent: (at) => onSave?.(n, at) },
    );
    if (!saved) return; // counted; the next heat would be refused
    user.saved += 1;
    if (performance.now() <= plannedEnd) user.savedInTime += 1;
    // The reply goes into the cached protocol, as the app does (ADR 022).
    match = {
      ...match,
      heats: match.heats.map((h) => (h.heat_number === n ? saved.heat : h)),
    };
    onSaved?.(n, saved);
  }
  user.protocol = match;
}

export async function matchNight() {
  // The production default per-user API limit (each user has its own session).
  const server = await startBuiltServer({ API_RATE_LIMIT: undefined });
  const tmp = mkdtempSync(path.join(tmpdir(), 'speedway-match-night-'));
  const client = createClient(server.url);
  // Ctrl-C or a kill mid-run still stops the server (and its PostgreSQL) and removes the files.
  const interrupted = async (signal) => {
    await server.stop();
    rmSync(tmp, { recursive: true, force: true });
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, interrupted);
  try {
    const tokenFile = path.join(tmp, 'tokens.txt');
    const created = performance.now();
    await server.cli([
      'create-user',
      '--email',
      'kvall-{n}@example.se',
      '--count',
      String(USERS),
      '--password',
      PASSWORD,
      '--sessions',
      tokenFile,
    ]);
    const users = readFileSync(tokenFile, 'utf8')
      .trimEnd()
      .split('\n')
      .map((token) => ({ token }));
    const createSeconds = (performance.now() - created) / 1000;

    // Before the match: everyone starts a protocol of one of the evening's matches.
    const official = (
      await client.call(ROUTES.list, users[0].token, 'GET', '/api/official-matches', undefined, {
        parse: true,
      })
    ).filter((m) => m.lineups_ready);
    if (official.length === 0)
      throw new Error('no official match with line-ups in the demo season');
    const setupStarted = performance.now();
    await pool(users.entries(), SOCKETS, async ([i, user]) => {
      user.protocol = await client.call(
        ROUTES.start,
        user.token,
        'POST',
        '/api/matches/from-official',
        { official_match_id: official[i % official.length].id },
        { parse: true },
      );
    });
    const setupSeconds = (performance.now() - setupStarted) / 1000;
    const setup = client.stats.get(ROUTES.start);
    const setupErrors = client.errorCount;
    const playing = users.filter((u) => u.protocol);
    client.stats.clear();

    // The match, once the machine has settled after the set-up.
    await reportQuietWait();
    const loadBefore = loadavg()[0];
    const db = embeddedDatabase(server.dataDir);
    const connections = await sampleConnections(db.url);
    let peakRss = 0;
    const rssTimer = setInterval(() => {
      if (existsSync(`/proc/${server.pid}`)) peakRss = Math.max(peakRss, memoryMiB(server.pid).rss);
    }, 500);
    const cpu0 = {
      server: cpuSeconds(server.pid),
      pg: treeCpuSeconds(db.pid),
      self: process.cpuUsage(),
    };
    const started = performance.now();
    const slotMs = (MATCH_SECONDS * 1000) / HEATS;
    const progress = setInterval(() => {
      const done = [...client.stats.values()].reduce((sum, s) => sum + s.sent.length, 0);
      console.error(
        `  match night: ${((performance.now() - started) / 1000).toFixed(0)} s, ${done} requests, ` +
          `${client.queued} waiting for a socket, ${client.errorCount - setupErrors} errors`,
      );
    }, 30_000);
    await Promise.all(playing.map((user) => evening(client, user, started, slotMs)));
    clearInterval(progress);
    if (!existsSync(`/proc/${server.pid}`)) throw new Error('the server exited during the match');
    const seconds = (performance.now() - started) / 1000;
    const self = process.cpuUsage(cpu0.self);
    const cpu = {
      server: cpuSeconds(server.pid) - cpu0.server,
      pg: treeCpuSeconds(db.pid) - cpu0.pg,
      self: (self.user + self.system) / 1e6,
    };
    clearInterval(rssTimer);
    peakRss = Math.max(peakRss, memoryMiB(server.pid).rss);
    const pgConnections = await connections.stop();
    const sum = (key) => playing.reduce((total, user) => total + user[key], 0);
    return {
      users: USERS,
      playing: playing.length,
      saves: { planned: playing.length * HEATS, done: sum('saved'), inTime: sum('savedInTime') },
      official: official.length,
      createSeconds,
      setup: { seconds: setupSeconds, stats: setup, errors: setupErrors },
      seconds,
      cpu,
      memory: { peakRss, hwm: memoryMiB(server.pid).peak },
      pgConnections,
      stats: client.stats,
      errors: client.errorCount - setupErrors,
      errorKinds: client.errors,
      loadBefore,
    };
  } finally {
    for (const signal of ['SIGINT', 'SIGTERM']) process.off(signal, interrupted);
    await client.close();
    await server.stop();
    rmSync(tmp, { recursive: true, force: true });
  }
}

const pad = (s, n) => String(s).padStart(n);
const ms = (v) => (Number.isNaN(v) ? '–' : v < 10 ? v.toFixed(1) : v.toFixed(0));

export function printMatchNight(r) {
  const cores = (s) => `${((s / r.seconds) * 100).toFixed(0)}% of a core`;
  console.log(
    `\nMatch night: ${r.playing} users on one instance, ${HEATS} heats each over ${MATCH_SECONDS} s ` +
      `planned (took ${r.seconds.toFixed(0)} s), ${r.official} official matches, ${SOCKETS} sockets; ` +
      `machine load average before it ${r.loadBefore.toFixed(1)} (run it on an idle machine)`,
  );
  const started = [...(r.setup.stats?.sent ?? [])].sort((x, y) => x - y);
  console.log(
    `  before the match: ${r.users} accounts and sessions by create-user in ` +
      `${r.createSeconds.toFixed(1)} s; ${started.length} protocols started in ` +
      `${r.setup.seconds.toFixed(1)} s (p50 ${ms(percentile(started, 50))} ms, ` +
      `p99 ${ms(percentile(started, 99))} ms), errors ${r.setup.errors}`,
  );
  const header = `  ${'route'.padEnd(38)} ${pad('requests', 8)} ${pad('req/s', 6)} ${pad('p50 ms', 7)} ${pad('p99 ms', 7)} ${pad('p99 waited', 10)} ${pad('errors', 6)}  budget`;
  console.log(header);
  let total = 0;
  let totalErrors = 0;
  let all = [];
  for (const route of [ROUTES.list, ROUTES.protocol, ROUTES.nominate, ROUTES.save]) {
    const s = r.stats.get(route) ?? { sent: [], waited: [], failed: 0, errors: 0 };
    const sent = [...s.sent].sort((a, b) => a - b);
    const waited = [...s.waited].sort((a, b) => a - b);
    total += sent.length + s.failed;
    totalErrors += s.errors;
    all = all.concat(sent);
    console.log(
      `  ${route.padEnd(38)} ${pad(sent.length + s.failed, 8)} ${pad(((sent.length + s.failed) / r.seconds).toFixed(0), 6)} ` +
        `${pad(ms(percentile(sent, 50)), 7)} ${pad(ms(percentile(sent, 99)), 7)} ${pad(ms(percentile(waited, 99)), 10)} ` +
        `${pad(s.errors, 6)}  errors 0 ${s.errors === 0 ? 'ok' : 'OVER BUDGET'}`,
    );
  }
  all.sort((a, b) => a - b);
  console.log(
    `  ${'all routes'.padEnd(38)} ${pad(total, 8)} ${pad((total / r.seconds).toFixed(0), 6)} ` +
      `${pad(ms(percentile(all, 50)), 7)} ${pad(ms(percentile(all, 99)), 7)} ${pad('', 10)} ${pad(totalErrors, 6)}  ` +
      `errors 0 ${r.errors === 0 ? 'ok' : 'OVER BUDGET'}`,
  );
  for (const [kind, { count, first }] of [...r.errorKinds].slice(0, 5)) {
    console.log(`    ${count} × ${kind}, first: ${first}`);
  }
  const { planned, done, inTime } = r.saves;
  console.log(
    `  heats saved: ${done} of ${planned}, ${inTime} by the planned end of the match` +
      (done < planned && r.errors === 0
        ? ` (the rest not started: the server fell ${GIVE_UP_AFTER}× behind)`
        : ''),
  );
  console.log(
    `  server CPU ${r.cpu.server.toFixed(1)} s = ${cores(r.cpu.server)}; PostgreSQL ${r.cpu.pg.toFixed(1)} s = ` +
      `${cores(r.cpu.pg)}; load generator ${r.cpu.self.toFixed(1)} s = ${cores(r.cpu.self)} (the machine: ${availableParallelism()} cores)`,
  );
  console.log(
    `  server memory: peak RSS ${r.memory.peakRss.toFixed(0)} MiB during the match (VmHWM since start ${r.memory.hwm.toFixed(0)} MiB)`,
  );
  const c = r.pgConnections;
  console.log(
    `  PostgreSQL client connections (${c.samples} samples, 1/s): peak ${c.peak}, mean ${c.mean.toFixed(1)}; ` +
      `running a statement: peak ${c.peakActive}, mean ${c.meanActive.toFixed(1)}; ` +
      `${c.transactions} transactions = ${(c.transactions / total).toFixed(2)} a request`,
  );
  console.log('  (prints the figures; never fails on timing)');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  printMatchNight(await matchNight());
}
