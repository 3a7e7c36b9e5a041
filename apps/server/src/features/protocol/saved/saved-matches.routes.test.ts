import { randomUUID } from 'node:crypto';
import type {
  Match,
  OfficialHeat,
  OfficialMatchSummary,
  SavedMatch,
  SavedMatchSummary,
  SaveProtocolResponse,
} from '@speedway/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fixtureSeason,
  heat15Changed,
  heat2TeammatesSwapped,
  importDoc,
  listAroundNow,
  officialIds,
  syntheticKlassisk,
  userWithRole,
} from '../../../../test/official-data';
import {
  api,
  completeProtocol,
  getProtocol,
  registerHeat,
  startProtocol,
} from '../../../../test/protocol-api';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { expectErrorShape } from '../../../../test/users';

let t: TestApp;
let ids: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  await importDoc(t, fixtureSeason());
  ids = await officialIds(t);
});
afterAll(() => t.close());

const synthetic = syntheticKlassisk();
const official = synthetic.matches[0]!.result;

/** A new user's complete protocol of an official match (the official heats unless given). */
async function completed(label: string, externalId = 'fx-played', heats = official.heats) {
  const token = await userWithRole(t, `${label}@example.se`, 'user');
  const match = await completeProtocol(t, token, ids[externalId]!, heats);
  return { token, match, call: api(t, token) };
}

async function save(token: string, match: Pick<Match, 'id'>) {
  const res = await api(t, token)('POST', `/api/matches/${match.id}/save`);
  expect([200, 201], res.body).toContain(res.statusCode);
  return res.json() as SaveProtocolResponse;
}

describe('access and input', () => {
  it('answers 401 without a session on every route, before looking at the body', async () => {
    const call = api(t, undefined);
    const id = randomUUID();
    for (const [method, url] of [
      ['POST', `/api/matches/${id}/save`],
      ['GET', '/api/user/matches'],
      ['GET', `/api/user/matches/${id}`],
      ['PUT', `/api/user/matches/${id}/resolve`],
      ['DELETE', `/api/user-matches/${id}`],
    ] as const) {
      const res = await call(method, url, { unknown: 'field' });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expectErrorShape(res.json(), 401, 'UNAUTHORIZED');
    }
  });

  it("answers 404 for someone else's protocol and saved match, and changes nothing", async () => {
    const { token, match } = await completed('agare');
    const saved = await save(token, match);
    const intruder = api(t, await userWithRole(t, 'inkraktare@example.se', 'user'));
    const steal = await intruder('POST', `/api/matches/${match.id}/save`);
    expect(steal.statusCode).toBe(404);
    expect(steal.json()).toMatchObject({ message: 'Matchprotokollet finns inte.' });
    for (const [method, url, body] of [
      ['GET', `/api/user/matches/${saved.id}`, undefined],
      ['PUT', `/api/user/matches/${saved.id}/resolve`, { action: 'accept_official' }],
      ['DELETE', `/api/user-matches/${saved.id}`, undefined],
    ] as const) {
      const res = await intruder(method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toMatchObject({
        code: 'NOT_FOUND',
        message: 'Matchen saknas eller har tagits bort.',
      });
    }
    expect((await intruder('GET', '/api/user/matches')).json()).toEqual([]);
    const mine = await api(t, token)('GET', `/api/user/matches/${saved.id}`);
    expect(mine.json()).toMatchObject({ status: 'validated', resolution: null });
  });

  it('answers 400 for malformed ids, unknown actions and unknown body fields', async () => {
    const { token, match } = await completed('indata');
    const call = api(t, token);
    const { id } = await save(token, match);
    for (const [method, url, body] of [
      ['POST', '/api/matches/inte-ett-id/save', undefined],
      ['POST', `/api/matches/${match.id}/save`, { force: true }],
      ['GET', '/api/user/matches/123', undefined],
      ['PUT', `/api/user/matches/${id}/resolve`, { action: 'split_the_difference' }],
      ['PUT', `/api/user/matches/${id}/resolve`, {}],
      ['PUT', `/api/user/matches/${id}/resolve`, { action: 'keep_user', note: 'x' }],
      ['DELETE', `/api/user-matches/${id}`, { reason: 'x' }],
    ] as const) {
      const res = await call(method, url, body);
      expect(res.statusCode, `${method} ${url} ${JSON.stringify(body)}`).toBe(400);
      expectErrorShape(res.json(), 400, 'VALIDATION_ERROR');
    }
    const unknown = await call('PUT', `/api/user/matches/${id}/resolve`, { action: 'x' });
    expect(unknown.json().message).toContain(
      "action ska vara 'accept_official' eller 'keep_user'.",
    );
    expect((await call('GET', `/api/user/matches/${id}`)).json().resolution).toBeNull();
  });
});

describe('POST /api/matches/{id}/save', () => {
  it('refuses an incomplete protocol with 409 naming the first missing heat; nothing is saved', async () => {
    const token = await userWithRole(t, 'halvfardig@example.se', 'user');
    let match = await startProtocol(t, token, ids['fx-played']!);
    const call = api(t, token);
    const empty = await call('POST', `/api/matches/${match.id}/save`, {});
    expect(empty.statusCode).toBe(409);
    expect(empty.json()).toMatchObject({
      code: 'PROTOCOL_INCOMPLETE',
      message:
        'Protokollet kan inte sparas ännu. Heat 1 är inte registrerat. 0 av 15 heat är klara.',
    });
    for (const heat of official.heats.slice(0, 3))
      match = (await registerHeat(t, token, match, heat)).match;
    const partial = await call('POST', `/api/matches/${match.id}/save`);
    expect(partial.statusCode).toBe(409);
    expectErrorShape(partial.json(), 409, 'PROTOCOL_INCOMPLETE');
    expect(partial.json().message).toBe(
      'Protokollet kan inte sparas ännu. Heat 4 är inte registrerat. 3 av 15 heat är klara.',
    );
    expect((await call('GET', '/api/user/matches')).json()).toEqual([]);
    expect(await getProtocol(t, token, match.id)).toMatchObject({ status: 'live' });
  });

  it('saves a complete protocol (201): confirmed, compared, with the statistics per team', async () => {
    const { token, match, call } = await completed('sparar');
    const res = await call('POST', `/api/matches/${match.id}/save`);
    expect(res.statusCode, res.body).toBe(201);
    const saved = res.json() as SaveProtocolResponse;
    expect(saved).toMatchObject({
      user_match_id: saved.id,
      message: 'Protokoll sparat',
      match_id: match.id,
      official_match_id: ids['fx-played'],
      status: 'validated',
      resolution: null,
      match_details: {
        home_team: 'Hemmalaget',
        away_team: 'Bortalaget',
        home_team_short: 'HEM',
        venue: null,
        rulebook: 'elitserien-klassisk',
      },
      user_results: { home_score: 46, away_score: 44 },
      official_results: { home_score: 46, away_score: 44 },
      discrepancies: [],
      heat_discrepancies: [],
    });
    expect(saved.match_details.date).toEqual(expect.any(String));
    expect(saved.user_results.heats).toHaveLength(15);
    expect(saved.official_results!.heats).toHaveLength(15);

    // Statistics are the engine's lines: each published line of the reference, per team.
    const lines = [...saved.statistics.home.riders, ...saved.statistics.away.riders];
    for (const [name, published] of Object.entries(synthetic.expected.rider_lines)) {
      const line = lines.find((l) => l.name === name || l.name.endsWith(` ${name}`));
      expect(line?.line, name).toBe(published);
    }
    expect(saved.statistics.home.riders.every((l) => l.team === 'home')).toBe(true);
    expect(saved.statistics.home.riders).toHaveLength(7);
    for (const side of ['home', 'away'] as const) {
      const { totals, riders } = saved.statistics[side];
      expect(
        riders.reduce((sum, l) => sum + l.points, 0),
        side,
      ).toBe(totals.points);
    }
    expect(saved.statistics.home.totals.points).toBe(46);

    // The protocol is confirmed: out of 'Skapade', read-only.
    expect(await getProtocol(t, token, match.id)).toMatchObject({ status: 'confirmed' });
    const edit = await call('POST', `/api/matches/${match.id}/heat/1/save`, { rr: true });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().code).toBe('PROTOCOL_CONFIRMED');
    expect((await call('GET', `/api/user/matches/${saved.id}`)).json()).toEqual(
      (({ user_match_id: _id, message: _message, ...detail }) => detail)(saved),
    );
  });

  it('saves again into the same copy (200): one copy, refreshed, first saved time kept', async () => {
    const { token, match, call } = await completed('igen');
    const first = await save(token, match);
    const again = await call('POST', `/api/matches/${match.id}/save`);
    expect(again.statusCode).toBe(200);
    const second = again.json() as SaveProtocolResponse;
    expect(second.user_match_id).toBe(first.user_match_id);
    expect(second.completed_at).toBe(first.completed_at);
    expect(new Date(second.updated_at).getTime()).toBeGreaterThan(
      new Date(first.updated_at).getTime(),
    );
    const list = (await call('GET', '/api/user/matches')).json() as SavedMatchSummary[];
    expect(list.map((m) => m.id)).toEqual([first.id]);
  });

  it('lists each saved protocol with its heats and its match nested (User match, docs/spec/2-matches-protocols-admin.md §3)', async () => {
    const { token, match, call } = await completed('listan');
    const saved = (
      await call('POST', `/api/matches/${match.id}/save`)
    ).json() as SaveProtocolResponse;
    const [item] = (await api(t, token)('GET', '/api/user/matches')).json() as SavedMatchSummary[];
    expect(item!.match).toEqual({
      id: match.id,
      status: 'confirmed',
      home_team: 'Hemmalaget',
      away_team: 'Bortalaget',
      date: saved.match_details.date,
      venue: null,
    });
    expect(item!.heats.map((h) => h.heat_number)).toEqual(
      Array.from({ length: 15 }, (_, i) => i + 1),
    );
    // Heat by heat, 3-2-1-0 in each, adding up to the saved totals.
    for (const heat of item!.heats) expect(heat.home + heat.away).toBe(6);
    expect(item!.heats.reduce((sum, h) => sum + h.home, 0)).toBe(item!.home_score);
    expect(item!.heats.reduce((sum, h) => sum + h.away, 0)).toBe(item!.away_score);
  });

  it('PUT /api/matches/{id}/confirm saves too: the same copy as the save call', async () => {
    const { token, match, call } = await completed('bekraftar');
    const confirmed = await call('PUT', `/api/matches/${match.id}/confirm`, {});
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ id: match.id, status: 'confirmed' });
    const list = (await call('GET', '/api/user/matches')).json() as SavedMatchSummary[];
    expect(list).toHaveLength(1);
    expect((await save(token, match)).id).toBe(list[0]!.id);
  });
});

describe('the comparison with the official result', () => {
  it('different totals: disputed, the totals and the heat and riders that differ', async () => {
    const { token, match } = await completed(
      'andra-summor',
      'fx-played',
      heat15Changed(official).heats,
    );
    const saved = await save(token, match);
    expect(saved.status).toBe('disputed');
    expect(saved.user_results).toMatchObject({ home_score: 47, away_score: 43 });
    expect(saved.discrepancies).toEqual([
      { type: 'home_score', user_value: 47, official_value: 46 },
      { type: 'away_score', user_value: 43, official_value: 44 },
    ]);
    const rider = (team: 'home' | 'away', no: number) =>
      match.lineups[team].find((r) => r.lineup_no === no)!;
    expect(saved.heat_discrepancies).toEqual([
      {
        heat_number: 15,
        user: { home: 2, away: 4 },
        official: { home: 1, away: 5 },
        riders: expect.arrayContaining([
          {
            rider_id: rider('home', 1).rider_id,
            name: rider('home', 1).name,
            user: { position: 2, status: 'completed' },
            official: { position: 3, status: 'completed' },
          },
          {
            rider_id: rider('away', 1).rider_id,
            name: rider('away', 1).name,
            user: { position: 3, status: 'completed' },
            official: { position: 2, status: 'completed' },
          },
        ]),
      },
    ]);
    expect(saved.heat_discrepancies[0]!.riders).toHaveLength(2);
  });

  it('equal totals but other placings in a heat: validated (the final score agrees), the heat shown', async () => {
    const heats: OfficialHeat[] = heat2TeammatesSwapped(official).heats;
    const { token, match } = await completed('samma-summa', 'fx-played', heats);
    const saved = await save(token, match);
    expect(saved).toMatchObject({ status: 'validated', discrepancies: [] });
    const [listed] = (
      await api(t, token)('GET', '/api/user/matches')
    ).json() as SavedMatchSummary[];
    expect(listed).toMatchObject({ status: 'validated', differing_heats: [2] });
    expect(saved.heat_discrepancies.map((h) => [h.heat_number, h.user, h.official])).toEqual([
      [2, { home: 4, away: 2 }, { home: 4, away: 2 }],
    ]);
    expect(saved.heat_discrepancies[0]!.riders.map((r) => r.user?.position)).toEqual(
      expect.arrayContaining([1, 3]),
    );
  });

  it('without an official result: complete, nothing to compare with', async () => {
    const { token, match } = await completed('utan-resultat', 'fx-undated');
    const saved = await save(token, match);
    expect(saved).toMatchObject({
      status: 'complete',
      official_results: null,
      discrepancies: [],
      heat_discrepancies: [],
      user_results: { home_score: 46, away_score: 44 },
    });
    const resolve = await api(t, token)('PUT', `/api/user/matches/${saved.id}/resolve`, {
      action: 'keep_user',
    });
    expect(resolve.statusCode).toBe(409);
    expect(resolve.json()).toMatchObject({
      code: 'NO_OFFICIAL_RESULT',
      message: 'Det finns inget officiellt resultat att jämföra med ännu.',
    });
  });
});

describe('GET /api/user/matches', () => {
  it("lists the caller's saved protocols newest first; official matches link to them", async () => {
    const token = await userWithRole(t, 'lista@example.se', 'user');
    const call = api(t, token);
    const first = await completeProtocol(t, token, ids['fx-played']!, official.heats);
    const older = await save(token, first);
    const second = await completeProtocol(t, token, ids['fx-undated']!, official.heats);
    const newer = await save(token, second);
    await startProtocol(t, token, ids['fx-upcoming']!);
    const list = (await call('GET', '/api/user/matches')).json() as SavedMatchSummary[];
    expect(list.map((m) => m.id)).toEqual([newer.id, older.id]);
    expect(list[1]).toEqual({
      id: older.id,
      match_id: first.id,
      official_match_id: ids['fx-played'],
      home_team: 'Hemmalaget',
      away_team: 'Bortalaget',
      home_team_short: 'HEM',
      away_team_short: 'BOR',
      date: first.date,
      venue: null,
      competition: null,
      round: 1,
      status: 'validated',
      resolution: null,
      home_score: 46,
      away_score: 44,
      official_results: { home_score: 46, away_score: 44 },
      completed_heats: 15,
      total_heats: 15,
      differing_heats: [],
      heats: expect.any(Array),
      match: {
        id: first.id,
        status: 'confirmed',
        home_team: 'Hemmalaget',
        away_team: 'Bortalaget',
        date: first.date,
        venue: null,
      },
      completed_at: older.completed_at,
      updated_at: older.updated_at,
    });
    expect(list[0]).toMatchObject({ status: 'complete', official_results: null, round: null });

    // The protocols list still has all three; 'Skapade' is the ones not confirmed.
    const protocols = (await call('GET', '/api/matches')).json() as Match[];
    expect(protocols.filter((p) => p.status !== 'confirmed')).toHaveLength(1);
    const officials = (await call('GET', listAroundNow())).json() as OfficialMatchSummary[];
    const byExternal = (id: string) => officials.find((m) => m.external_id === id)!;
    expect(byExternal('fx-played').user_match_id).toBe(older.id);
    expect(byExternal('fx-upcoming')).toMatchObject({
      user_match_id: null,
      consumedByCurrentUser: true,
    });
  });
});

describe('DELETE /api/user-matches/{id}', () => {
  it('removes the saved match and its protocol, with or without an empty body', async () => {
    const { token, match, call } = await completed('tar-bort');
    const saved = await save(token, match);
    const res = await call('DELETE', `/api/user-matches/${saved.id}`, {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Protokoll borttaget' });
    expect((await call('GET', `/api/user/matches/${saved.id}`)).json()).toMatchObject({
      statusCode: 404,
      message: 'Matchen saknas eller har tagits bort.',
    });
    expect((await call('GET', `/api/matches/${match.id}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/user-matches/${saved.id}`)).statusCode).toBe(404);
    expect((await call('GET', '/api/user/matches')).json()).toEqual([]);

    const next = await completeProtocol(t, token, ids['fx-played']!, official.heats);
    const again = await save(token, next);
    const bare = await t.request({ method: 'DELETE', url: `/api/user-matches/${again.id}`, token });
    expect(bare.statusCode).toBe(200);
  });

  it('goes with its protocol when the protocol is deleted', async () => {
    const { token, match, call } = await completed('protokoll-bort');
    const saved = await save(token, match);
    expect((await call('DELETE', `/api/matches/${match.id}`)).statusCode).toBe(200);
    expect((await call('GET', `/api/user/matches/${saved.id}`)).statusCode).toBe(404);
  });
});

describe('GET /api/user/matches/{id}', () => {
  it('answers 404 for an unknown id', async () => {
    const token = await userWithRole(t, 'okand@example.se', 'user');
    const res = await api(t, token)('GET', `/api/user/matches/${randomUUID()}`);
    expect(res.statusCode).toBe(404);
    expect((res.json() as SavedMatch & { message: string }).message).toBe(
      'Matchen saknas eller har tagits bort.',
    );
  });
});
