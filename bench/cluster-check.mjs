// The deployment at scale, checked: three app instances behind HAProxy, their queries through
// PgBouncer in transaction mode (ADR 026). Run by bench/cluster.sh, which starts that cluster
// and exports CLUSTER_URL (the balancer), CLUSTER_DATABASE_URL (PostgreSQL itself),
// CLUSTER_PIDS, CLUSTER_INSTANCE_URLS, CLUSTER_MAILBOX and CLUSTER_API_RATE_LIMIT. Every step
// prints its figures; any step that fails makes the exit status 1.
//
// 1. A revoked session (signed out, or ended from another device) is refused at once by every
//    instance.
// 2. The API throttle holds across the instances: one user's requests beyond API_RATE_LIMIT in
//    one window, through the balancer, never pass more than the limit.
// 3. Jobs run once across the instances: an import publishes a match, the import's job tells each
//    user who asked for mail about new matches, and each gets exactly one mail.
// 4. Writers (users keeping their protocols, heat saves with Idempotency-Key and If-Match as the
//    web app's outbox sends them) and live viewers (Server-Sent Events) through the balancer,
//    while the instance holding the most viewers is killed with SIGKILL half-way: a failed save
//    is repeated with its key, as the outbox does; at the end every acknowledged save is in the
//    database, none twice, and every viewer, reconnected with Last-Event-ID, has its protocol's
//    final version with every heat. Last, because the killed instance stays down.
//
// After npm run build: bench/cluster.sh (this check), or bench/cluster.sh --check CMD.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { tsImport } from 'tsx/esm/api';
import { apiCall, percentile, pool, randomResults, root } from './lib.mjs';

const need = (name) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run this through bench/cluster.sh`);
  return value;
};
const balancer = { url: need('CLUSTER_URL') };
const databaseUrl = need('CLUSTER_DATABASE_URL');
const pids = need('CLUSTER_PIDS').split(' ').map(Number);
const instances = need('CLUSTER_INSTANCE_URLS')
  .split(' ')
  .map((url, i) => ({ name: `app${i + 1}`, url, pid: pids[i] }));
const mailbox = need('CLUSTER_MAILBOX');
const rateLimit = Number(process.env.CLUSTER_API_RATE_LIMIT ?? 600);

const WRITERS = Number(process.env.CLUSTER_WRITERS ?? 30);
const SHARED = Math.min(WRITERS, 10); // protocols with a live link
const VIEWERS_EACH = 3;
const HEATS = 13; // heats 14 and 15 need nominations first
const PASSWORD = 'kluster-lösenord-1';
// A tag of the engine's (packages/rules heatTag), as the web app sends in If-Match.
const { heatTag } = await tsImport('@speedway/rules', import.meta.url);

const run = `cc${Date.now().toString(36)}`;
const started = performance.now();
const failures = [];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const seconds = (from) => ((performance.now() - from) / 1000).toFixed(1);
const ms = (v) => (Number.isFinite(v) ? `${v < 10 ? v.toFixed(2) : Math.round(v)} ms` : 'n/a');

function report(ok, what, figures) {
  console.log(`[${ok ? 'ok' : 'FAIL'}] ${what}: ${figures}`);
  if (!ok) failures.push(what);
}

/** One request; its status, the instance that answered and its JSON (never throws on status). */
async function request(base, method, urlPath, { token, body, headers = {} } = {}) {
  const res = await fetch(`${base}${urlPath}`, {
    method,
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  let json = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    // Not the app's: HAProxy's own error page (502, 503).
  }
  return {
    status: res.status,
    servedBy: res.headers.get('x-served-by'),
    replayed: res.headers.get('idempotent-replayed') === 'true',
    json,
  };
}

/** The server's command-line tool on PostgreSQL itself (as an operator runs it). */
function cli(args) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['apps/server/dist/cli.js', ...args], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`cli ${args[0]} exited ${code}`)),
    );
  });
}

/** Accounts made and signed in by the CLI: their bearer tokens, in order. */
async function accounts(email, count, role = 'user') {
  const dir = mkdtempSync(path.join(tmpdir(), 'speedway-cluster-check-'));
  try {
    const file = path.join(dir, 'tokens');
    await cli([
      'create-user',
      '--email',
      email,
      ...(count > 1 ? ['--count', String(count)] : []),
      '--password',
      PASSWORD,
      '--role',
      role,
      '--sessions',
      file,
    ]);
    return readFileSync(file, 'utf8').trimEnd().split('\n');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const mails = () =>
  readFileSync(mailbox, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));

// --- Setup -----------------------------------------------------------------------------------

const db = new pg.Client({ connectionString: databaseUrl });
await db.connect();
const setupStarted = performance.now();
const writerEmail = (n) => `${run}-w${n}@example.se`;
const writerTokens = await accounts(`${run}-w{n}@example.se`, WRITERS + 2);
const [throttleToken, revokeToken] = writerTokens.splice(WRITERS, 2);
const [adminToken] = await accounts(`${run}-admin@example.se`, 1, 'super_admin');
const official = (await apiCall(balancer, writerTokens[0], 'GET', '/api/official-matches')).filter(
  (m) => m.lineups_ready,
);
const writers = writerTokens.map((token, i) => ({ token, email: writerEmail(i + 1), n: i + 1 }));
await pool(writers, 8, async (writer) => {
  writer.protocol = await apiCall(balancer, writer.token, 'POST', '/api/matches/from-official', {
    official_match_id: official[writer.n % official.length].id,
  });
  if (writer.n <= SHARED) {
    const { link } = await apiCall(
      balancer,
      writer.token,
      'POST',
      `/api/matches/${writer.protocol.id}/live-link`,
    );
    writer.live = link.token;
  }
  // Mail about new matches, for the jobs step.
  await apiCall(balancer, writer.token, 'PUT', '/api/account/notifications', {
    email: { match_created: true },
  });
});
console.log(
  `cluster check ${run}: ${instances.length} instances (${instances.map((i) => i.name).join(', ')}) behind ${balancer.url}; ` +
    `setup of ${WRITERS} writers with protocols (${SHARED} shared live), 3 more accounts: ${seconds(setupStarted)} s`,
);

// --- 1. Revoked sessions ---------------------------------------------------------------------

{
  const other = await request(balancer.url, 'POST', '/api/auth/login', {
    body: { email: `${run}-w${WRITERS + 2}@example.se`, password: PASSWORD },
  });
  const secondToken = other.json?.token;
  const everywhere = (token) =>
    Promise.all([
      ...instances.map((instance) =>
        request(instance.url, 'GET', '/api/account/me', { token }).then((r) => r.status),
      ),
      ...[1, 2, 3].map(() =>
        request(balancer.url, 'GET', '/api/account/me', { token }).then((r) => r.status),
      ),
    ]);
  const before = [...(await everywhere(revokeToken)), ...(await everywhere(secondToken))];
  // From the first device: end the second one's session (account → sessions → end).
  const sessions = await apiCall(balancer, revokeToken, 'GET', '/api/account/sessions');
  const list = Array.isArray(sessions) ? sessions : sessions.sessions;
  const second = list.find((s) => !s.current);
  await apiCall(balancer, revokeToken, 'DELETE', `/api/account/sessions/${second.id}`);
  const afterRevoke = await everywhere(secondToken);
  // Then the first signs out.
  await apiCall(balancer, revokeToken, 'POST', '/api/auth/logout');
  const afterLogout = await everywhere(revokeToken);
  const refused = [...afterRevoke, ...afterLogout];
  report(
    before.every((s) => s === 200) && refused.every((s) => s === 401),
    'revoked sessions',
    `before: ${before.filter((s) => s === 200).length} of ${before.length} requests 200; ` +
      `right after ending a session from another device and after signing out: ` +
      `${refused.filter((s) => s === 401).length} of ${refused.length} requests 401 ` +
      `(each token on ${instances.map((i) => i.name).join(', ')} directly and 3 times through the balancer)`,
  );
}

// --- 2. The API throttle ---------------------------------------------------------------------

if (rateLimit > 0) {
  // One window (epoch-aligned minutes, plugins/throttle.ts): not too close to its end.
  const intoWindow = Date.now() % 60_000;
  if (intoWindow > 50_000) await sleep(60_000 - intoWindow + 200);
  const windowOf = () => Math.floor(Date.now() / 60_000);
  const window = windowOf();
  const total = rateLimit + Math.max(200, Math.round(rateLimit / 3));
  const statuses = [];
  const servedBy = new Map();
  const burstStarted = performance.now();
  await pool(
    Array.from({ length: total }, (_, i) => i),
    40,
    async () => {
      const r = await request(balancer.url, 'GET', '/api/account/me', { token: throttleToken });
      statuses.push(r.status);
      if (r.status === 200) servedBy.set(r.servedBy, (servedBy.get(r.servedBy) ?? 0) + 1);
    },
  );
  const passed = statuses.filter((s) => s === 200).length;
  const refused = statuses.filter((s) => s === 429).length;
  const sameWindow = windowOf() === window;
  report(
    sameWindow && passed <= rateLimit && passed > 0 && passed + refused === total,
    'API throttle across instances',
    `${total} requests of one user through the balancer in ${seconds(burstStarted)} s, one window: ` +
      `${passed} passed (limit ${rateLimit}; ${[...servedBy].map(([name, n]) => `${name} ${n}`).join(', ')}), ` +
      `${refused} refused with 429, ${total - passed - refused} other` +
      (sameWindow ? '' : ' (the burst crossed a window boundary)'),
  );
}

// --- 3. Jobs, once across instances ----------------------------------------------------------

{
  const teams = await apiCall(balancer, adminToken, 'GET', '/api/teams');
  const [home, away] = (Array.isArray(teams) ? teams : teams.teams).map((t) => t.slug);
  const addresses = new Set(writers.map((w) => w.email));
  const ofRun = () => mails().filter((m) => m.to.some((to) => to.startsWith(`${run}-`)));
  const before = ofRun().length;
  const importStarted = performance.now();
  // A new match, published by the admin's upload: the import queues one job in its transaction,
  // whose worker queues a mail job per user who asked for mail about new matches.
  const imported = await request(balancer.url, 'POST', '/api/official-matches/import', {
    token: adminToken,
    body: {
      format: 'speedway-official/1',
      matches: [
        {
          external_id: `cluster-check-${run}`,
          competition: 'Elitserien',
          start: new Date(Date.now() + 60 * 86_400_000).toISOString(),
          home,
          away,
        },
      ],
    },
  });
  let received = [];
  let allAt = NaN;
  const until = performance.now() + 30_000;
  while (performance.now() < until) {
    received = ofRun().slice(before);
    if (received.length >= addresses.size && Number.isNaN(allAt)) allAt = performance.now();
    // A second delivery would come from another instance's worker: a few seconds more to see it.
    if (!Number.isNaN(allAt) && performance.now() - allAt > 3000) break;
    await sleep(200);
  }
  const perAddress = new Map([...addresses].map((a) => [a, 0]));
  let strangers = 0;
  for (const mail of received) {
    for (const to of mail.to) {
      if (perAddress.has(to)) perAddress.set(to, perAddress.get(to) + 1);
      else strangers += 1;
    }
  }
  const counts = [...perAddress.values()];
  report(
    imported.status === 200 && counts.every((n) => n === 1) && strangers === 0,
    'jobs run once',
    `an import (${imported.status}) published a match to ${addresses.size} users who asked for mail: ` +
      `${received.length} mails in ${Number.isNaN(allAt) ? 'more than 30 s' : `${((allAt - importStarted) / 1000).toFixed(1)} s`}, ` +
      `${counts.filter((n) => n === 1).length} addresses once, ${counts.filter((n) => n === 0).length} none, ` +
      `${counts.filter((n) => n > 1).length} more than once, ${strangers} to others`,
  );
}

// --- 4. Writers and live viewers while an instance is killed ---------------------------------

/**
 * One live viewer as a browser's EventSource is one: through the balancer, and when the stream
 * ends (its instance stopped or died) it reconnects after the server's `retry:` with
 * Last-Event-ID, the version it has.
 */
function openViewer(token) {
  const viewer = {
    snapshots: [],
    connections: [],
    lastId: null,
    retryMs: 2000,
    gone: false,
    closed: false,
    outOfOrder: 0,
  };
  let firstResolve;
  viewer.first = new Promise((resolve) => (firstResolve = resolve));
  const connect = () => {
    let ended = false;
    const again = () => {
      if (ended || viewer.closed || viewer.gone) return;
      ended = true;
      setTimeout(connect, viewer.retryMs);
    };
    const req = http.get(
      `${balancer.url}/api/live/${token}/events`,
      {
        agent: false,
        headers: {
          accept: 'text/event-stream',
          ...(viewer.lastId !== null ? { 'last-event-id': viewer.lastId } : {}),
        },
      },
      (res) => {
        viewer.connections.push({ servedBy: res.headers['x-served-by'], status: res.statusCode });
        if (res.statusCode !== 200) {
          res.resume();
          res.on('end', again);
          return;
        }
        res.setEncoding('utf8');
        let buffer = '';
        res.on('data', (chunk) => {
          buffer += chunk;
          let cut;
          while ((cut = buffer.indexOf('\n\n')) !== -1) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            const field = (name) =>
              block
                .split('\n')
                .find((line) => line.startsWith(`${name}: `))
                ?.slice(name.length + 2);
            if (field('retry')) viewer.retryMs = Number(field('retry'));
            if (field('event') === 'gone') viewer.gone = true;
            if (field('event') !== 'snapshot') continue;
            const snapshot = JSON.parse(field('data'));
            const last = viewer.snapshots.at(-1);
            if (last && snapshot.version <= last.version) viewer.outOfOrder += 1;
            viewer.snapshots.push(snapshot);
            viewer.lastId = field('id');
            firstResolve();
          }
        });
        res.on('close', again);
      },
    );
    req.on('error', again);
    viewer.request = req;
  };
  connect();
  viewer.close = () => {
    viewer.closed = true;
    viewer.request.destroy();
  };
  return viewer;
}

{
  const shared = writers.filter((w) => w.live);
  const viewers = shared.flatMap((writer) =>
    Array.from({ length: VIEWERS_EACH }, () => ({ writer, state: openViewer(writer.live) })),
  );
  await Promise.race([Promise.all(viewers.map((v) => v.state.first)), sleep(15_000)]);
  const onInstance = (name) =>
    viewers.filter((v) => v.state.connections[0]?.servedBy === name).length;
  const victim = instances.reduce((a, b) => (onInstance(b.name) > onInstance(a.name) ? b : a));
  const victimViewers = onInstance(victim.name);

  const { rows: revisionRows } = await db.query(
    'SELECT id, revision FROM matches WHERE id = ANY($1)',
    [writers.map((w) => w.protocol.id)],
  );
  const revisionBefore = new Map(revisionRows.map((r) => [r.id, r.revision]));

  const total = WRITERS * HEATS;
  const acknowledged = [];
  const latencies = [];
  const failedAttempts = new Map(); // kind → count
  let repeatedSaves = 0;
  let replayed = 0;
  let refused = 0;

  const writeStarted = performance.now();

  /** A heat save as the outbox sends it; repeated with the same key until it is answered. */
  async function saveHeat(writer, n) {
    const heat = writer.protocol.heats.find((h) => h.heat_number === n);
    const key = randomUUID();
    const body = { results: randomResults(heat) };
    const headers = { 'idempotency-key': key, 'if-match': `"${heatTag(heat)}"` };
    const t0 = performance.now();
    for (let attempt = 1; attempt <= 30; attempt++) {
      let r;
      try {
        r = await request(
          balancer.url,
          'POST',
          `/api/matches/${writer.protocol.id}/heat/${n}/save`,
          {
            token: writer.token,
            body,
            headers,
          },
        );
      } catch (err) {
        r = { status: 0, kind: err.cause?.code ?? 'network' };
      }
      if (r.status === 200) {
        latencies.push(performance.now() - t0);
        if (attempt > 1) repeatedSaves += 1;
        if (r.replayed) replayed += 1;
        writer.protocol.heats[writer.protocol.heats.indexOf(heat)] = r.json.heat;
        acknowledged.push({ writer, n, key, results: r.json.heat.results });
        return;
      }
      const kind = r.status ? `${r.status} ${r.json?.code ?? ''}`.trim() : r.kind;
      failedAttempts.set(kind, (failedAttempts.get(kind) ?? 0) + 1);
      // What the outbox leaves for the user: a refusal on the merits (4xx but 409 in flight, 429).
      if (r.status >= 400 && r.status < 500 && r.status !== 409 && r.status !== 429) {
        refused += 1;
        console.error(`  save refused: ${kind} ${JSON.stringify(r.json).slice(0, 200)}`);
        return;
      }
      await sleep(Math.min(2000, 100 * 2 ** attempt));
    }
    refused += 1;
  }

  const writing = Promise.all(
    writers.map(async (writer) => {
      for (let n = 1; n <= HEATS; n++) {
        await sleep(250 + Math.random() * 500);
        await saveHeat(writer, n);
      }
    }),
  );
  // Half-way (by acknowledged saves), the instance with the most viewers dies without a word.
  while (acknowledged.length < total * 0.4 && performance.now() - writeStarted < 20_000) {
    await sleep(50);
  }
  process.kill(victim.pid, 'SIGKILL');
  const killedAt = { saves: acknowledged.length, at: performance.now() - writeStarted };
  await writing;
  const writeSeconds = seconds(writeStarted);

  // Read back: each acknowledged save's heat as answered, each protocol moved once per save.
  const ids = writers.map((w) => w.protocol.id);
  const { rows: heatRows } = await db.query(
    `SELECT h.match_id, h.heat_number, h.heat, m.revision
       FROM match_heats h JOIN matches m ON m.id = h.match_id
      WHERE h.match_id = ANY($1)`,
    [ids],
  );
  const stored = new Map(heatRows.map((r) => [`${r.match_id}:${r.heat_number}`, r]));
  const placing = (results) =>
    JSON.stringify(
      results.map((r) => [r.rider_id, r.position, r.status]).sort((a, b) => (a[0] < b[0] ? -1 : 1)),
    );
  const inDatabase = acknowledged.filter(
    (a) =>
      placing(stored.get(`${a.writer.protocol.id}:${a.n}`)?.heat.results ?? []) ===
      placing(a.results),
  ).length;
  const { rows: finalRevisions } = await db.query(
    'SELECT id, revision FROM matches WHERE id = ANY($1)',
    [ids],
  );
  const revision = new Map(finalRevisions.map((r) => [r.id, r.revision]));
  const savesOf = (id) => acknowledged.filter((a) => a.writer.protocol.id === id).length;
  const movedOnce = ids.filter((id) => revision.get(id) - revisionBefore.get(id) === savesOf(id));
  const { rows: keyRows } = await db.query(
    'SELECT count(*)::int AS n FROM idempotency_keys WHERE key = ANY($1)',
    [acknowledged.map((a) => a.key)],
  );
  latencies.sort((a, b) => a - b);
  report(
    acknowledged.length === total &&
      refused === 0 &&
      inDatabase === total &&
      movedOnce.length === ids.length &&
      keyRows[0].n === total,
    'writers through a killed instance',
    `${WRITERS} users × ${HEATS} heats: ${acknowledged.length} of ${total} saves acknowledged in ${writeSeconds} s ` +
      `(p50 ${ms(percentile(latencies, 50))}, p99 ${ms(percentile(latencies, 99))}, max ${ms(latencies.at(-1))}); ` +
      `${victim.name} killed (SIGKILL) after ${killedAt.saves} saves at ${(killedAt.at / 1000).toFixed(1)} s; ` +
      `${repeatedSaves} saves needed repeating (failed attempts: ${[...failedAttempts].map(([k, n]) => `${k} ×${n}`).join(', ') || 'none'}), ` +
      `${replayed} answered from the stored reply; ${refused} refused. Read back from PostgreSQL: ` +
      `${inDatabase} of ${acknowledged.length} as acknowledged, ${movedOnce.length} of ${ids.length} protocols moved once per save, ` +
      `${keyRows[0].n} keys stored for ${acknowledged.length} saves (none twice)`,
  );

  // The viewers catch up with the final versions (those on the killed instance reconnect).
  const finalOf = (v) => revision.get(v.writer.protocol.id);
  const caughtUp = (v) => v.state.snapshots.at(-1)?.version === finalOf(v);
  const until = performance.now() + 15_000;
  while (!viewers.every(caughtUp) && performance.now() < until) await sleep(100);
  viewers.forEach((v) => v.state.close());
  const complete = viewers.filter((v) => {
    const last = v.state.snapshots.at(-1);
    if (!last || !caughtUp(v)) return false;
    return Array.from({ length: HEATS }, (_, i) => i + 1).every(
      (n) =>
        placing(last.heats.find((h) => h.heat_number === n)?.results ?? []) ===
        placing(stored.get(`${v.writer.protocol.id}:${n}`)?.heat.results ?? [1]),
    );
  });
  const reconnected = viewers.filter((v) => v.state.connections.length > 1);
  const movedOff = reconnected.filter((v) => v.state.connections.at(-1).servedBy !== victim.name);
  const outOfOrder = viewers.reduce((sum, v) => sum + v.state.outOfOrder, 0);
  const gone = viewers.filter((v) => v.state.gone).length;
  const events = viewers.map((v) => v.state.snapshots.length).sort((a, b) => a - b);
  report(
    complete.length === viewers.length &&
      victimViewers > 0 &&
      reconnected.length >= victimViewers &&
      movedOff.length === reconnected.length &&
      outOfOrder === 0 &&
      gone === 0,
    'live viewers through a killed instance',
    `${viewers.length} streams through the balancer, ${victimViewers} on ${victim.name}; ` +
      `${reconnected.length} reconnected with Last-Event-ID (${movedOff.length} to another instance); ` +
      `${complete.length} of ${viewers.length} ended at their protocol's final version with all ${HEATS} heats as stored; ` +
      `${events[0]}–${events.at(-1)} snapshots each, ${outOfOrder} out of order, ${gone} told gone`,
  );
}

// --- Connections -----------------------------------------------------------------------------

{
  const { rows } = await db.query(
    `SELECT count(*) FILTER (WHERE query = 'LISTEN live_protocol')::int AS listening,
            count(*)::int AS total
       FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
  );
  console.log(
    `PostgreSQL connections now: ${rows[0].total} to the app's database ` +
      `(${rows[0].listening} of them LISTEN, straight from the instances; the rest PgBouncer's)`,
  );
}
await db.end();
{
  // PgBouncer's own view: its admin console (the virtual database "pgbouncer").
  const consoleUrl = new URL(need('CLUSTER_BOUNCER_URL'));
  consoleUrl.pathname = '/pgbouncer';
  const admin = new pg.Client({ connectionString: consoleUrl.toString() });
  await admin.connect();
  const { rows: pools } = await admin.query('SHOW POOLS');
  const { rows: stats } = await admin.query('SHOW STATS');
  await admin.end();
  const app = pools.find((p) => p.database !== 'pgbouncer');
  const appStats = stats.find((s) => s.database !== 'pgbouncer');
  console.log(
    `PgBouncer now: ${Number(app.cl_active) + Number(app.cl_waiting) + Number(app.cl_idle ?? 0)} client connections from the instances, ` +
      `${Number(app.sv_active) + Number(app.sv_idle) + Number(app.sv_used)} server connections to PostgreSQL; ` +
      `${appStats.total_xact_count} transactions passed in all, each waiting ` +
      `${ms(Number(appStats.total_wait_time) / 1000 / Number(appStats.total_xact_count))} on average for a server connection`,
  );
}

const total = seconds(started);
if (failures.length) {
  console.log(`cluster check: ${failures.length} FAILED (${failures.join('; ')}) in ${total} s`);
  process.exit(1);
}
console.log(`cluster check: all passed in ${total} s`);
