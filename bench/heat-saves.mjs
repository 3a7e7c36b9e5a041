// Heat saves as real use makes them: N users, each on their own protocol, saving its heats at a
// person's pace (one every 0.5–1.5 s), about N/1 saves a second in all. Prints p50/p95/p99 and
// errors against the budget (save p99 ≤ 50 ms, 0 errors), the CPU per save of the server and its
// PostgreSQL, and how busy each process was; it is not a test.
//
// `read`: what follows each save. 'none' is the app: it writes the save's reply into its cached
// protocol and asks for nothing (ADR 022). 'browser' and 'identity' are a client that reads the
// protocol again after each save (GET /api/matches/{id}), with a browser's Accept-Encoding or with
// none, as an outside load generator did (issue 27 §0; ADR 025).
import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';
import { percentile, pool, randomResults, startBuiltServer } from './lib.mjs';
import { cpuSeconds, treeCpuSeconds } from './proc-stats.mjs';

const USERS = Number(process.env.BENCH_USERS ?? 200);
const HEATS = 13; // heats 14 and 15 need nominations first; 13 is a full evening's pace anyway
const PASSWORD = 'bench-lösenord-1';

const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd';

let rounds = 0;

const READS = { none: null, browser: BROWSER_ENCODINGS, identity: '' };

export async function heatSaves(server, { read = 'none' } = {}) {
  if (!(read in READS)) throw new Error(`read: one of ${Object.keys(READS).join(', ')}`);
  const accept = READS[read];
  // Users of their own in each call: a second run in the same server starts on fresh protocols.
  const prefix = `spelare-${++rounds}`;
  await server.cli([
    'create-user',
    '--email',
    `${prefix}-{n}@example.se`,
    '--count',
    String(USERS),
    '--password',
    PASSWORD,
  ]);
  const call = async (token, method, path, body, headers = {}) => {
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        ...headers,
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  // Sign in and start a protocol each (several users per official match, as at a real match).
  const users = [];
  await pool(
    Array.from({ length: USERS }, (_, i) => i + 1),
    4,
    async (n) => {
      const login = await fetch(`${server.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: `${prefix}-${n}@example.se`, password: PASSWORD }),
      }).then((r) => r.json());
      users.push({ token: login.token });
    },
  );
  const official = (await call(users[0].token, 'GET', '/api/official-matches')).filter(
    (m) => m.lineups_ready,
  );
  await pool(users, 8, async (user) => {
    const match = official[users.indexOf(user) % official.length];
    user.protocol = await call(user.token, 'POST', '/api/matches/from-official', {
      official_match_id: match.id,
    });
  });

  const latencies = [];
  const reads = [];
  let errors = 0;
  const failed = (err) => {
    errors += 1;
    if (errors <= 3) console.error(String(err).slice(0, 300));
  };
  const started = performance.now();
  const cpu = {
    server: cpuSeconds(server.pid),
    tree: treeCpuSeconds(server.pid),
    generator: process.cpuUsage(),
  };
  await Promise.all(
    users.map(async (user) => {
      for (let n = 1; n <= HEATS; n++) {
        await new Promise((r) => setTimeout(r, 500 + Math.random() * 1000));
        const heat = user.protocol.heats.find((h) => h.heat_number === n);
        const t0 = performance.now();
        try {
          await call(user.token, 'POST', `/api/matches/${user.protocol.id}/heat/${n}/save`, {
            results: randomResults(heat),
          });
          latencies.push(performance.now() - t0);
        } catch (err) {
          failed(err);
          continue;
        }
        if (accept === null) continue;
        const t1 = performance.now();
        try {
          const match = await call(
            user.token,
            'GET',
            `/api/matches/${user.protocol.id}`,
            undefined,
            accept ? { 'accept-encoding': accept } : {},
          );
          if (!match.heats.find((h) => h.heat_number === n)?.results?.length)
            throw new Error(`the read after saving heat ${n} does not show it`);
          reads.push(performance.now() - t1);
        } catch (err) {
          failed(err);
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const serverCpu = cpuSeconds(server.pid) - cpu.server;
  const postgresCpu = treeCpuSeconds(server.pid) - cpu.tree - serverCpu;
  const { user: u, system: sys } = process.cpuUsage(cpu.generator);
  latencies.sort((a, b) => a - b);
  reads.sort((a, b) => a - b);
  return {
    users: USERS,
    saves: latencies.length,
    perSecond: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    read: {
      p50: percentile(reads, 50),
      p95: percentile(reads, 95),
      p99: percentile(reads, 99),
    },
    errors,
    /** Cores busy on average: the server, its PostgreSQL, and this load generator. */
    cores: {
      server: serverCpu / seconds,
      postgres: postgresCpu / seconds,
      generator: (u + sys) / 1e6 / seconds,
    },
    /** CPU milliseconds per save (with the read after it, when made): server and PostgreSQL. */
    cpuMsPerSave: {
      server: (serverCpu * 1000) / latencies.length,
      postgres: (postgresCpu * 1000) / latencies.length,
    },
  };
}

/** One line of figures: saves, then the reads after them. */
export function describeHeatSaves(r) {
  const f = (v) => (Number.isFinite(v) ? `${v.toFixed(1)} ms` : 'n/a');
  return (
    `saves p50 ${f(r.p50)} p95 ${f(r.p95)} p99 ${f(r.p99)} ${r.p99 <= 50 ? 'ok' : 'OVER BUDGET'} (p99 ≤ 50 ms); ` +
    `reads after them p50 ${f(r.read.p50)} p95 ${f(r.read.p95)} p99 ${f(r.read.p99)}; ` +
    `${r.perSecond.toFixed(0)} saves/s, errors ${r.errors} ${r.errors === 0 ? 'ok' : 'OVER BUDGET'}; ` +
    `CPU per save ${r.cpuMsPerSave.server.toFixed(2)} ms server + ${r.cpuMsPerSave.postgres.toFixed(2)} ms PostgreSQL; ` +
    `cores busy: server ${r.cores.server.toFixed(2)}, PostgreSQL ${r.cores.postgres.toFixed(2)}, load generator ${r.cores.generator.toFixed(2)} (of ${availableParallelism()})`
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const server = await startBuiltServer();
  try {
    // BENCH_READ=none|browser|identity (none: as the app).
    const read = process.env.BENCH_READ ?? 'none';
    const r = await heatSaves(server, { read });
    console.log(
      `\nHeat saves: ${r.users} users on their own protocols, a heat every 0.5–1.5 s each, reads after each: ${read}\n  ${describeHeatSaves(r)}`,
    );
  } finally {
    await server.stop();
  }
}
