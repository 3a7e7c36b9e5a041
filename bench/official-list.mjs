// The official list at real size (issue §4, ADR 027): GET /api/official-matches with 1,000 and then
// 50,000 official matches stored, imported as the sync and `npm run import` store them. For each
// size it prints the reply's bytes (no encoding, brotli and gzip, as a browser asks), the latency
// of a request that is the first after an import (cold: the window read and built again, on
// every instance) and of the cached reply under load (p50/p99, req/s), for the default call (no
// parameters: today on) and a season call. Run it alone: `node bench/official-list.mjs` after
// `npm run build`. It prints what it measured and never fails on a figure.
//
// The data: 16 teams; 500 matches a season, 7 riders a side; finished matches have their totals.
// The newest season is laid around today (120 days back, 60 on), so that the default window holds
// what a match season's days do; the older ones run April to September. 1,000 matches are this
// season and last; 50,000 add 98 seasons before them.
import autocannon from 'autocannon';
import http from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { apiCall, percentile, reportQuietWait, startBuiltServer } from './lib.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const COLD_ROUNDS = Number(process.env.BENCH_COLD_ROUNDS ?? 15);
const PER_SEASON = 500;
const TEAMS = 16;
const DAY = 86_400_000;
const BROWSER = 'gzip, deflate, br, zstd';

const teams = Array.from({ length: TEAMS }, (_, i) => ({
  slug: `lag-${i + 1}`,
  name: `Benchlaget ${i + 1}`,
  city: `Staden ${i + 1}`,
  short: `L${String(i + 1).padStart(2, '0')}`,
  arena: `Arenan ${i + 1}`,
}));
const lineup = (team) =>
  Object.fromEntries(
    Array.from({ length: 7 }, (_, n) => [String(n + 1), `Förare ${team}-${n + 1}`]),
  );

/** A season's matches; `at(i)` gives the i-th match's start (ms). */
function season(year, at, now) {
  return Array.from({ length: PER_SEASON }, (_, i) => {
    const home = i % TEAMS;
    const away = (home + 1 + (Math.floor(i / TEAMS) % (TEAMS - 1))) % TEAMS;
    const start = at(i);
    const played = start < now;
    return {
      external_id: `bench-${year}-${i + 1}`,
      competition: i % 5 === 0 ? 'Allsvenskan' : 'Elitserien',
      season: year,
      round: 1 + Math.floor(i / (TEAMS / 2)),
      start: new Date(start).toISOString(),
      home: teams[home].slug,
      away: teams[away].slug,
      venue: teams[home].arena,
      referee: `Domare ${i % 12}`,
      tv: i % 3 === 0 ? 'Benchkanalen' : null,
      lineups: { home: lineup(home + 1), away: lineup(away + 1) },
      ...(played ? { result: { home_score: 45 + (i % 7), away_score: 45 - (i % 7) } } : {}),
    };
  });
}

const thisYear = new Date().getUTCFullYear();

/** This season around today; an older one from 1 April to 30 September, evenings. */
function seasonOf(year, now) {
  if (year === thisYear) {
    const first = now - 120 * DAY;
    return season(year, (i) => first + Math.floor((i * 180 * DAY) / PER_SEASON), now);
  }
  const first = Date.UTC(year, 3, 1, 17);
  return season(year, (i) => first + Math.floor((i * 182) / PER_SEASON) * DAY, now);
}

function writeDoc(dir, name, matches) {
  const file = path.join(dir, name);
  writeFileSync(file, JSON.stringify({ format: 'speedway-official/1', teams, matches }));
  return file;
}

/** One GET as a client sends it, the body's bytes as they came over the wire. */
function rawGet(url, headers) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    http
      .get(url, { headers }, (res) => {
        let bytes = 0;
        res.on('data', (chunk) => (bytes += chunk.length));
        res.on('end', () =>
          resolve({
            status: res.statusCode,
            bytes,
            encoding: res.headers['content-encoding'] ?? 'none',
            ms: Number(process.hrtime.bigint() - started) / 1e6,
          }),
        );
      })
      .on('error', reject);
  });
}

const load = (url, headers) =>
  new Promise((resolve, reject) =>
    autocannon({ url, headers, duration: SECONDS, connections: CONNECTIONS }, (err, res) =>
      err ? reject(err) : resolve(res),
    ),
  );

const kib = (bytes) =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(2)} MiB`
    : `${(bytes / 1024).toFixed(1)} KiB`;
const ms = (value) => `${value.toFixed(1)} ms`;

async function measure(server, token, admin, calls, stored, changed) {
  const auth = { authorization: `Bearer ${token}` };
  // The import's writeback and its jobs would be in the first figures.
  await reportQuietWait();
  console.log(`\n${stored.toLocaleString('sv-SE')} official matches stored`);
  // Cold: the first request after an import, which raises the official data's version and so
  // sends every instance to read each window again. The import here changes one referee.
  const cold = Object.fromEntries(calls.map(([name]) => [name, []]));
  for (let round = 0; round < COLD_ROUNDS; round++) {
    await apiCall(server, admin, 'POST', '/api/official-matches/import', {
      format: 'speedway-official/1',
      matches: [{ ...changed, referee: `Domare ${round}` }],
    });
    for (const [name, query] of calls) {
      const r = await rawGet(`${server.url}/api/official-matches${query}`, {
        ...auth,
        'accept-encoding': BROWSER,
      });
      if (r.status !== 200) throw new Error(`${name}: ${r.status}`);
      cold[name].push(r.ms);
    }
  }
  for (const [name, query] of calls) {
    const url = `${server.url}/api/official-matches${query}`;
    const list = await apiCall(server, token, 'GET', `/api/official-matches${query}`);
    const plain = await rawGet(url, auth);
    const br = await rawGet(url, { ...auth, 'accept-encoding': BROWSER });
    const gzip = await rawGet(url, { ...auth, 'accept-encoding': 'gzip, deflate' });
    await load(url, { ...auth, 'accept-encoding': BROWSER }); // warm-up
    const hot = await load(url, { ...auth, 'accept-encoding': BROWSER });
    const sorted = [...cold[name]].sort((a, b) => a - b);
    console.log(
      `  ${name.padEnd(34)} ${String(list.length).padStart(4)} matches  ` +
        `${kib(plain.bytes).padStart(10)} plain, ${kib(br.bytes).padStart(9)} ${br.encoding}, ` +
        `${kib(gzip.bytes).padStart(9)} ${gzip.encoding}`,
    );
    console.log(
      `  ${''.padEnd(34)} cold (first after an import, n=${sorted.length}): p50 ${ms(percentile(sorted, 50))}, ` +
        `p99 ${ms(percentile(sorted, 99))}; cached (${CONNECTIONS} connections, ${SECONDS} s): ` +
        `${hot.requests.average.toFixed(0)} req/s, p50 ${hot.latency.p50} ms, p99 ${hot.latency.p99} ms, ` +
        `errors ${hot.errors + hot.non2xx}`,
    );
  }
}

async function main() {
  await reportQuietWait();
  const dir = mkdtempSync(path.join(tmpdir(), 'official-list-'));
  // Only the bench's matches: no demo season beside them.
  const server = await startBuiltServer({ DEMO_DATA: 'false' });
  try {
    const now = Date.now();
    const password = 'bench-lösenord-1';
    for (const [email, role] of [
      ['lista@example.se', 'user'],
      ['lista-admin@example.se', 'super_admin'],
    ]) {
      await server.cli(['create-user', '--email', email, '--password', password, '--role', role]);
    }
    const login = async (email) =>
      (await apiCall(server, null, 'POST', '/api/auth/login', { email, password })).token;
    const token = await login('lista@example.se');
    const admin = await login('lista-admin@example.se');
    const calls = [
      ['default (no parameters: today on)', ''],
      [`season=${thisYear}`, `?season=${thisYear}`],
    ];

    const recent = [thisYear - 1, thisYear].flatMap((y) => seasonOf(y, now));
    let started = Date.now();
    await server.cli(['import', writeDoc(dir, 'recent.json', recent)]);
    console.log(
      `imported ${recent.length} matches in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    await measure(server, token, admin, calls, recent.length, recent.at(-1));

    const older = [];
    for (let y = thisYear - 99; y < thisYear - 1; y++) older.push(...seasonOf(y, now));
    started = Date.now();
    await server.cli(['import', writeDoc(dir, 'older.json', older)]);
    const stored = recent.length + older.length;
    console.log(`imported ${older.length} more in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    await measure(
      server,
      token,
      admin,
      [...calls, ['season=1950', '?season=1950']],
      stored,
      recent.at(-1),
    );

    // What one reply of everything was before the window: every season's reply together.
    let plain = 0;
    let br = 0;
    for (let y = thisYear - 99; y <= thisYear; y++) {
      const url = `${server.url}/api/official-matches?season=${y}`;
      plain += (await rawGet(url, { authorization: `Bearer ${token}` })).bytes;
      br += (await rawGet(url, { authorization: `Bearer ${token}`, 'accept-encoding': BROWSER }))
        .bytes;
    }
    console.log(
      `\n  every season together (the unwindowed list's size): ${kib(plain)} plain, ${kib(br)} br`,
    );
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
