import { randomUUID } from 'node:crypto';
import type { OfficialMatchDetail, OfficialMatchSummary } from '@speedway/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fixtureSeason,
  importDoc,
  kumlaVastervik,
  listAroundNow,
  officialIds,
  userWithRole,
  postImport,
} from '../../../test/official-data';
import { api } from '../../../test/protocol-api';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { buildDemoSeason } from './demo/demo-season';
import { expectErrorShape } from '../../../test/users';

let t: TestApp;
let ids: Record<string, string>;
let user: string;
let other: string;
beforeAll(async () => {
  t = await createTestApp();
  await importDoc(t, fixtureSeason());
  ids = await officialIds(t);
  user = await userWithRole(t, 'foljare@example.se', 'user');
  other = await userWithRole(t, 'annan@example.se', 'user');
});
afterAll(() => t.close());

describe('access', () => {
  it('answers 401 without a session on every route, before looking at the body', async () => {
    const call = api(t, undefined);
    const id = ids['fx-upcoming']!;
    for (const [method, url, body] of [
      ['GET', '/api/official-matches'],
      ['GET', `/api/official-matches/${id}`],
      ['POST', '/api/official-matches/import', { format: 'x' }],
      ['PUT', `/api/official-matches/${id}/follow`],
      ['DELETE', `/api/official-matches/${id}/follow`],
      ['GET', '/api/follows'],
    ] as const) {
      const res = await call(method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expectErrorShape(res.json(), 401, 'UNAUTHORIZED');
    }
  });

  it('answers 400 for a malformed id and 404 for an unknown one', async () => {
    const call = api(t, user);
    const bad = await call('GET', '/api/official-matches/123');
    expect(bad.statusCode).toBe(400);
    expectErrorShape(bad.json(), 400, 'VALIDATION_ERROR');
    const missing = await call('GET', `/api/official-matches/${randomUUID()}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Matchen finns inte.' });
  });
});

describe('GET /api/official-matches', () => {
  it('lists the window sorted by start (undated last) with teams, status and result', async () => {
    const res = await api(t, user)('GET', listAroundNow());
    expect(res.statusCode).toBe(200);
    const list = res.json() as OfficialMatchSummary[];
    expect(list.map((m) => m.external_id)).toEqual([
      'fx-played',
      'fx-live',
      'fx-upcoming',
      'fx-no-lineups',
      'fx-undated',
    ]);
    const byId = Object.fromEntries(list.map((m) => [m.external_id, m]));
    expect(byId['fx-upcoming']).toMatchObject({
      id: ids['fx-upcoming'],
      home_team: 'Hemmalaget',
      away_team: 'Bortalaget',
      home_short: 'HEM',
      away_short: 'BOR',
      venue: 'Hemmabanan',
      league: 'Elitserien',
      competition: 'Elitserien',
      round: 3,
      status: 'upcoming',
      home_score: null,
      away_score: null,
      tv: 'Demokanalen',
      referee: 'Greta Startgrind',
      rulebook: 'elitserien-klassisk',
      lineups_ready: true,
      consumedByCurrentUser: false,
      protocol_id: null,
      followed: false,
    });
    expect(byId['fx-upcoming']!.start).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(byId['fx-played']).toMatchObject({
      status: 'completed',
      home_score: 46,
      away_score: 44,
    });
    expect(byId['fx-live']).toMatchObject({ status: 'live', home_team: 'Bortalaget' });
    expect(byId['fx-no-lineups']).toMatchObject({ status: 'upcoming', lineups_ready: false });
    expect(byId['fx-undated']).toMatchObject({ status: 'upcoming', start: null, venue: null });
  });

  it("marks the caller's own protocols and follows only", async () => {
    const call = api(t, user);
    const created = await call('POST', '/api/matches/from-official', {
      official_match_id: ids['fx-upcoming'],
    });
    expect(created.statusCode).toBe(201);
    await call('PUT', `/api/official-matches/${ids['fx-live']}/follow`);
    const mine = (await call('GET', listAroundNow())).json() as OfficialMatchSummary[];
    expect(mine.find((m) => m.id === ids['fx-upcoming'])).toMatchObject({
      consumedByCurrentUser: true,
      protocol_id: created.json().id,
    });
    expect(mine.find((m) => m.id === ids['fx-live'])!.followed).toBe(true);
    const theirs = (await api(t, other)('GET', listAroundNow())).json();
    expect(theirs.every((m: OfficialMatchSummary) => !m.consumedByCurrentUser && !m.followed)).toBe(
      true,
    );
  });
});

describe('GET /api/official-matches/{id}', () => {
  it('gives the heat programme with line-ups, team line-ups, and no result before one exists', async () => {
    const res = await api(t, user)('GET', `/api/official-matches/${ids['fx-upcoming']}`);
    expect(res.statusCode).toBe(200);
    const detail = res.json() as OfficialMatchDetail;
    expect(detail.heats).toHaveLength(15);
    expect(detail.heats[0]).toMatchObject({
      heat_number: 1,
      status: 'upcoming',
      riders: {
        '1': { name: 'Bo Lind', team: 'home', lineup_no: 2, helmet_color: 'blå' },
        '2': { name: 'Hugo Ås', team: 'away', lineup_no: 1, helmet_color: 'vit' },
      },
      results: [],
    });
    // Heat 15 is nominated: empty until the protocol nominates it.
    expect(detail.heats[14]!.riders).toEqual({});
    expect(detail.lineups.home.map((r) => r.lineup_no)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(detail.result).toBeNull();
  });

  it('gives the official result heat by heat once there is one', async () => {
    const detail = (await api(t, user)('GET', `/api/official-matches/${ids['fx-played']}`)).json();
    expect(detail.result).toMatchObject({ home_score: 46, away_score: 44 });
    expect(detail.result.heats).toHaveLength(15);
    expect(detail.result.heats[2]).toMatchObject({ heat_number: 3, status: 'completed', rr: true });
  });

  it('gives empty line-ups and programme lanes while the line-ups are not published', async () => {
    const detail = (
      await api(t, user)('GET', `/api/official-matches/${ids['fx-no-lineups']}`)
    ).json();
    expect(detail.lineups).toEqual({ home: [], away: [] });
    expect(detail.heats[0].riders).toEqual({});
  });
});

describe('follows', () => {
  it('follows and unfollows idempotently; GET /api/follows lists what the caller follows', async () => {
    const call = api(t, other);
    const url = `/api/official-matches/${ids['fx-upcoming']}/follow`;
    for (let i = 0; i < 2; i += 1) {
      const res = await call('PUT', url);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ official_match_id: ids['fx-upcoming'], followed: true });
    }
    await call('PUT', `/api/official-matches/${ids['fx-undated']}/follow`, {});
    const follows = (await call('GET', '/api/follows')).json();
    expect(follows.map((f: { external_id: string }) => f.external_id)).toEqual([
      'fx-upcoming',
      'fx-undated',
    ]);
    expect(follows[0]).toMatchObject({ followed: true, followed_at: expect.any(String) });

    const off = await call('DELETE', url, {});
    expect(off.json()).toEqual({ official_match_id: ids['fx-upcoming'], followed: false });
    expect((await call('DELETE', url)).statusCode).toBe(200);
    expect((await call('GET', '/api/follows')).json()).toHaveLength(1);
  });

  it('refuses an unknown match, a malformed id and a body with fields', async () => {
    const call = api(t, other);
    expect((await call('PUT', `/api/official-matches/${randomUUID()}/follow`)).statusCode).toBe(
      404,
    );
    expect((await call('PUT', '/api/official-matches/x/follow')).statusCode).toBe(400);
    const withBody = await call('PUT', `/api/official-matches/${ids['fx-live']}/follow`, {
      notify: true,
    });
    expect(withBody.statusCode).toBe(400);
  });
});

describe('POST /api/official-matches/import', () => {
  it('is for super_admin only', async () => {
    const doc = kumlaVastervik();
    expect((await api(t, user)('POST', '/api/official-matches/import', doc)).statusCode).toBe(403);
    const club = await userWithRole(t, 'klubb@example.se', 'club_admin');
    const res = await api(t, club)('POST', '/api/official-matches/import', doc);
    expect(res.statusCode).toBe(403);
    expectErrorShape(res.json(), 403, 'FORBIDDEN');
  });

  it('imports a document and answers with what it did; again, it updates', async () => {
    const admin = await userWithRole(t, 'admin@example.se', 'super_admin');
    const call = api(t, admin);
    const first = await call('POST', '/api/official-matches/import', kumlaVastervik());
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      teams: { created: 2, updated: 0 },
      riders_created: 14,
      matches: { created: 1, updated: 0 },
      results: 1,
      message: expect.stringContaining('Importen är klar'),
    });
    const again = await call('POST', '/api/official-matches/import', kumlaVastervik());
    expect(again.json()).toMatchObject({
      teams: { created: 0, updated: 2 },
      riders_created: 0,
      matches: { created: 0, updated: 1 },
    });
  });

  it('rejects a broken document whole, in Swedish, naming the match and the field', async () => {
    const admin = await userWithRole(t, 'admin2@example.se', 'super_admin');
    const doc = fixtureSeason();
    doc.matches![1] = { ...doc.matches![1]!, external_id: 'fx-new', home: 'okand' };
    const res = await api(t, admin)('POST', '/api/official-matches/import', doc);
    expect(res.statusCode).toBe(400);
    expectErrorShape(res.json(), 400, 'INVALID_OFFICIAL_DATA');
    expect(res.json().message).toContain(
      'matches[1] (fx-new): home: okänt lag "okand" (saknas i filens teams och i databasen)',
    );
    expect(res.json().message).toMatch(/^Importen avvisades, inget sparades/);
    expect(Object.keys(await officialIds(t))).not.toContain('fx-new');

    const notObject = await api(t, admin)('POST', '/api/official-matches/import', [1, 2]);
    expect(notObject.statusCode).toBe(400);
    const wrongFormat = await api(t, admin)('POST', '/api/official-matches/import', {
      format: 'other/1',
    });
    expect(wrongFormat.json().message).toContain('format: format ska vara speedway-official/1');
  });

  it('takes a whole season with results, larger than an ordinary request', async () => {
    const admin = await userWithRole(t, 'admin3@example.se', 'super_admin');
    const payload = JSON.stringify(buildDemoSeason(new Date()), null, 2);
    expect(payload.length).toBeGreaterThan(256 * 1024);
    const res = await postImport(t, admin, payload);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.json()).toMatchObject({ matches: { created: 56 }, results: 28 });
  });
});
