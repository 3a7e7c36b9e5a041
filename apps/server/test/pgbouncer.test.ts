import type { HeatSaveResponse, LiveLink, Match } from '@speedway/contracts';
import { heatTag, type Heat } from '@speedway/rules';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserCommand } from '../src/cli/create-user';
import { createDatabase, type DatabaseHandle } from '../src/db/client';
import { freePort } from '../src/db/embedded';
import { postgresSystemUser } from '../src/db/postgres-user';
import { openEvents } from '../src/features/live/testing/sse-reader';
import { fixtureSeason, importData } from './official-data';
import { startServerProcess, type ServerProcess } from './server-process';
import { startSmtpSink, type SmtpSink } from './smtp-sink';
import { createTestDatabase } from './test-app';
import { PASSWORD } from './users';

// The server behind PgBouncer in transaction pooling mode (ADR 026): its pool goes through the
// pooler, LISTEN and the migrations' lock go straight to PostgreSQL (DATABASE_DIRECT_URL). CI
// installs pgbouncer (.ci/run); without the binary there is nothing to run this against.
const PGBOUNCER = ['/usr/sbin/pgbouncer', '/usr/bin/pgbouncer'].find((file) => existsSync(file));

/**
 * PgBouncer on a free loopback port in front of the test PostgreSQL, in transaction mode with
 * two server connections: the app's ten pooled clients take turns on them, so a statement that
 * relied on its session (a named prepared statement, LISTEN) would meet another one at once.
 */
async function startPgBouncer(binary: string, directUrl: string) {
  const server = new URL(directUrl);
  const dir = mkdtempSync(path.join(tmpdir(), 'speedway-pgbouncer-'));
  // As root PgBouncer refuses to run; it runs as the user PostgreSQL runs as (db/postgres-user.ts).
  chmodSync(dir, 0o755);
  const port = await freePort();
  const ini = path.join(dir, 'pgbouncer.ini');
  writeFileSync(
    ini,
    [
      '[databases]',
      `* = host=${server.hostname} port=${server.port} user=${decodeURIComponent(server.username)} password=${decodeURIComponent(server.password)}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      // Loopback only, for this test: the server's own credentials are in [databases].
      'auth_type = any',
      'pool_mode = transaction',
      'default_pool_size = 2',
      'max_client_conn = 200',
      'ignore_startup_parameters = extra_float_digits',
      '',
    ].join('\n'),
  );
  chmodSync(ini, 0o644);
  const runAs = postgresSystemUser({ create: true });
  const child: ChildProcess = spawn(binary, [ini], {
    ...(runAs ?? {}),
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const pooled = new URL(directUrl);
  pooled.host = `127.0.0.1:${port}`;
  const until = Date.now() + 15_000;
  for (;;) {
    const probe = new pg.Client({ connectionString: pooled.toString() });
    const up = await probe.connect().then(
      () => probe.query('SELECT 1').then(() => true),
      () => false,
    );
    await probe.end().catch(() => undefined);
    if (up) break;
    if (child.exitCode !== null || Date.now() > until) {
      throw new Error(`pgbouncer did not start: ${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url: pooled.toString(),
    /** Transactions PgBouncer has passed to PostgreSQL so far (its admin console's SHOW STATS). */
    async transactions(): Promise<number> {
      const console = new pg.Client({
        connectionString: `postgres://admin@127.0.0.1:${port}/pgbouncer`,
      });
      await console.connect();
      try {
        const stats = await console.query<{ database: string; total_xact_count: string }>(
          'SHOW STATS',
        );
        return stats.rows
          .filter((row) => row.database !== 'pgbouncer')
          .reduce((sum, row) => sum + Number(row.total_xact_count), 0);
      } finally {
        await console.end();
      }
    },
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGINT');
        await new Promise((r) => child.once('exit', r));
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const pgbouncerVersion = PGBOUNCER
  ? spawnSync(PGBOUNCER, ['--version'], { encoding: 'utf8' }).stdout.split('\n')[0]
  : '';

describe.skipIf(!PGBOUNCER)(
  `the server through PgBouncer in transaction mode (${PGBOUNCER ? pgbouncerVersion : 'skipped: the pgbouncer binary is absent; apt-get install pgbouncer'})`,
  () => {
    let database: Awaited<ReturnType<typeof createTestDatabase>>;
    let direct: DatabaseHandle;
    let bouncer: Awaited<ReturnType<typeof startPgBouncer>>;
    let smtp: SmtpSink;
    let server: ServerProcess;
    const dataDir = mkdtempSync(path.join(tmpdir(), 'speedway-pgbouncer-data-'));

    beforeAll(async () => {
      database = await createTestDatabase();
      direct = createDatabase(database.url);
      await importData(direct.db, fixtureSeason());
      await createUserCommand(
        { email: 'pool@example.se', password: PASSWORD, role: 'user' },
        direct.db,
      );
      bouncer = await startPgBouncer(PGBOUNCER!, database.url);
      smtp = await startSmtpSink();
      // The only app instance: every request, job and stream of this test is its.
      server = await startServerProcess({
        DATABASE_URL: bouncer.url,
        DATABASE_DIRECT_URL: database.url,
        SMTP_URL: smtp.url,
        APP_SECRET: 'pgbouncer-test-secret-'.padEnd(40, 'x'),
        DATA_DIR: dataDir,
      });
    }, 120_000);

    afterAll(async () => {
      if (server?.child.exitCode === null) {
        server.child.kill('SIGTERM');
        await server.stopped;
      }
      await bouncer?.stop();
      await smtp?.close();
      await direct?.close();
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    });

    async function call<T>(
      method: string,
      url: string,
      options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
    ): Promise<{ status: number; body: T }> {
      const res = await fetch(`${server.url}${url}`, {
        method,
        headers: {
          ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...options.headers,
        },
        ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
      });
      return { status: res.status, body: (await res.json()) as T };
    }

    it('saves a heat, reads it, tells a live viewer (LISTEN), and runs a job', async () => {
      const before = await bouncer.transactions();
      const login = await call<{ token: string }>('POST', '/api/auth/login', {
        body: { email: 'pool@example.se', password: PASSWORD },
      });
      expect(login.status).toBe(200);
      const token = login.body.token;
      const official = await direct.pool.query<{ id: string }>(
        `SELECT id FROM official_matches WHERE external_id = 'fx-upcoming'`,
      );
      const started = await call<Match>('POST', '/api/matches/from-official', {
        token,
        body: { official_match_id: official.rows[0]!.id },
      });
      expect(started.status).toBe(201);
      const match = started.body;
      const shared = await call<{ link: LiveLink }>('POST', `/api/matches/${match.id}/live-link`, {
        token,
        body: {},
      });
      expect(shared.status).toBe(201);

      // A viewer on this instance: its hub LISTENs on DATABASE_DIRECT_URL.
      const viewer = await openEvents(`${server.url}/api/live/${shared.body.link.token}/events`);
      expect((await viewer.snapshot()).completed_heats).toBe(0);

      // A heat save as the outbox sends it, twice with the same key: the second is the stored reply.
      const heat = match.heats[0]! as Heat;
      const save = () =>
        call<HeatSaveResponse>('POST', `/api/matches/${match.id}/heat/1/save`, {
          token,
          body: {
            results: (['1', '2', '3', '4'] as const).map((lane, i) => ({
              rider_id: heat.riders[lane]!.rider_id,
              position: i + 1,
              status: 'completed',
            })),
          },
          headers: { 'idempotency-key': key, 'if-match': `"${heatTag(heat)}"` },
        });
      const key = randomUUID();
      const first = await save();
      expect(first.status).toBe(200);
      const again = await save();
      expect(again.status).toBe(200);
      expect(again.body).toEqual(first.body);
      expect((await viewer.snapshot((s) => s.completed_heats === 1, 5000)).version).toBeGreaterThan(
        0,
      );
      viewer.close();

      const read = await call<Match>('GET', `/api/matches/${match.id}`, { token });
      expect(read.status).toBe(200);
      expect(read.body.heats[0]!.results).toHaveLength(4);

      // Many requests at once over two server connections: each runs the session lookup and the
      // protocol reads, which are named prepared statements on a direct pool.
      const reads = await Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          call('GET', i % 2 ? `/api/matches/${match.id}` : '/api/official-matches', { token }),
        ),
      );
      expect(reads.map((r) => r.status)).toEqual(reads.map(() => 200));

      // A job (pg-boss on the pooled connections): the reset mail, sent by this instance's worker.
      const forgot = await call('POST', '/api/auth/password/forgot', {
        body: { email: 'pool@example.se' },
      });
      expect(forgot.status).toBe(200);
      await smtp.waitFor('pool@example.se', (mail) => mail.text.includes('/auth/reset-password'));

      // All of it went through PgBouncer.
      expect(await bouncer.transactions()).toBeGreaterThan(before + 60);
    }, 60_000);
  },
);
