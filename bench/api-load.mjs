// API load benchmark (DESIGN.md budgets). Read routes as a ratio to a hello-world Fastify
// route measured in the same run (the machine's speed varies), the cost of a session on a route,
// and heat saves as real use makes them (bench/heat-saves.mjs). Prints what it measured next to
// each budget; it is not a test and never fails on timing.
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { freePort, randomResults, reportQuietWait, startBuiltServer } from './lib.mjs';
import { describeHeatSaves, heatSaves } from './heat-saves.mjs';
import { steadyRate } from './steady-rate.mjs';
import { treeCpuSeconds } from './proc-stats.mjs';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const STEADY_RATE = Number(process.env.BENCH_STEADY_RATE ?? 1000);

const load = (opts) =>
  new Promise((resolve, reject) =>
    autocannon({ duration: DURATION, connections: CONNECTIONS, ...opts }, (err, res) =>
      err ? reject(err) : resolve(res),
    ),
  );

/** The hello-world route in its own process, as the app server is. */
async function startHello() {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import Fastify from 'fastify';
       const app = Fastify();
       app.get('/', async () => ({ hello: 'world' }));
       await app.listen({ port: ${port}, host: '127.0.0.1' });`,
    ],
    { cwd: new URL('.', import.meta.url), stdio: 'inherit' },
  );
  const url = `http://127.0.0.1:${port}/`;
  for (;;) {
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, stop: () => child.kill('SIGTERM') };
}

const pad = (s, n) => String(s).padStart(n);

async function main() {
  await reportQuietWait();
  const server = await startBuiltServer();
  const hello = await startHello();
  try {
    await server.cli([
      'create-user',
      '--email',
      'bench@example.se',
      '--password',
      'bench-lösenord-1',
    ]);
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'bench@example.se', password: 'bench-lösenord-1' }),
    }).then((r) => r.json());
    const session = { authorization: `Bearer ${login.token}` };
    // What a browser sends: the API answers compressed, as it does for the app.
    const browser = { ...session, 'accept-encoding': 'gzip, deflate, br' };
    const api = (method, path, body) =>
      fetch(`${server.url}${path}`, {
        method,
        headers: { ...session, 'content-type': 'application/json' },
        ...(body ? { body: JSON.stringify(body) } : {}),
      }).then(async (r) => {
        if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${await r.text()}`);
        return r.json();
      });
    const official = (await api('GET', '/api/official-matches')).find((m) => m.lineups_ready);
    const protocol = await api('POST', '/api/matches/from-official', {
      official_match_id: official.id,
    });
    // A protocol in the middle of its evening, as an outside run read it (issue 27 §0): 8 heats
    // saved, its reply ~4 times the size of a fresh one's.
    const evening = await api('POST', '/api/matches/from-official', {
      official_match_id: (await api('GET', '/api/official-matches')).filter(
        (m) => m.lineups_ready && m.id !== official.id,
      )[0].id,
    });
    for (let n = 1; n <= 8; n++) {
      const heat = evening.heats.find((h) => h.heat_number === n);
      await api('POST', `/api/matches/${evening.id}/heat/${n}/save`, {
        results: randomResults(heat),
      });
    }

    await load({ url: hello.url, duration: 2 }); // warm-up
    const base = await load({ url: hello.url });
    const rows = [];
    for (const [name, url, headers, budget] of [
      ['GET /api/official-matches', `${server.url}/api/official-matches`, browser, 0.15],
      [
        'GET /api/official-matches/{id}',
        `${server.url}/api/official-matches/${official.id}`,
        browser,
        0.15,
      ],
      ['GET /api/matches/{id}', `${server.url}/api/matches/${protocol.id}`, browser, 0.15],
      ['GET /api/matches/{id} 8 heats', `${server.url}/api/matches/${evening.id}`, browser, 0.15],
      // What an outside load generator sends: the bearer token, no Accept-Encoding.
      [
        'GET /api/matches/{id} 8 heats, identity',
        `${server.url}/api/matches/${evening.id}`,
        session,
        0.15,
      ],
      ['GET /api/health (no session)', `${server.url}/api/health`, {}, null],
      ['GET /api/health (with a session)', `${server.url}/api/health`, session, null],
    ]) {
      await load({ url, headers, duration: 2 });
      // CPU of the server and its PostgreSQL per request: unlike req/s, barely moved by whatever
      // else the machine is doing (the load generator shares its cores).
      const cpuBefore = treeCpuSeconds(server.pid);
      const result = await load({ url, headers });
      result.cpuMicrosPerRequest =
        ((treeCpuSeconds(server.pid) - cpuBefore) * 1e6) / result.requests.total;
      rows.push([name, result, budget]);
    }

    console.log(
      `\nAPI load, ${DURATION} s per route, ${CONNECTIONS} connections, hello-world in its own process (${new Date().toISOString()})`,
    );
    console.log(
      `${'hello-world Fastify'.padEnd(40)} ${pad(base.requests.average.toFixed(0), 7)} req/s  p99 ${pad(base.latency.p99, 4)} ms`,
    );
    for (const [name, r, budget] of rows) {
      const ratio = r.requests.average / base.requests.average;
      const verdict =
        budget === null
          ? ''
          : `${ratio >= budget ? 'ok' : 'OVER BUDGET'} (≥ ${budget * 100}% of hello)`;
      console.log(
        `${name.padEnd(40)} ${pad(r.requests.average.toFixed(0), 7)} req/s  p99 ${pad(r.latency.p99, 4)} ms  ${pad((ratio * 100).toFixed(1), 5)}% of hello  ${verdict}  errors ${r.errors + r.non2xx}  CPU ${r.cpuMicrosPerRequest.toFixed(0)} µs/req`,
      );
    }
    // The latency budget: p99 ≤ 25 ms at a steady 1,000 req/s: an open-loop load, one
    // request due every millisecond, latency counted from when it was due (bench/steady-rate.mjs;
    // autocannon's overallRate sends each second's share in a burst).
    for (const [name, url] of [
      ['GET /api/official-matches', `${server.url}/api/official-matches`],
      ['GET /api/official-matches/{id}', `${server.url}/api/official-matches/${official.id}`],
      ['GET /api/matches/{id}', `${server.url}/api/matches/${protocol.id}`],
    ]) {
      const r = await steadyRate({
        url,
        headers: browser,
        rate: STEADY_RATE,
        seconds: DURATION,
        connections: CONNECTIONS,
      });
      console.log(
        `${`${name} at ${STEADY_RATE} req/s`.padEnd(46)} ${pad(r.perSecond.toFixed(0), 7)} req/s  p50 ${r.p50.toFixed(1)} ms  p99 ${r.p99.toFixed(1)} ms  ${r.p99 <= 25 ? 'ok' : 'OVER BUDGET'} (p99 ≤ 25 ms)  errors ${r.errors}`,
      );
    }

    const plain = rows.find(([n]) => n.includes('no session'))[1];
    const authed = rows.find(([n]) => n.includes('with a session'))[1];
    const added = plain.requests.average / authed.requests.average - 1;
    const addedCpu = authed.cpuMicrosPerRequest / plain.cpuMicrosPerRequest - 1;
    console.log(
      `${'session lookup on a route'.padEnd(34)} adds ${(added * 100).toFixed(0)}% per request  ${added <= 0.3 ? 'ok' : 'OVER BUDGET'} (≤ 30%)  (CPU of server + PostgreSQL per request: ${addedCpu >= 0 ? '+' : ''}${(addedCpu * 100).toFixed(0)}%)`,
    );

    // Heat saves at a person's pace as the app makes them (the reply applied, nothing read), then
    // by a client that reads the protocol after each save, with a browser's encodings and with
    // none (the outside run's, issue 27 §0). The save p99 is read beside this run's hello-world
    // p99: the machine's own floor under 50 connections.
    for (const [label, read] of [
      ['as the app (no read after)', 'none'],
      ['each followed by a read (browser)', 'browser'],
      ['each followed by a read (no Accept-Encoding)', 'identity'],
    ]) {
      const saves = await heatSaves(server, { read });
      console.log(
        `heat saves, ${saves.users} users at a person's pace, ${label}: ${describeHeatSaves(saves)} (hello-world p99 ${base.latency.p99} ms)`,
      );
    }
  } finally {
    hello.stop();
    await server.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
