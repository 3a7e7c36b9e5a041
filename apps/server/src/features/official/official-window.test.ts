import type { OfficialDataDocument, OfficialMatchSummary } from '@speedway/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  importDoc,
  swedishDayFromNow,
  syntheticKlassisk,
  userWithRole,
} from '../../../test/official-data';
import { api } from '../../../test/protocol-api';
import { createTestApp, startSecondInstance, type TestApp } from '../../../test/test-app';
import { expectErrorShape } from '../../../test/users';
import { officialRepository } from './official.repository';
import { officialWindow, windowKey } from './official-window';
import { stockholmTime } from './svemo-ta/match-time';

// GET /api/official-matches answers one window of the official matches: a season, or at most a
// year of days, from today when the client names none (official-window.ts). Each window is cached
// per instance and served fresh after an import on any instance.

describe('officialWindow', () => {
  const now = new Date('2026-05-03T22:30:00Z'); // 00:30 on 4 May in Sweden

  it('is today (in Sweden) and the coming year, undated included, when nothing is asked', () => {
    expect(officialWindow({}, now)).toEqual({
      season: null,
      from: '2026-05-04',
      to: '2027-05-04',
      undated: true,
    });
  });

  it('is a year from `from`, a year up to `to`, and no more', () => {
    expect(officialWindow({ from: '2024-02-29' }, now)).toEqual({
      season: null,
      from: '2024-02-29',
      to: '2025-02-28',
      undated: true,
    });
    expect(officialWindow({ to: '2025-02-28' }, now)).toEqual({
      season: null,
      from: '2024-02-29',
      to: '2025-02-28',
      undated: false,
    });
    expect(officialWindow({ from: '2025-05-01', to: '2025-05-02' }, now)).toMatchObject({
      from: '2025-05-01',
      to: '2025-05-02',
      undated: false,
    });
  });

  it('is the whole season with a season, narrowed only by the days given', () => {
    expect(officialWindow({ season: 2024 }, now)).toEqual({
      season: 2024,
      from: null,
      to: null,
      undated: true,
    });
    expect(officialWindow({ season: 2024, to: '2024-08-01' }, now)).toEqual({
      season: 2024,
      from: null,
      to: '2024-08-01',
      undated: false,
    });
  });

  it('keys the default and the same window asked for by its days alike, other windows not', () => {
    const today = windowKey(officialWindow({}, now));
    expect(windowKey(officialWindow({ from: '2026-05-04' }, now))).toBe(today);
    expect(windowKey(officialWindow({ from: '2026-05-04', to: '2027-05-04' }, now))).not.toBe(
      today,
    );
    expect(windowKey(officialWindow({ season: 2026 }, now))).not.toBe(
      windowKey(officialWindow({ season: 2025 }, now)),
    );
  });
});

const at = (day: string, time: string) => new Date(stockholmTime(day, time)).toISOString();

/** Matches of two past seasons, around today, a year on, and undated, between the fixture teams. */
function windowSeasons(): OfficialDataDocument {
  const today = swedishDayFromNow(0);
  const match = (external_id: string, season: number | null, start: string | null) => ({
    external_id,
    ...(season === null ? {} : { season }),
    start,
    home: 'hemma',
    away: 'borta',
  });
  return {
    format: 'speedway-official/1',
    teams: syntheticKlassisk().teams,
    matches: [
      match('w-2024-juni', 2024, at('2024-06-01', '19:00')),
      match('w-2024-sept', 2024, at('2024-09-10', '19:00')),
      match('w-2024-odaterad', 2024, null),
      match('w-2025-maj', 2025, at('2025-05-20', '19:00')),
      // 23:30 on 20 May and 00:30 on 21 May in Sweden: both 20 May in UTC.
      match('w-2025-sent', 2025, '2025-05-20T21:30:00Z'),
      match('w-2025-natt', 2025, '2025-05-20T22:30:00Z'),
      match('w-igar', null, at(swedishDayFromNow(-1), '12:00')),
      match('w-idag', null, at(today, '12:00')),
      match('w-om-364-dagar', null, at(swedishDayFromNow(364), '12:00')),
      match('w-om-368-dagar', null, at(swedishDayFromNow(368), '12:00')),
      match('w-odaterad', null, null),
    ],
  };
}

let a: TestApp;
let b: TestApp;
let token: string;
beforeAll(async () => {
  a = await createTestApp();
  b = await startSecondInstance(a);
  await importDoc(a, windowSeasons());
  token = await userWithRole(a, 'fonster@example.se', 'user');
});
afterAll(async () => {
  await b.close();
  await a.close();
});

async function externalIds(t: TestApp, query: string): Promise<string[]> {
  const res = await api(t, token)('GET', `/api/official-matches${query}`);
  expect(res.statusCode, query).toBe(200);
  return (res.json() as OfficialMatchSummary[]).map((m) => m.external_id);
}

describe('GET /api/official-matches, windowed', () => {
  it('answers today and the coming year without parameters, undated last but no old season', async () => {
    // The window starts at today's date in Sweden: ask again if midnight fell in between.
    let ids: string[];
    let day: string;
    do {
      day = swedishDayFromNow(0);
      ids = await externalIds(a, '');
    } while (day !== swedishDayFromNow(0));
    expect(ids).toEqual(['w-idag', 'w-om-364-dagar', 'w-odaterad']);
    expect(await externalIds(b, `?from=${day}`)).toEqual(ids);
  });

  it('answers a whole season, undated last, and only dated matches once `to` is given', async () => {
    expect(await externalIds(a, '?season=2024')).toEqual([
      'w-2024-juni',
      'w-2024-sept',
      'w-2024-odaterad',
    ]);
    expect(await externalIds(b, '?season=2025')).toEqual([
      'w-2025-maj',
      'w-2025-sent',
      'w-2025-natt',
    ]);
    expect(await externalIds(a, '?season=2024&to=2024-12-31')).toEqual([
      'w-2024-juni',
      'w-2024-sept',
    ]);
    expect(await externalIds(a, '?season=2024&from=2024-07-01')).toEqual([
      'w-2024-sept',
      'w-2024-odaterad',
    ]);
    expect(await externalIds(a, '?season=1990')).toEqual([]);
  });

  it('answers days of Swedish time, both ends included', async () => {
    expect(await externalIds(a, '?from=2025-05-20&to=2025-05-20')).toEqual([
      'w-2025-maj',
      'w-2025-sent',
    ]);
    expect(await externalIds(b, '?from=2025-05-21&to=2025-05-21')).toEqual(['w-2025-natt']);
    // `to` alone: the year up to it.
    expect(await externalIds(a, '?to=2025-05-21')).toEqual([
      'w-2024-juni',
      'w-2024-sept',
      'w-2025-maj',
      'w-2025-sent',
      'w-2025-natt',
    ]);
    // `from` alone: a year on from it, and the undated matches of seasons not over by then.
    expect(await externalIds(a, '?from=2024-09-01')).toEqual([
      'w-2024-sept',
      'w-2025-maj',
      'w-2025-sent',
      'w-2025-natt',
      'w-2024-odaterad',
      'w-odaterad',
    ]);
  });

  it('refuses a bad window with 400 and a Swedish message naming the parameter', async () => {
    const call = api(a, token);
    for (const [query, message] of [
      ['?season=tjugo', 'Ogiltig indata (querystring.season): season ska vara ett år, 1900–2200.'],
      ['?season=3000', 'Ogiltig indata (querystring.season): season ska vara ett år, 1900–2200.'],
      [
        '?from=2025-02-30',
        'Ogiltig indata (querystring.from): from ska vara ett datum som ÅÅÅÅ-MM-DD, år 1900–2200.',
      ],
      [
        '?from=2025-06-02&to=2025-06-01',
        'Ogiltig indata (querystring.to): from får inte vara senare än to.',
      ],
      [
        '?from=2024-01-01&to=2025-01-01',
        'Ogiltig indata (querystring.to): Ett datumfönster får omfatta högst 366 dagar.',
      ],
      [
        '?sasong=2025',
        'Ogiltig indata (querystring): Okänd parameter: använd season, from och to.',
      ],
    ]) {
      const res = await call('GET', `/api/official-matches${query}`);
      expect(res.statusCode, query).toBe(400);
      expectErrorShape(res.json(), 400, 'VALIDATION_ERROR');
      expect(res.json().message, query).toBe(message);
    }
  });

  it("shows the caller's own follows in the window that holds the match only", async () => {
    const ids = await api(a, token)('GET', '/api/official-matches?season=2025');
    const may = (ids.json() as OfficialMatchSummary[]).find((m) => m.external_id === 'w-2025-maj')!;
    await api(b, token)('PUT', `/api/official-matches/${may.id}/follow`);
    const followed = async (query: string) =>
      (
        (
          await api(a, token)('GET', `/api/official-matches${query}`)
        ).json() as OfficialMatchSummary[]
      )
        .filter((m) => m.followed)
        .map((m) => m.external_id);
    expect(await followed('?season=2025')).toEqual(['w-2025-maj']);
    expect(await followed('?season=2024')).toEqual([]);
  });

  it('serves an import into a cached season at once on both instances, other windows too', async () => {
    const statusIn = async (t: TestApp, query: string, externalId: string) =>
      (
        (
          await api(t, token)('GET', `/api/official-matches${query}`)
        ).json() as OfficialMatchSummary[]
      ).find((m) => m.external_id === externalId)?.status;
    for (const t of [a, b]) {
      expect(await statusIn(t, '?season=2024', 'w-2024-sept')).toBe('live');
      expect(await statusIn(t, '?from=2024-09-10&to=2024-09-10', 'w-2024-sept')).toBe('live');
    }
    const { lineups, result } = syntheticKlassisk().matches[0]!;
    // Outside both apps, as the CLI and the sync import.
    await importDoc(a, {
      format: 'speedway-official/1',
      matches: [
        {
          external_id: 'w-2024-sept',
          season: 2024,
          start: at('2024-09-10', '19:00'),
          home: 'hemma',
          away: 'borta',
          lineups,
          result,
        },
      ],
    });
    for (const t of [b, a]) {
      expect(await statusIn(t, '?season=2024', 'w-2024-sept')).toBe('completed');
      expect(await statusIn(t, '?from=2024-09-10&to=2024-09-10', 'w-2024-sept')).toBe('completed');
    }
  });
});

describe('the SQL of a window', () => {
  /** The plan PostgreSQL makes of the list's query when it may not read the table whole. */
  async function planOf(query: Parameters<typeof officialWindow>[0]): Promise<string> {
    const window = officialWindow(query, new Date());
    const { sql: text, params } = officialRepository
      .list(a.db, '00000000-0000-0000-0000-000000000000', { window })
      .toSQL();
    const client = await a.db.$client.connect();
    try {
      await client.query('BEGIN');
      // Ten rows are cheaper to read whole: forbid it, to see whether an index can serve at all.
      await client.query('SET LOCAL enable_seqscan = off');
      const plan = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${text}`, params);
      return plan.rows.map((row) => row['QUERY PLAN']).join('\n');
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  }

  it('reads a season by the (season, starts_at) index, a date window by starts_at', async () => {
    const season = await planOf({ season: 2024 });
    expect(season).toMatch(/official_matches_season_starts_at_index on official_matches/);
    expect(season).not.toMatch(/Seq Scan on official_matches/);
    const days = await planOf({});
    expect(days).toMatch(/official_matches_starts_at_index/);
    expect(days).not.toMatch(/Seq Scan on official_matches/);
    const window = await planOf({ season: 2025, from: '2025-05-01', to: '2025-05-31' });
    expect(window).toMatch(/official_matches_season_starts_at_index/);
    expect(window).not.toMatch(/Seq Scan on official_matches/);
  });
});
