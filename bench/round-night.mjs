// A round night (issue 27 §2): everything a Tuesday evening of Elitserien brings at once, on one
// instance (the built server on its embedded PostgreSQL) or, with CLUSTER_URL set, on the
// instances behind a load balancer that bench/cluster.sh starts. Over ROUND_SECONDS (1,500: a real
// evening's 15 heats take about 75 minutes, so three times its pace, ×3; the budgets are for
// that, with room for a slower machine or a busier evening) for the 15 heats of the evening's
// ROUND_MATCHES (4) official matches:
// - ROUND_WRITERS (2,000) people keep a protocol of one of the matches, as match-night.mjs's
//   users do (home page, protocol, nomination, heat save; a write carries an Idempotency-Key and
//   is sent again when its connection failed), and at the end press 'Spara protokoll' (save,
//   then confirm, as the web app does);
// - ROUND_VIEWERS (10,000) follow ROUND_LINKS (50) of those protocols through their live links:
//   event streams from addresses of their own (20 each, the server's default cap per address),
//   reconnecting with Last-Event-ID as EventSource does when a stream ends. They are held in a
//   worker thread (viewer-thread.mjs), so their chunks and collections do not stand still the
//   loop that times the requests;
// - ROUND_BROWSERS (3,000) browse: each heat, half of them open the home page (the official
//   list), the table (the teams), one of the evening's official matches and their inbox;
// - the official results arrive every ROUND_OFFICIAL_EVERY (3) heats, the heats ridden so far of
//   every match in one `speedway-official/1` document (POST /api/official-matches/import, as a
//   super_admin), and the final result once every protocol is saved: the import compares every
//   saved protocol again and tells each owner (the inbox; mail and push are queued with them).
//   The official source's results come through the import here; a stand-in for Svemo TA serving
//   the same heats as scorecards is left for later (the saved TA pages hold one real scorecard).
//
// Prints per route p50/p99 (budget ≤ 100 ms) and errors (budget 0), the delay from a heat's save
// leaving on a socket (after any wait of the generator's for one) to its event reaching the
// viewers (budget p99 ≤ 1 s), the viewers that reconnected
// and any that missed the last heat, the notifications told and their delay after the final
// import was sent, the servers' CPU and memory (and per 1,000 open streams), PostgreSQL's CPU
// and connections. Like every bench it prints and never fails on a figure.
//
// On a cluster, ROUND_KILL=1 kills one instance (SIGKILL, the second of CLUSTER_PIDS) half-way
// through the evening: the writers send again what failed (same Idempotency-Key), the viewers
// reconnect elsewhere, and afterwards every protocol in the database must hold at least the heats
// its writer saw acknowledged ("acknowledged saves lost", budget 0).
//
// After npm run build: node bench/round-night.mjs (Node 24: node_modules/.bin/node; the
// generator holds ROUND_VIEWERS + sockets open, so `ulimit -n` must allow that many files).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { percentile, pool, reportQuietWait, root, startBuiltServer } from './lib.mjs';
import { describeCollections, describeStalls, readProbe, watchLoop } from './loop-probe.mjs';
import { createClient, evening, HEATS, ROUTES } from './match-night.mjs';
import { embeddedDatabase, sampleConnections } from './pg-sampler.mjs';
import { cpuSeconds, memoryMiB, treeCpuSeconds } from './proc-stats.mjs';
import { startViewerThread } from './viewer-thread.mjs';

const env = (name, fallback) => Number(process.env[name] ?? fallback);
const WRITERS = env('ROUND_WRITERS', 2000);
const SOCKETS = env('ROUND_SOCKETS', 64);
const VIEWERS = viewersTheBalancerHolds(env('ROUND_VIEWERS', 10_000));
const BROWSERS = env('ROUND_BROWSERS', 3000);
const LINKS = env('ROUND_LINKS', 50);
const MATCHES = env('ROUND_MATCHES', 4);
const SECONDS = env('ROUND_SECONDS', 1500);
const OFFICIAL_EVERY = env('ROUND_OFFICIAL_EVERY', 3);
const KILL = process.env.ROUND_KILL === '1';
/** A real match: 15 heats in about 75 minutes. */
const REAL_EVENING_SECONDS = 75 * 60;
const PASSWORD = 'bench-lösenord-1';
export const BUDGET = { errors: 0, apiP99Ms: 100, eventP99Ms: 1000 };

/**
 * On a cluster, HAProxy (started by bench/cluster.sh under the same `ulimit -n`) holds two files
 * per connection, one a side, and takes its maxconn as about half its file limit: past it, new
 * connections wait in its queue, so the requests' sockets would wait behind the streams. The
 * viewers are lowered to what fits, and said so (a machine that cannot raise `ulimit -n` past
 * 20,000, as this one, holds some 9,900 streams through one balancer).
 */
function viewersTheBalancerHolds(wanted) {
  if (!process.env.CLUSTER_URL) return wanted;
  const limits = existsSync('/proc/self/limits') ? readFileSync('/proc/self/limits', 'utf8') : '';
  const files = Number(/^Max open files\s+(\d+)/m.exec(limits)?.[1] ?? Infinity);
  const fits = Math.floor((files - 200) / 2) - SOCKETS - 100;
  if (wanted <= fits) return wanted;
  console.error(
    `round night: the balancer's file limit (ulimit -n ${files}) holds about ${fits} streams ` +
      `beside ${SOCKETS} sockets: ${fits} viewers instead of ${wanted} (raise ulimit -n to ` +
      `${2 * (wanted + SOCKETS + 100) + 200} for all)`,
  );
  return fits;
}

const BROWSE = {
  list: 'GET /api/official-matches (browsing)',
  teams: 'GET /api/teams',
  detail: 'GET /api/official-matches/{id}',
  inbox: 'GET /api/notifications/inbox',
};
const END = {
  live: 'POST /api/matches/{id}/live-link',
  saveProtocol: 'POST /api/matches/{id}/save',
  confirm: 'PUT /api/matches/{id}/confirm',
  import: 'POST /api/official-matches/import',
};

const sleep = (ms) => new Promise((r) => setTimeout(r, Math.max(0, ms)));
const between = (lo, hi) => lo + Math.random() * (hi - lo);

/** What the bench runs against: one built server, or the cluster bench/cluster.sh started. */
async function openTarget() {
  if (process.env.CLUSTER_URL) {
    const pids = (process.env.CLUSTER_PIDS ?? '').split(/\s+/).filter(Boolean).map(Number);
    const databaseUrl = process.env.CLUSTER_DATABASE_URL;
    if (!databaseUrl) throw new Error('CLUSTER_DATABASE_URL is needed beside CLUSTER_URL');
    return {
      url: process.env.CLUSTER_URL,
      pids,
      databaseUrl,
      pgPid: process.env.CLUSTER_PG_PID ? Number(process.env.CLUSTER_PG_PID) : null,
      // The accounts are made on the database directly (the command line of the built server).
      cli: (args) => runCli(args, { ...process.env, DATABASE_URL: databaseUrl }),
      stop: async () => undefined,
    };
  }
  const server = await startBuiltServer({ API_RATE_LIMIT: undefined }, { probe: true });
  const db = embeddedDatabase(server.dataDir);
  return {
    probeFile: server.probeFile,
    url: server.url,
    pids: [server.pid],
    databaseUrl: db.url,
    pgPid: db.pid,
    cli: server.cli,
    stop: server.stop,
  };
}

function runCli(args, cliEnv) {
  return new Promise((resolve, reject) => {
    const cli = spawn(process.execPath, ['apps/server/dist/cli.js', ...args], {
      cwd: root,
      env: cliEnv,
      stdio: 'inherit',
    });
    cli.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`cli ${args[0]} exited ${code}`)),
    );
  });
}

/** `count` signed-in accounts (create-user), their bearer tokens in order. */
async function accounts(target, tmp, name, count, role = 'user') {
  const file = path.join(tmp, `${name}.txt`);
  const many = count > 1 ? ['--count', String(count)] : [];
  const email = count > 1 ? `${name}-{n}@example.se` : `${name}@example.se`;
  await target.cli([
    'create-user',
    '--email',
    email,
    ...many,
    '--role',
    role,
    '--password',
    PASSWORD,
    '--sessions',
    file,
  ]);
  return readFileSync(file, 'utf8').trimEnd().split('\n');
}

/**
 * The servers' CPU seconds so far, summed: an instance that is gone (killed) counts with what it
 * had used when last seen (`seen`, updated on every call).
 */
function serversCpu(pids, seen) {
  for (const pid of pids) if (existsSync(`/proc/${pid}`)) seen.set(pid, cpuSeconds(pid));
  return [...seen.values()].reduce((a, b) => a + b, 0);
}
/** Their resident memory, summed over the instances still running. */
function serversRss(pids) {
  return pids.reduce((sum, pid) => sum + (existsSync(`/proc/${pid}`) ? memoryMiB(pid).rss : 0), 0);
}

/** The heats a protocol's saves gave, as the official format has them (gates, H/A, numbers). */
function officialHeats(heats) {
  return heats.map((heat) => ({
    heat: heat.heat_number,
    riders: Object.entries(heat.riders)
      .filter(([, rider]) => rider)
      .map(([gate, rider]) => {
        const result = heat.results.find((r) => r.rider_id === rider.rider_id);
        return {
          gate: Number(gate),
          team: rider.team === 'home' ? 'H' : 'A',
          no: rider.lineup_no,
          ...(rider.replaces ? { replaces: rider.replaces } : {}),
          position: result.position,
          status: result.status === 'excluded' ? 'excluded' : 'completed',
        };
      }),
  }));
}

/** The evening's matches as the official source would send them, with the heats ridden so far. */
function officialDocument(tonight) {
  return {
    format: 'speedway-official/1',
    teams: [],
    matches: tonight.map(({ detail, slugs, reference }) => {
      const names = (side) =>
        Object.fromEntries(detail.lineups[side].map((r) => [String(r.lineup_no), r.name]));
      const heats = [...reference.heats.values()].sort((a, b) => a.heat_number - b.heat_number);
      return {
        external_id: detail.external_id,
        ...(detail.competition ? { competition: detail.competition } : {}),
        ...(detail.season ? { season: detail.season } : {}),
        ...(detail.round !== null ? { round: detail.round } : {}),
        rulebook: detail.rulebook,
        start: detail.start,
        home: slugs.home,
        away: slugs.away,
        lineups: { home: names('home'), away: names('away') },
        ...(heats.length
          ? {
              result: {
                home_score: reference.score.home,
                away_score: reference.score.away,
                heats: officialHeats(heats),
              },
            }
          : {}),
      };
    }),
  };
}

/** One browsing visit: home, table, one of tonight's matches, the inbox. */
async function browse(client, token, tonight) {
  await client.call(BROWSE.list, token, 'GET', '/api/official-matches');
  await sleep(between(300, 1000));
  await client.call(BROWSE.teams, token, 'GET', '/api/teams');
  await sleep(between(300, 1000));
  const match = tonight[Math.floor(Math.random() * tonight.length)];
  await client.call(BROWSE.detail, token, 'GET', `/api/official-matches/${match.detail.id}`);
  await sleep(between(300, 1000));
  await client.call(BROWSE.inbox, token, 'GET', '/api/notifications/inbox?limit=20');
}

export async function roundNight() {
  const target = await openTarget();
  const tmp = mkdtempSync(path.join(tmpdir(), 'speedway-round-night-'));
  const client = createClient(target.url, SOCKETS);
  const viewers = startViewerThread();
  const database = new pg.Client({ connectionString: target.databaseUrl });
  let result;
  let loop;
  try {
    await database.connect();
    const created = performance.now();
    const [admin] = await accounts(target, tmp, 'kvall-admin', 1, 'super_admin');
    const writers = (await accounts(target, tmp, 'kvall-protokoll', WRITERS)).map((token) => ({
      token,
    }));
    const browsers = await accounts(target, tmp, 'kvall-publik', BROWSERS);
    const createSeconds = (performance.now() - created) / 1000;

    // Tonight: the first matches with line-ups and no result yet.
    const list = await client.call(ROUTES.list, admin, 'GET', '/api/official-matches', undefined, {
      parse: true,
    });
    const teams = await client.call(BROWSE.teams, admin, 'GET', '/api/teams', undefined, {
      parse: true,
    });
    const slugOf = new Map(teams.map((t) => [t.id, t.slug]));
    const open = list.filter((m) => m.lineups_ready && m.status !== 'completed');
    if (open.length < MATCHES) throw new Error(`only ${open.length} official matches to ride`);
    const tonight = [];
    for (const summary of open.slice(0, MATCHES)) {
      const detail = await client.call(
        BROWSE.detail,
        admin,
        'GET',
        `/api/official-matches/${summary.id}`,
        undefined,
        { parse: true },
      );
      tonight.push({
        detail: { ...summary, ...detail },
        slugs: { home: slugOf.get(summary.home_team_id), away: slugOf.get(summary.away_team_id) },
        reference: { heats: new Map(), score: { home: 0, away: 0 } },
      });
    }

    // Before the match: every writer starts a protocol; the first LINKS share theirs live.
    const setupStarted = performance.now();
    await pool(writers.entries(), SOCKETS, async ([i, writer]) => {
      writer.match = tonight[i % tonight.length];
      writer.protocol = await client.call(
        ROUTES.start,
        writer.token,
        'POST',
        '/api/matches/from-official',
        { official_match_id: writer.match.detail.id },
        { parse: true },
      );
    });
    const playing = writers.filter((w) => w.protocol);
    const links = [];
    for (const writer of playing.slice(0, LINKS)) {
      const reply = await client.call(
        END.live,
        writer.token,
        'POST',
        `/api/matches/${writer.protocol.id}/live-link`,
        undefined,
        { parse: true },
      );
      if (reply) links.push({ writer, token: reply.link.token });
    }
    const rssBefore = serversRss(target.pids);
    const connected = await viewers.open(
      VIEWERS,
      links.map((link) => `${target.url}/api/live/${link.token}/events`),
    );
    await sleep(3000);
    const rssOpen = serversRss(target.pids);
    const setupSeconds = (performance.now() - setupStarted) / 1000;
    const setupErrors = client.errorCount;
    client.stats.clear();

    // The evening.
    await reportQuietWait();
    const loadBefore = loadavg()[0];
    const connections = await sampleConnections(target.databaseUrl);
    let peakRss = 0;
    const cpuSeen = new Map();
    const rssTimer = setInterval(() => {
      peakRss = Math.max(peakRss, serversRss(target.pids));
      serversCpu(target.pids, cpuSeen);
    }, 500);
    const cpu0 = {
      servers: serversCpu(target.pids, cpuSeen),
      pg: target.pgPid ? treeCpuSeconds(target.pgPid) : NaN,
      self: process.cpuUsage(),
    };
    await viewers.measure(true);
    loop = watchLoop();
    const started = performance.now();
    const slotMs = (SECONDS * 1000) / HEATS;
    const linkOf = new Map(links.map((link, n) => [link.writer, n]));
    const referenceOf = new Map(tonight.map((m) => [playing.find((w) => w.match === m), m]));
    let browsing = true;
    const imports = [];
    const importNow = async (label) => {
      const sent = performance.now();
      const { rows } = await database.query('SELECT now() AS at');
      const reply = await client.call(
        END.import,
        admin,
        'POST',
        '/api/official-matches/import',
        officialDocument(tonight),
        { parse: true },
      );
      imports.push({ label, at: rows[0].at, ok: Boolean(reply), ms: performance.now() - sent });
    };
    const killed = (async () => {
      if (!KILL || target.pids.length < 2) return null;
      await sleep(started + (HEATS / 2) * slotMs - performance.now());
      const victim = target.pids[1];
      process.kill(victim, 'SIGKILL');
      console.error(`  round night: killed instance ${victim} (SIGKILL) after heat ${HEATS / 2}`);
      return { pid: victim, at: performance.timeOrigin + performance.now() };
    })();
    const officials = (async () => {
      for (let n = OFFICIAL_EVERY; n < HEATS; n += OFFICIAL_EVERY) {
        await sleep(started + n * slotMs - performance.now());
        await importNow(`after heat ${n}`);
      }
    })();
    const audience = Promise.all(
      browsers.map(async (token) => {
        for (let n = 0; browsing; n++) {
          await sleep(started + n * slotMs + Math.random() * (slotMs - 3000) - performance.now());
          if (browsing && Math.random() < 0.5) await browse(client, token, tonight);
        }
      }),
    );
    const progress = setInterval(async () => {
      const done = [...client.stats.values()].reduce((sum, s) => sum + s.sent.length, 0);
      const counters = await viewers.counts();
      console.error(
        `  round night: ${((performance.now() - started) / 1000).toFixed(0)} s, ${done} requests, ` +
          `${client.queued} waiting for a socket, ${client.errorCount - setupErrors} errors, ` +
          `${counters.reconnects} reconnects`,
      );
    }, 30_000);
    await Promise.all(
      playing.map((writer) =>
        evening(client, writer, started, slotMs, {
          onSave: (n, at) => linkOf.has(writer) && viewers.sent(linkOf.get(writer), n, at),
          onSaved: (n, reply) => {
            const match = referenceOf.get(writer);
            if (!match) return;
            match.reference.heats.set(n, reply.heat);
            match.reference.score = { home: reply.home_score, away: reply.away_score };
          },
        }),
      ),
    );
    await officials;
    const kill = await killed;
    const eveningSeconds = (performance.now() - started) / 1000;
    const lost = await lostSaves(database, playing);

    // 'Spara protokoll' at each person's own moment in the slot after the last heat, then the final
    // result: every saved protocol is compared with it and its owner told.
    const savingFrom = performance.now();
    await Promise.all(
      playing.map(async (writer) => {
        await sleep(savingFrom + Math.random() * slotMs - performance.now());
        const path = `/api/matches/${writer.protocol.id}`;
        const saved = await client.call(END.saveProtocol, writer.token, 'POST', `${path}/save`, {});
        if (saved) {
          writer.savedProtocol = true;
          await client.call(END.confirm, writer.token, 'PUT', `${path}/confirm`, {});
        }
      }),
    );
    await importNow('final');
    browsing = false;
    await viewers.measure(false);
    const final = imports.at(-1);
    const expected = playing.filter((w) => w.savedProtocol).length;
    const notices = await untilNotified(database, final.at, expected);
    await audience;
    const window = {
      from: performance.timeOrigin + started,
      to: performance.timeOrigin + performance.now(),
    };
    clearInterval(progress);
    const seconds = (performance.now() - started) / 1000;
    const self = process.cpuUsage(cpu0.self);
    const cpu = {
      servers: serversCpu(target.pids, cpuSeen) - cpu0.servers,
      pg: target.pgPid ? treeCpuSeconds(target.pgPid) - cpu0.pg : NaN,
      self: (self.user + self.system) / 1e6,
    };
    clearInterval(rssTimer);
    const pgConnections = await connections.stop();

    const watched = await viewers.result(links.map((link) => link.writer.saved));
    const delays = watched.delays;
    result = {
      instances: target.pids.length,
      victim: kill?.pid ?? null,
      killedAt: kill?.at ?? null,
      lost,
      cluster: Boolean(process.env.CLUSTER_URL),
      writers: playing.length,
      browsers: browsers.length,
      tonight: tonight.length,
      createSeconds,
      setupSeconds,
      setupErrors,
      viewers: {
        wanted: VIEWERS,
        open: watched.open,
        refused: connected.refused,
        connectSeconds: connected.seconds,
        reconnects: watched.reconnects,
        failedReconnects: watched.failedReconnects,
        behind: watched.behind,
        events: delays.length,
        p50: percentile(delays, 50),
        p99: percentile(delays, 99),
        perThousandMiB: ((rssOpen - rssBefore) / Math.max(1, connected.open)) * 1000,
      },
      saves: {
        planned: playing.length * HEATS,
        done: playing.reduce((sum, w) => sum + w.saved, 0),
        protocols: expected,
      },
      imports,
      notices,
      eveningSeconds,
      seconds,
      cpu,
      memory: { peakRss, rssBefore, rssOpen },
      pgConnections,
      stats: client.stats,
      errors: client.errorCount - setupErrors,
      errorKinds: client.errors,
      loadBefore,
      window,
      generatorLoop: { stalls: loop.stalls },
    };
  } finally {
    loop?.stop();
    await viewers.stop();
    await database.end().catch(() => undefined);
    await client.close();
    await target.stop();
    rmSync(tmp, { recursive: true, force: true });
  }
  // The server's probe is written as it exits.
  if (target.probeFile) {
    result.serverProbe = readProbe(target.probeFile, result.window.from, result.window.to);
    rmSync(path.dirname(target.probeFile), { recursive: true, force: true });
  }
  return result;
}

/** Writers whose protocol in the database has fewer heats than they saw acknowledged. */
async function lostSaves(database, writers) {
  const { rows } = await database.query(
    'SELECT id, completed_heats FROM matches WHERE id = ANY($1::uuid[])',
    [writers.map((w) => w.protocol.id)],
  );
  const stored = new Map(rows.map((row) => [row.id, row.completed_heats]));
  return writers.filter((w) => (stored.get(w.protocol.id) ?? 0) < w.saved).length;
}

/**
 * Waits (at most 60 s) until the notices of the saved protocols' comparison with the final result
 * are in the inbox: `expected` of them, one per saved protocol, or none new for 10 s. Their delay
 * counts from the database's clock as the import was sent.
 */
async function untilNotified(database, since, expected) {
  const count = async () => {
    const { rows } = await database.query(
      `SELECT count(*)::int AS n,
              percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM created_at - $1)) AS p50,
              percentile_cont(0.99) WITHIN GROUP (ORDER BY extract(epoch FROM created_at - $1)) AS p99,
              max(extract(epoch FROM created_at - $1)) AS last
         FROM notifications
        WHERE created_at >= $1 AND kind IN ('conflict_detected', 'result_validation')`,
      [since],
    );
    return rows[0];
  };
  const until = Date.now() + 60_000;
  let last = await count();
  let changedAt = Date.now();
  while (last.n < expected && Date.now() < until && Date.now() - changedAt < 10_000) {
    await sleep(500);
    const now = await count();
    if (now.n !== last.n) changedAt = Date.now();
    last = now;
  }
  return {
    told: last.n,
    expected,
    p50: Number(last.p50) * 1000,
    p99: Number(last.p99) * 1000,
    last: Number(last.last) * 1000,
  };
}

const pad = (s, n) => String(s).padStart(n);
const ms = (v) => (Number.isNaN(v) ? '–' : v < 10 ? v.toFixed(1) : v.toFixed(0));
const verdict = (ok) => (ok ? 'ok' : 'OVER BUDGET');

/**
 * Where the requests over the budget waited (bench/loop-probe.mjs): in the server's own handling
 * (its timing, from headers parsed to last byte sent), or while a process's loop stood still —
 * the server's (the request not yet read, or its reply not yet written) or the generator's (the
 * reply in a socket buffer, unread).
 */
function printTail(r) {
  const slow = [];
  for (const s of r.stats.values())
    s.sent.forEach((took, i) => took > BUDGET.apiP99Ms && slow.push([s.at[i], took]));
  const during = (stalls) => (request) =>
    stalls.some(([at, late]) => at < request[0] + request[1] && at + late > request[0]);
  const share = (n) => `${((n / Math.max(1, slow.length)) * 100).toFixed(0)} %`;
  const generator = r.generatorLoop.stalls.filter(
    ([at]) => at >= r.window.from && at <= r.window.to,
  );
  const inGenerator = during(generator);
  console.log(
    `  the ${slow.length} requests over ${BUDGET.apiP99Ms} ms: ${describeStalls("the generator's loop", generator)}; ` +
      `it did during ${share(slow.filter(inGenerator).length)} of them`,
  );
  const server = r.serverProbe;
  if (!server) return;
  const inServer = during(server.loop.stalls);
  const own = server.requests.map(([, took]) => took).sort((a, b) => a - b);
  const neither = slow.filter((q) => !inGenerator(q) && !inServer(q)).length;
  console.log(
    `    ${describeStalls("the server's loop", server.loop.stalls)}; it did during ` +
      `${share(slow.filter(inServer).length)} of them; neither did during ${share(neither)}`,
  );
  const paused = (stall) =>
    server.collections.some(([at, took]) => at < stall[0] + stall[1] && at + took > stall[0]);
  console.log(
    `    the server's garbage collector paused it: ${describeCollections(server.collections)}; ` +
      `${server.loop.stalls.filter(paused).length} of its ${server.loop.stalls.length} stalls overlapped a pause`,
  );
  console.log(
    `    the server's own timing of its ${own.length} answers: p50 ${ms(percentile(own, 50))} ms, ` +
      `p99 ${ms(percentile(own, 99))} ms, ${own.filter((took) => took > BUDGET.apiP99Ms).length} over ${BUDGET.apiP99Ms} ms`,
  );
}

/** Seconds after the kill that its effects (failed-over requests, reconnects) are counted in. */
const AFTER_KILL_MS = 15_000;

/**
 * The kill's share of the tail: the requests sent in the AFTER_KILL_MS after it (the balancer's
 * retries, the writers' resends, a third of the viewers reconnecting to the other instances at
 * once) beside those of the rest of the evening. Both are printed; the budget is the whole's.
 */
function printAroundKill(r) {
  const after = [];
  const rest = [];
  for (const s of r.stats.values())
    s.sent.forEach((took, i) => {
      const at = s.at[i];
      (at >= r.killedAt && at < r.killedAt + AFTER_KILL_MS ? after : rest).push(took);
    });
  after.sort((a, b) => a - b);
  rest.sort((a, b) => a - b);
  const over = (list) => list.filter((took) => took > BUDGET.apiP99Ms).length;
  console.log(
    `  in the ${AFTER_KILL_MS / 1000} s after the kill: ${after.length} requests, p99 ${ms(percentile(after, 99))} ms, ` +
      `${over(after)} over ${BUDGET.apiP99Ms} ms; the rest of the evening: ${rest.length} requests, ` +
      `p99 ${ms(percentile(rest, 99))} ms, ${over(rest)} over ${BUDGET.apiP99Ms} ms`,
  );
}

export function printRoundNight(r) {
  const cores = (s) => `${((s / r.seconds) * 100).toFixed(0)}% of a core`;
  const where = r.cluster
    ? `${r.instances} instances behind the load balancer (CLUSTER_URL)`
    : 'one instance';
  console.log(
    `\nRound night on ${where}: ${r.writers} protocol writers over ${r.tonight} matches, ` +
      `${r.viewers.open} live viewers on ${LINKS} links, ${r.browsers} browsing; ${HEATS} heats over ` +
      `${SECONDS} s planned, ×${(REAL_EVENING_SECONDS / SECONDS).toFixed(1)} a real evening's pace (took ${r.eveningSeconds.toFixed(0)} s), official results every ` +
      `${OFFICIAL_EVERY} heats; ${SOCKETS} sockets; load average before ${r.loadBefore.toFixed(1)}`,
  );
  console.log(
    `  before: accounts in ${r.createSeconds.toFixed(0)} s; protocols, links and ${r.viewers.open} ` +
      `streams in ${r.setupSeconds.toFixed(0)} s (streams ${r.viewers.connectSeconds.toFixed(0)} s), ` +
      `errors ${r.setupErrors}`,
  );
  console.log(
    `  ${'route'.padEnd(40)} ${pad('requests', 8)} ${pad('req/s', 6)} ${pad('p50 ms', 7)} ${pad('p99 ms', 7)} ${pad('retried', 7)} ${pad('errors', 6)}  budget`,
  );
  let all = [];
  let total = 0;
  for (const [route, s] of r.stats) {
    const sent = [...s.sent].sort((a, b) => a - b);
    const count = sent.length + s.failed;
    total += count;
    all = all.concat(sent);
    const p99 = percentile(sent, 99);
    console.log(
      `  ${route.padEnd(40)} ${pad(count, 8)} ${pad((count / r.seconds).toFixed(0), 6)} ` +
        `${pad(ms(percentile(sent, 50)), 7)} ${pad(ms(p99), 7)} ${pad(s.retried, 7)} ${pad(s.errors, 6)}  ` +
        `p99 ≤ ${BUDGET.apiP99Ms} ms ${verdict(!(p99 > BUDGET.apiP99Ms))}, errors 0 ${verdict(s.errors === 0)}`,
    );
  }
  all.sort((a, b) => a - b);
  const allP99 = percentile(all, 99);
  console.log(
    `  ${'all routes'.padEnd(40)} ${pad(total, 8)} ${pad((total / r.seconds).toFixed(0), 6)} ` +
      `${pad(ms(percentile(all, 50)), 7)} ${pad(ms(allP99), 7)} ${pad('', 7)} ${pad(r.errors, 6)}  ` +
      `p99 ≤ ${BUDGET.apiP99Ms} ms ${verdict(allP99 <= BUDGET.apiP99Ms)}, errors 0 ${verdict(r.errors === 0)}`,
  );
  for (const [kind, { count, first }] of [...r.errorKinds].slice(0, 5)) {
    console.log(`    ${count} × ${kind}, first: ${first}`);
  }
  printTail(r);
  if (r.killedAt) printAroundKill(r);
  const v = r.viewers;
  console.log(
    `  live: ${v.open} of ${v.wanted} streams open (refused ${v.refused}); events ${v.events}, delay from the ` +
      `save sent p50 ${ms(v.p50)} ms p99 ${ms(v.p99)} ms ${verdict(v.p99 <= BUDGET.eventP99Ms)} (p99 ≤ ` +
      `${BUDGET.eventP99Ms} ms); reconnected ${v.reconnects} (failed tries ${v.failedReconnects}); ` +
      `viewers missing the last heat ${v.behind} ${verdict(v.behind === 0)} (budget 0)`,
  );
  if (r.victim)
    console.log(
      `  instance ${r.victim} killed (SIGKILL) half-way: protocols missing an acknowledged save ${r.lost} ${verdict(r.lost === 0)} (budget 0)`,
    );
  else console.log(`  protocols missing an acknowledged save: ${r.lost} ${verdict(r.lost === 0)}`);
  console.log(
    `  heats saved ${r.saves.done} of ${r.saves.planned}; protocols saved ${r.saves.protocols}; official ` +
      `imports ${r.imports.filter((i) => i.ok).length} of ${r.imports.length} (${r.imports.map((i) => `${i.ms.toFixed(0)} ms`).join(', ')})`,
  );
  const n = r.notices;
  console.log(
    `  notices after the final result: ${n.told} of ${n.expected} saved protocols told, delay from the ` +
      `import sent p50 ${ms(n.p50)} ms, p99 ${ms(n.p99)} ms, last ${ms(n.last)} ms`,
  );
  console.log(
    `  servers' CPU ${r.cpu.servers.toFixed(1)} s = ${cores(r.cpu.servers)}; PostgreSQL ` +
      `${Number.isNaN(r.cpu.pg) ? 'not measured (CLUSTER_PG_PID unset)' : `${r.cpu.pg.toFixed(1)} s = ${cores(r.cpu.pg)}`}; ` +
      `load generator ${r.cpu.self.toFixed(1)} s = ${cores(r.cpu.self)} (the machine: ${availableParallelism()} cores)`,
  );
  console.log(
    `  servers' memory: ${r.memory.rssBefore.toFixed(0)} MiB before the streams, ${r.memory.rssOpen.toFixed(0)} MiB ` +
      `with them (${v.perThousandMiB.toFixed(1)} MiB per 1,000 streams), peak ${r.memory.peakRss.toFixed(0)} MiB in the evening`,
  );
  const c = r.pgConnections;
  console.log(
    `  PostgreSQL client connections (${c.samples} samples, 1/s): peak ${c.peak}, mean ${c.mean.toFixed(1)}; ` +
      `running a statement: peak ${c.peakActive}, mean ${c.meanActive.toFixed(1)}`,
  );
  console.log('  (prints the figures; never fails on timing)');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await roundNight();
  printRoundNight(result);
  // ROUND_TRACE=file keeps the stalls and the server's request times, to look at afterwards.
  if (process.env.ROUND_TRACE) {
    const { window, generatorLoop, serverProbe, imports } = result;
    writeFileSync(
      process.env.ROUND_TRACE,
      JSON.stringify({ window, generatorLoop, serverProbe, imports }),
    );
  }
}
