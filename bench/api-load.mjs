// API load benchmark (DESIGN.md budgets): GET official matches and GET one match against a
// hello-world Fastify route on the same machine (as a ratio, since the machine's speed varies),
// and the p99 of heat saves under concurrent load. Prints what it measured; it is not a test.
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { freePort, startBuiltServer } from './lib.mjs';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);

const load = (opts) =>
  new Promise((resolve, reject) =>
    autocannon({ duration: DURATION, connections: CONNECTIONS, ...opts }, (err, res) =>
      err ? reject(err) : resolve(res),
    ),
  );

async function main() {
  const server = await startBuiltServer();
  const hello = Fastify();
  hello.get('/', async () => ({ hello: 'world' }));
  const helloPort = await freePort();
  await hello.listen({ port: helloPort, host: '127.0.0.1' });
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
    const headers = { authorization: `Bearer ${login.token}`, 'content-type': 'application/json' };
    // What a browser sends: the API answers compressed, as it does for the app.
    const browser = { ...headers, 'accept-encoding': 'gzip, deflate, br' };
    const api = (method, path, body) =>
      fetch(`${server.url}${path}`, {
        method,
        headers,
        ...(body ? { body: JSON.stringify(body) } : {}),
      }).then(async (r) => {
        if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${await r.text()}`);
        return r.json();
      });
    const official = (await api('GET', '/api/official-matches')).find((m) => m.lineups_ready);
    const protocol = await api('POST', '/api/matches/from-official', {
      official_match_id: official.id,
    });
    const heat1 = protocol.heats.find((h) => h.heat_number === 1);
    const ids = ['1', '2', '3', '4'].map((l) => heat1.riders[l].rider_id);
    const body = (order) =>
      JSON.stringify({
        results: ids.map((rider_id, i) => ({ rider_id, position: order[i], status: 'completed' })),
      });
    // Every order of four finishers, in turn: a save that repeats the stored heat is refused
    // ('Inga ändringar att spara.'), so consecutive saves must differ.
    const orders = [[1, 2, 3, 4]];
    for (let i = 0; orders.length < 24; i++) {
      const [a, b, c, d] = orders[i];
      for (const next of [
        [b, a, c, d],
        [a, c, b, d],
        [a, b, d, c],
      ]) {
        if (!orders.some((o) => o.join() === next.join())) orders.push(next);
      }
    }
    const bodies = orders.map(body);

    await load({ url: `http://127.0.0.1:${helloPort}/`, duration: 2 }); // warm-up
    const base = await load({ url: `http://127.0.0.1:${helloPort}/` });
    await load({ url: `${server.url}/api/official-matches`, headers: browser, duration: 2 });
    const list = await load({ url: `${server.url}/api/official-matches`, headers: browser });
    const one = await load({
      url: `${server.url}/api/official-matches/${official.id}`,
      headers: browser,
    });
    let n = 0;
    const saves = await load({
      url: `${server.url}/api/matches/${protocol.id}/heat/1/save`,
      method: 'POST',
      headers,
      connections: Math.min(CONNECTIONS, 10),
      requests: [{ setupRequest: (req) => ({ ...req, body: bodies[n++ % bodies.length] }) }],
    });

    const rows = [
      ['hello-world Fastify (same machine)', base, null],
      ['GET /api/official-matches', list, 0.15],
      ['GET /api/official-matches/{id}', one, 0.15],
    ];
    console.log(
      `\nAPI load, ${DURATION} s per route, ${CONNECTIONS} connections (${new Date().toISOString()})`,
    );
    for (const [name, r, budget] of rows) {
      const ratio = r.requests.average / base.requests.average;
      const verdict =
        budget === null
          ? ''
          : ratio >= budget
            ? `ok (budget ≥ ${budget * 100}%)`
            : `OVER BUDGET (≥ ${budget * 100}%)`;
      console.log(
        `${name.padEnd(38)} ${r.requests.average.toFixed(0).padStart(7)} req/s  p99 ${String(r.latency.p99).padStart(4)} ms  ${(ratio * 100).toFixed(1).padStart(6)}% of hello  ${verdict}  errors ${r.errors + r.non2xx}`,
      );
    }
    const p99 = saves.latency.p99;
    console.log(
      `POST …/heat/1/save (${Math.min(CONNECTIONS, 10)} conn.)`.padEnd(38) +
        ` ${saves.requests.average.toFixed(0).padStart(7)} req/s  p99 ${String(p99).padStart(4)} ms  ${p99 <= 50 ? 'ok (budget p99 ≤ 50 ms)' : 'OVER BUDGET (p99 ≤ 50 ms)'}  errors ${saves.errors + saves.non2xx}`,
    );
  } finally {
    await hello.close();
    await server.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
