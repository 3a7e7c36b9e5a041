// Heat saves as real use makes them: N users, each on their own protocol, saving its
// heats at a person's pace (one every 0.5–1.5 s), about N/1 saves a second in all. Prints p50/p99
// and errors against the budget (p99 ≤ 50 ms, 0 errors); it is not a test.
import { performance } from 'node:perf_hooks';
import { startBuiltServer } from './lib.mjs';

const USERS = Number(process.env.BENCH_USERS ?? 200);
const HEATS = 13; // heats 14 and 15 need nominations first; 13 is a full evening's pace anyway
const PASSWORD = 'bench-lösenord-1';

/** p-th percentile of sorted numbers. */
const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function pool(items, width, work) {
  const queue = [...items];
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (queue.length) await work(queue.shift());
    }),
  );
}

export async function heatSaves(server) {
  await server.cli([
    'create-user',
    '--email',
    'spelare-{n}@example.se',
    '--count',
    String(USERS),
    '--password',
    PASSWORD,
  ]);
  const call = async (token, method, path, body) => {
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
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
        body: JSON.stringify({ email: `spelare-${n}@example.se`, password: PASSWORD }),
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
  let errors = 0;
  const started = performance.now();
  await Promise.all(
    users.map(async (user) => {
      for (let n = 1; n <= HEATS; n++) {
        await new Promise((r) => setTimeout(r, 500 + Math.random() * 1000));
        const heat = user.protocol.heats.find((h) => h.heat_number === n);
        const lanes = ['1', '2', '3', '4'].filter((l) => heat.riders[l]);
        const order = lanes.map((_, i) => i + 1).sort(() => Math.random() - 0.5);
        const t0 = performance.now();
        try {
          await call(user.token, 'POST', `/api/matches/${user.protocol.id}/heat/${n}/save`, {
            results: lanes.map((l, i) => ({
              rider_id: heat.riders[l].rider_id,
              position: order[i],
              status: 'completed',
            })),
          });
          latencies.push(performance.now() - t0);
        } catch (err) {
          errors += 1;
          if (errors <= 3) console.error(String(err).slice(0, 300));
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    users: USERS,
    saves: latencies.length,
    perSecond: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    errors,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const server = await startBuiltServer();
  try {
    const r = await heatSaves(server);
    console.log(
      `\nHeat saves: ${r.users} users on their own protocols, a heat every 0.5–1.5 s each\n` +
        `  ${r.saves} saves, ${r.perSecond.toFixed(0)}/s, p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms ` +
        `${r.p99 <= 50 ? 'ok' : 'OVER BUDGET'} (budget p99 ≤ 50 ms), errors ${r.errors} ${r.errors === 0 ? 'ok' : 'OVER BUDGET'}`,
    );
  } finally {
    await server.stop();
  }
}
