import type {
  OfficialMatchSummary,
  SyncRun,
  SyncRunList,
  SyncStatus,
  TeamNameMappingList,
} from '@speedway/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { officialSyncRuns } from '../../../db/schema';
import { eventually, jobsOf } from '../../../../test/notification-helpers';
import { importDoc, userWithRole } from '../../../../test/official-data';
import { api } from '../../../../test/protocol-api';
import { PIR_HAM_ID, savedPages } from '../../../../test/svemo-ta/saved-pages';
import { serve2012 } from '../../../../test/svemo-ta/sync-harness';
import { startTaStandIn, type TaStandIn } from '../../../../test/svemo-ta/ta-stand-in';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { expectErrorShape } from '../../../../test/users';

// The official-data sync for super_admin (/admin/official-data): the source and its schedule,
// 'Synka nu' (a run done by the app's own job worker), the runs with counts and refused pages,
// and TA's team names mapped onto teams. One app as development and tests run (no source), one
// with Svemo TA at a loopback stand-in serving the real saved 2012 pages.

const STATUS = '/api/admin/official-sync';
const RUNS = '/api/admin/official-sync/runs';
const TEAM_NAMES = '/api/admin/official-sync/team-names';

const ROUTES = [
  ['GET', STATUS],
  ['POST', STATUS],
  ['GET', RUNS],
  ['GET', TEAM_NAMES],
  ['PUT', TEAM_NAMES],
] as const;
/** A valid body for each route that takes one. */
const BODIES: Record<string, unknown> = {
  [`POST ${STATUS}`]: {},
  [`PUT ${TEAM_NAMES}`]: { source_name: 'Hammarby', team_slug: 'hammarby' },
};

type Tokens = { superAdmin: string; user: string; clubAdmin: string };

async function tokensFor(t: TestApp, prefix: string): Promise<Tokens> {
  return {
    superAdmin: await userWithRole(t, `${prefix}-chef@example.se`, 'super_admin'),
    user: await userWithRole(t, `${prefix}-lasare@example.se`, 'user'),
    clubAdmin: await userWithRole(t, `${prefix}-klubb@example.se`, 'club_admin'),
  };
}

async function ok<T>(
  t: TestApp,
  token: string,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  body?: unknown,
) {
  const res = await api(t, token)(method, url, body);
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json() as T;
}

const runsOf = async (t: TestApp, token: string) =>
  (await ok<SyncRunList>(t, token, 'GET', RUNS)).runs;

describe('without a source (OFFICIAL_SOURCE=none, the default outside production)', () => {
  let t: TestApp;
  let tokens: Tokens;
  beforeAll(async () => {
    t = await createTestApp();
    tokens = await tokensFor(t, 'none');
  });
  afterAll(() => t.close());

  it('shows no source, no URL and no next run', async () => {
    expect(await ok<SyncStatus>(t, tokens.superAdmin, 'GET', STATUS)).toEqual({
      source: 'none',
      url: null,
      seasons: [new Date().getFullYear()],
      series: 'Elitserien',
      running: null,
      last_run: null,
      next_run_at: null,
    });
  });

  it("refuses 'Synka nu' with 409 SYNC_NOT_CONFIGURED and records no run", async () => {
    for (const body of [{}, undefined]) {
      const res = await api(t, tokens.superAdmin)('POST', STATUS, body);
      expect(res.statusCode).toBe(409);
      expectErrorShape(res.json(), 409, 'SYNC_NOT_CONFIGURED');
      expect(res.json().message).toBe(
        'Ingen officiell källa är inställd (OFFICIAL_SOURCE=none), så det finns inget att synka mot.',
      );
    }
    expect(await runsOf(t, tokens.superAdmin)).toEqual([]);
    expect(await ok(t, tokens.superAdmin, 'GET', TEAM_NAMES)).toEqual({ mappings: [] });
  });

  it('is for super_admin only: 401 signed out, 403 for user and club_admin', async () => {
    for (const [method, url] of ROUTES) {
      const body = BODIES[`${method} ${url}`];
      const anonymous = await api(t, undefined)(method, url, body);
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      expectErrorShape(anonymous.json(), 401);
      for (const token of [tokens.user, tokens.clubAdmin]) {
        const res = await api(t, token)(method, url, body);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expectErrorShape(res.json(), 403, 'FORBIDDEN');
      }
    }
  });
});

describe('with Svemo TA (the stand-in serving the saved 2012 pages)', () => {
  let t: TestApp;
  let standIn: TaStandIn;
  let tokens: Tokens;
  beforeAll(async () => {
    standIn = await startTaStandIn();
    t = await createTestApp({
      OFFICIAL_SOURCE: 'svemo-ta',
      SVEMO_TA_URL: standIn.url,
      SVEMO_TA_SEASONS: '2012',
      SVEMO_TA_PAUSE_MS: '0',
    });
    // The schedule's tick (every minute) starts a run of its own while none has run yet
    // (sync-schedule.ts). This file starts its runs by hand: the tick is taken off the schedule,
    // and a tick that came first (its run fails: the stand-in has no list yet) is waited out.
    await t.db.execute(sql`DELETE FROM pgboss.schedule WHERE name = 'official-sync-tick'`);
    await eventually(
      async () =>
        (await jobsOf(t, 'official-sync-tick')).every((job) =>
          ['completed', 'failed', 'cancelled'].includes(job.state),
        ),
      'no tick of the schedule in flight',
    );
    await t.db.delete(officialSyncRuns);
    tokens = await tokensFor(t, 'ta');
  });
  afterAll(async () => {
    await t.close();
    await standIn.close();
  });

  const get = <T>(url: string) => ok<T>(t, tokens.superAdmin, 'GET', url);
  const syncNow = () => api(t, tokens.superAdmin)('POST', STATUS, {});

  /** Polls the runs until the run is no longer running (the app's worker does it). */
  const finished = (id: string) =>
    eventually(
      async () => {
        const run = (await runsOf(t, tokens.superAdmin)).find((r) => r.id === id);
        return run && run.status !== 'running' ? run : undefined;
      },
      `run ${id} to finish`,
      20_000,
    );

  it('shows the source, its URL and seasons; with no run yet the next run is due now', async () => {
    const before = Date.now();
    const status = await get<SyncStatus>(STATUS);
    expect(status).toEqual({
      source: 'svemo-ta',
      url: standIn.url,
      seasons: [2012],
      series: 'Elitserien',
      running: null,
      last_run: null,
      next_run_at: expect.any(String),
    });
    const next = Date.parse(status.next_run_at!);
    expect(next).toBeGreaterThanOrEqual(before - 1000);
    expect(next).toBeLessThanOrEqual(Date.now());
  });

  it('lets no one but super_admin in, and starts nothing for them: 401 signed out, 403 for user and club_admin', async () => {
    for (const [method, url] of ROUTES) {
      const body = BODIES[`${method} ${url}`];
      const anonymous = await api(t, undefined)(method, url, body);
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      expectErrorShape(anonymous.json(), 401);
      for (const token of [tokens.user, tokens.clubAdmin]) {
        const res = await api(t, token)(method, url, body);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expectErrorShape(res.json(), 403, 'FORBIDDEN');
      }
    }
    expect(await runsOf(t, tokens.superAdmin)).toEqual([]);
    expect(standIn.requests).toEqual([]);
  });

  it("refuses a body on 'Synka nu' (400 VALIDATION_ERROR, nothing started)", async () => {
    const res = await api(t, tokens.superAdmin)('POST', STATUS, { seasons: [2012] });
    expect(res.statusCode).toBe(400);
    expectErrorShape(res.json(), 400, 'VALIDATION_ERROR');
    expect(res.json().message).toBe('Ogiltig indata (body): Okänd nyckel: "seasons"');
    expect(await runsOf(t, tokens.superAdmin)).toEqual([]);
  });

  let firstRun: SyncRun;

  it("'Synka nu': 202 with the run's id, 409 SYNC_RUNNING while it runs, done by the app's worker with counts and refusals", async () => {
    serve2012(standIn, { [PIR_HAM_ID]: savedPages.pirHam() });
    // A slow scorecard keeps the run going while the second 'Synka nu' comes.
    standIn.faults.set(PIR_HAM_ID, { delayMs: 1000 });

    const started = await syncNow();
    expect(started.statusCode, started.body).toBe(202);
    const { id, message } = started.json() as { id: string; message: string };
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(message).toBe('Synkningen har startat.');

    const again = await syncNow();
    expect(again.statusCode).toBe(409);
    expectErrorShape(again.json(), 409, 'SYNC_RUNNING');
    expect(again.json().message).toBe('En synkning pågår redan. Vänta tills den är klar.');
    const during = await get<SyncStatus>(STATUS);
    expect(during.running).toMatchObject({ id, status: 'running', trigger: 'manual' });

    const run = await finished(id);
    firstRun = run;
    expect(run).toMatchObject({
      id,
      trigger: 'manual',
      origin: standIn.url,
      seasons: [2012],
      status: 'done',
      error: null,
      counts: { seen: 66, imported: 1, updated: 0, unchanged: 0, refused: 65 },
      finished_at: expect.any(String),
    });
    // Every refusal says which match, where, and why.
    expect(run.refusals).toHaveLength(65);
    for (const refusal of run.refusals) expect(refusal.reason).not.toBe('');
    expect(run.refusals).toContainEqual({
      external_id: 'svemo-ta-1217',
      title: '2012-05-01 Elitserien Omgång 1 Pir - Dac',
      url: expect.stringContaining('CompetitionId=1217'),
      reason: 'matchsidan kunde inte läsas: Svemo TA svarade HTTP 404',
    });
    expect(run.refusals.filter((r) => r.external_id === null)).toEqual([
      expect.objectContaining({
        url: null,
        reason: 'Svemo TA länkar ingen matchsida till matchen',
      }),
    ]);
    expect(run.refusals.map((r) => r.external_id)).not.toContain('svemo-ta-1259');

    // The app's own worker did it, as the job of the 'official-sync' queue.
    const job = await eventually(
      async () =>
        (await jobsOf(t, 'official-sync')).find(
          (j) => j.data.runId === id && j.state === 'completed',
        ),
      'the completed job of the run',
    );
    expect(job.data).toEqual({ runId: id });

    // The status shows it as the last run; with no match today the next comes 6 hours after it.
    const status = await get<SyncStatus>(STATUS);
    expect(status.running).toBeNull();
    expect(status.last_run).toEqual(run);
    expect(status.next_run_at).toBe(
      new Date(Date.parse(run.started_at) + 6 * 3_600_000).toISOString(),
    );
  });

  it('lists the team names the run met: Piraterna (Pir) and Hammarby (Ham)', async () => {
    expect(firstRun).toBeDefined();
    expect(await get<TeamNameMappingList>(TEAM_NAMES)).toEqual({
      mappings: [
        {
          source_name: 'Hammarby',
          abbreviation: 'Ham',
          team: { id: expect.any(String), slug: 'hammarby', name: 'Hammarby' },
        },
        {
          source_name: 'Piraterna',
          abbreviation: 'Pir',
          team: { id: expect.any(String), slug: 'piraterna', name: 'Piraterna' },
        },
      ],
    });
  });

  it('refuses bad mappings: 400 VALIDATION_ERROR in Swedish, 404 for a team that does not exist', async () => {
    const cases: [unknown, string][] = [
      [
        {},
        'Ogiltig indata (body.source_name): Ogiltig inmatning: förväntat string, fick undefined',
      ],
      [
        { source_name: 'Hammarby' },
        'Ogiltig indata (body.team_slug): Ogiltig inmatning: förväntat string, fick undefined',
      ],
      [
        { team_slug: 'piraterna' },
        'Ogiltig indata (body.source_name): Ogiltig inmatning: förväntat string, fick undefined',
      ],
      [
        { source_name: 'Hammarby', team_slug: 'piraterna', team_id: 'x' },
        'Ogiltig indata (body): Okänd nyckel: "team_id"',
      ],
      [
        { source_name: 'H'.repeat(81), team_slug: 'piraterna' },
        'Ogiltig indata (body.source_name): Lagnamnet får vara högst 80 tecken.',
      ],
      [
        { source_name: '   ', team_slug: 'piraterna' },
        'Ogiltig indata (body.source_name): Ange lagnamnet som det står i Svemo TA.',
      ],
      [
        { source_name: 'Hammarby', team_slug: 'p'.repeat(61) },
        'Ogiltig indata (body.team_slug): Välj ett lag.',
      ],
      [
        { source_name: 'Hammarby', team_slug: 'Piraterna' },
        'Ogiltig indata (body.team_slug): Välj ett lag.',
      ],
      [
        { source_name: 'Hammarby', team_slug: '' },
        'Ogiltig indata (body.team_slug): Välj ett lag.',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await api(t, tokens.superAdmin)('PUT', TEAM_NAMES, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expectErrorShape(res.json(), 400, 'VALIDATION_ERROR');
      expect(res.json().message).toBe(message);
    }

    const unknown = await api(t, tokens.superAdmin)('PUT', TEAM_NAMES, {
      source_name: 'Hammarby',
      team_slug: 'finns-inte',
    });
    expect(unknown.statusCode).toBe(404);
    expectErrorShape(unknown.json(), 404, 'NOT_FOUND');
    expect(unknown.json().message).toBe('Laget finns inte.');
    // Nothing changed.
    const names = await get<TeamNameMappingList>(TEAM_NAMES);
    expect(names.mappings.map((m) => [m.source_name, m.team.slug])).toEqual([
      ['Hammarby', 'hammarby'],
      ['Piraterna', 'piraterna'],
    ]);
  });

  it("maps 'hammarby' (the name met as 'Hammarby') onto an existing team; the next run imports the match with that team as away", async () => {
    // A team the app has from a file (speedway-official/1), under another name.
    await importDoc(t, {
      format: 'speedway-official/1',
      teams: [{ slug: 'bajen', name: 'Bajen Speedway', city: 'Stockholm', short: 'BAJ' }],
      matches: [],
    });
    const res = await api(t, tokens.superAdmin)('PUT', TEAM_NAMES, {
      source_name: '  hammarby ',
      team_slug: 'bajen',
    });
    expect(res.statusCode, res.body).toBe(200);
    const mapped = res.json();
    expect(mapped).toEqual({
      source_name: 'Hammarby',
      abbreviation: 'Ham',
      team: { id: expect.any(String), slug: 'bajen', name: 'Bajen Speedway' },
    });
    const names = (await get<TeamNameMappingList>(TEAM_NAMES)).mappings;
    expect(names.map((m) => m.source_name)).toEqual(['Hammarby', 'Piraterna']);
    expect(names).toContainEqual(mapped);

    standIn.faults.clear();
    const started = await syncNow();
    expect(started.statusCode, started.body).toBe(202);
    const run = await finished((started.json() as { id: string }).id);
    expect(run).toMatchObject({
      status: 'done',
      counts: { seen: 66, imported: 0, updated: 1, unchanged: 0, refused: 65 },
    });

    const matches = await ok<OfficialMatchSummary[]>(
      t,
      tokens.user,
      'GET',
      '/api/official-matches?season=2012',
    );
    expect(matches.find((m) => m.external_id === 'svemo-ta-1259')).toMatchObject({
      home_team: 'Piraterna',
      away_team: 'Bajen Speedway',
      away_team_id: mapped.team.id,
      away_short: 'BAJ',
      home_score: 56,
      away_score: 34,
    });
    // The name stays mapped: a run after that finds the match unchanged.
    const third = await syncNow();
    const unchanged = await finished((third.json() as { id: string }).id);
    expect(unchanged.counts).toMatchObject({ imported: 0, updated: 0, unchanged: 1 });
    expect((await get<TeamNameMappingList>(TEAM_NAMES)).mappings).toContainEqual(mapped);
  });
});
