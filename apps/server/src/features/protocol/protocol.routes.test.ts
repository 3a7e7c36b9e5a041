import { randomUUID } from 'node:crypto';
import { brotliDecompressSync } from 'node:zlib';
import { MatchSchema, type Match, type MatchSummary } from '@speedway/contracts';
import type { Heat } from '@speedway/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fixtureSeason,
  importDoc,
  officialIds,
  syntheticKlassisk,
  userWithRole,
} from '../../../test/official-data';
import { api, getProtocol, registerHeat, startProtocol } from '../../../test/protocol-api';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { expectErrorShape } from '../../../test/users';

let t: TestApp;
let ids: Record<string, string>;
let owner: string;
let intruder: string;
beforeAll(async () => {
  t = await createTestApp();
  await importDoc(t, fixtureSeason());
  ids = await officialIds(t);
  owner = await userWithRole(t, 'agare@example.se', 'user');
  intruder = await userWithRole(t, 'inkraktare@example.se', 'user');
});
afterAll(() => t.close());

/** Results in lane order: lane 1 first, lane 2 second, … (position 0 = excluded). */
function byLane(heat: Heat, positions = [1, 2, 3, 4]) {
  return (['1', '2', '3', '4'] as const).map((lane, i) => ({
    rider_id: heat.riders[lane]!.rider_id,
    position: positions[i]!,
    status: positions[i] === 0 ? 'excluded' : 'completed',
  }));
}

/** A fresh protocol of the upcoming fixture for a new user. */
async function freshProtocol(label: string): Promise<{ token: string; match: Match }> {
  const token = await userWithRole(t, `${label}@example.se`, 'user');
  return { token, match: await startProtocol(t, token, ids['fx-upcoming']!) };
}

async function saveInLaneOrder(token: string, match: Match, upTo: number): Promise<Match> {
  const call = api(t, token);
  for (let n = 1; n <= upTo; n += 1) {
    const heat = (await getProtocol(t, token, match.id)).heats[n - 1]!;
    const res = await call('POST', `/api/matches/${match.id}/heat/${n}/save`, {
      results: byLane(heat),
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  return getProtocol(t, token, match.id);
}

describe('access and input', () => {
  it('answers 401 without a session on every route, before looking at the body', async () => {
    const call = api(t, undefined);
    const id = randomUUID();
    for (const [method, url] of [
      ['GET', '/api/matches'],
      ['GET', `/api/matches/${id}`],
      ['POST', '/api/matches/from-official'],
      ['POST', `/api/matches/${id}/heat/1/save`],
      ['PUT', `/api/matches/${id}/nominations`],
      ['PUT', `/api/matches/${id}/confirm`],
      ['DELETE', `/api/matches/${id}`],
    ] as const) {
      const res = await call(method, url, { unknown: 'field' });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expectErrorShape(res.json(), 401, 'UNAUTHORIZED');
    }
  });

  it("answers 404 for another user's protocol on every route, and changes nothing", async () => {
    const match = await startProtocol(t, owner, ids['fx-undated']!);
    const call = api(t, intruder);
    const heat1 = match.heats[0]!;
    for (const [method, url, body] of [
      ['GET', `/api/matches/${match.id}`, undefined],
      ['POST', `/api/matches/${match.id}/heat/1/save`, { results: byLane(heat1) }],
      [
        'PUT',
        `/api/matches/${match.id}/nominations`,
        { heat15: { assignments: {}, home_gates: '1-3' } },
      ],
      ['PUT', `/api/matches/${match.id}/confirm`, undefined],
      ['DELETE', `/api/matches/${match.id}`, undefined],
    ] as const) {
      const res = await call(method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toMatchObject({
        code: 'NOT_FOUND',
        message: 'Matchprotokollet finns inte.',
      });
    }
    expect((await call('GET', '/api/matches')).json()).toEqual([]);
    const unchanged = await getProtocol(t, owner, match.id);
    expect(unchanged.heats[0]).toEqual(heat1);
  });

  it('answers 400 for malformed ids and heat numbers, 404 for heats 0 and 16', async () => {
    const call = api(t, owner);
    const { id } = await startProtocol(t, owner, ids['fx-live']!);
    for (const url of [
      '/api/matches/not-a-uuid',
      `/api/matches/${id}/heat/abc/save`,
      `/api/matches/${id}/heat/1.5/save`,
      `/api/matches/${id}/heat/-1/save`,
      '/api/matches/123/heat/1/save',
    ]) {
      const method = url.endsWith('/save') ? 'POST' : 'GET';
      const res = await call(method, url, method === 'POST' ? { rr: false } : undefined);
      expect(res.statusCode, url).toBe(400);
      expectErrorShape(res.json(), 400, 'VALIDATION_ERROR');
    }
    for (const n of [0, 16, 999]) {
      const res = await call('POST', `/api/matches/${id}/heat/${n}/save`, { results: [] });
      expect(res.statusCode, `heat ${n}`).toBe(404);
      expect(res.json()).toMatchObject({
        code: 'HEAT_NOT_FOUND',
        message: `Heat ${n} finns inte.`,
      });
    }
    expect((await call('GET', `/api/matches/${randomUUID()}`)).statusCode).toBe(404);
  });

  it('refuses unknown fields and wrong types with a Swedish message', async () => {
    const call = api(t, owner);
    const { id, heats } = await startProtocol(t, owner, ids['fx-played']!);
    const url = `/api/matches/${id}/heat/1/save`;
    const [first, ...rest] = byLane(heats[0]!);
    for (const body of [
      { results: byLane(heats[0]!), extra: 1 },
      { results: [{ ...first, position: 'ett' }, ...rest] },
      { results: [{ ...first, position: 5 }, ...rest] },
      { results: [{ ...first, status: 'fell' }, ...rest] },
      { results: [{ ...first, note: 'x' }, ...rest] },
      { results: 'alla' },
      { rr: 'ja' },
      { assignments: { '5': heats[0]!.riders['1']!.rider_id } },
      { assignments: { '1': 7 } },
    ]) {
      const res = await call('POST', url, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toMatch(/^Ogiltig indata \(body/);
    }
    const create = await call('POST', '/api/matches/from-official', {
      official_match_id: ids['fx-played'],
      home_team: 'X',
    });
    expect(create.statusCode).toBe(400);
    const malformed = await call('POST', '/api/matches/from-official', { official_match_id: 'x' });
    expect(malformed.json().message).toContain('Ogiltigt id för den officiella matchen.');
    expect((await getProtocol(t, owner, id)).completed_heats).toBe(0);
  });
});

describe('POST /api/matches/from-official', () => {
  it('creates a protocol: rulebook, line-up snapshot and the 15 heats of the programme', async () => {
    const { token, match } = await freshProtocol('skapar');
    expect(match).toMatchObject({
      official_match_id: ids['fx-upcoming'],
      home_team: 'Hemmalaget',
      away_team: 'Bortalaget',
      home_team_short: 'HEM',
      away_team_short: 'BOR',
      venue: 'Hemmabanan',
      competition: 'Elitserien',
      round: 3,
      status: 'upcoming',
      home_score: 0,
      away_score: 0,
      completed_heats: 0,
      total_heats: 15,
      confirmed_at: null,
      meta: {
        rules: {
          rulebook: 'elitserien-klassisk',
          tactical: { enabled: true, start_heat: 5, end_heat: 14, min_deficit: 6 },
          nominated_heats: [15],
        },
      },
    });
    expect(match.date).toEqual(expect.any(String));
    expect(match.home_team_id).toEqual(expect.any(String));
    expect(match.heats.map((h) => h.heat_number)).toEqual(
      Array.from({ length: 15 }, (_, i) => i + 1),
    );
    expect(match.heats[10]!.riders['1']).toMatchObject({ lineup_no: 6, locked: true });
    expect(match.lineups.home).toHaveLength(7);
    const me = (await api(t, token)('GET', '/api/account/me')).json();
    expect(match.created_by).toBe(me.id);
  });

  it('gives back the unfinished protocol (200) instead of a second; a new one after confirming', async () => {
    const { token, match } = await freshProtocol('dubbel');
    const call = api(t, token);
    const body = { official_match_id: ids['fx-upcoming'] };
    const [a, b] = await Promise.all([
      call('POST', '/api/matches/from-official', body),
      call('POST', '/api/matches/from-official', body),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect([a.json().id, b.json().id]).toEqual([match.id, match.id]);
    expect((await call('GET', '/api/matches')).json()).toHaveLength(1);
  });

  it('refuses an unknown official match (404) and one without line-ups (409)', async () => {
    const call = api(t, owner);
    const unknown = await call('POST', '/api/matches/from-official', {
      official_match_id: randomUUID(),
    });
    expect(unknown.statusCode).toBe(404);
    const noLineups = await call('POST', '/api/matches/from-official', {
      official_match_id: ids['fx-no-lineups'],
    });
    expect(noLineups.statusCode).toBe(409);
    expect(noLineups.json()).toMatchObject({
      code: 'LINEUPS_MISSING',
      message: 'Laguppställningarna är inte publicerade ännu. Försök igen senare.',
    });
  });
});

describe('GET /api/matches', () => {
  it("lists the caller's own protocols only, newest first, with score and progress", async () => {
    const token = await userWithRole(t, 'lista@example.se', 'user');
    const first = await startProtocol(t, token, ids['fx-live']!);
    const second = await startProtocol(t, token, ids['fx-upcoming']!);
    await saveInLaneOrder(token, second, 2);
    const list = (await api(t, token)('GET', '/api/matches')).json() as MatchSummary[];
    expect(list.map((m) => m.id)).toEqual([second.id, first.id]);
    expect(list[0]).toMatchObject({
      home_score: 6,
      away_score: 6,
      completed_heats: 2,
      total_heats: 15,
      status: 'live',
    });
    expect(list[0]).not.toHaveProperty('heats');
    expect(list[1]).toMatchObject({ status: 'upcoming', home_team: 'Bortalaget' });
  });
});

describe('POST /api/matches/{id}/heat/{n}/save', () => {
  it('saves a heat: engine points and bonus (client points ignored), scores and status', async () => {
    const { token, match } = await freshProtocol('spara');
    const heat = match.heats[0]!;
    // Lane 1 and 3 are home (2 and 1), lanes 2 and 4 away: home 1st and 2nd → 5–1 with a bonus.
    const results = byLane(heat, [1, 3, 2, 4]).map((r) => ({ ...r, points: 6, bonus_points: 6 }));
    const res = await api(t, token)('POST', `/api/matches/${match.id}/heat/1/save`, { results });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      home_score: 5,
      away_score: 1,
      completed_heats: 1,
      status: 'live',
    });
    expect(body.heat).toMatchObject({ heat_number: 1, status: 'completed', rr: false });
    expect(
      body.heat.results.map((r: { points: number; bonus_points: number }) => [
        r.points,
        r.bonus_points,
      ]),
    ).toEqual([
      [3, 0],
      [1, 0],
      [2, 1],
      [0, 0],
    ]);
    const stored = await getProtocol(t, token, match.id);
    expect(stored.heats[0]).toEqual(body.heat);
    expect([stored.home_score, stored.away_score]).toEqual([5, 1]);

    // Editing a completed heat recomputes the score from all heats (never accumulates).
    const edit = await api(t, token)('POST', `/api/matches/${match.id}/heat/1/save`, {
      results: byLane(heat, [4, 1, 3, 2]),
    });
    expect(edit.json()).toMatchObject({ home_score: 1, away_score: 5 });
  });

  it('answers everything the device shows after a save: what a read of the protocol and the list then says', async () => {
    const { token, match } = await freshProtocol('svaret-racker');
    const call = api(t, token);
    for (const n of [1, 2]) {
      const heat = (await getProtocol(t, token, match.id)).heats[n - 1]!;
      const res = await call('POST', `/api/matches/${match.id}/heat/${n}/save`, {
        results: byLane(heat),
      });
      expect(res.statusCode, res.body).toBe(200);
      const reply = res.json();
      const stored = await getProtocol(t, token, match.id);
      const listed = (await call('GET', '/api/matches')).json<MatchSummary[]>();
      const fields = ['home_score', 'away_score', 'completed_heats', 'status', 'updated_at'];
      for (const seen of [stored, listed.find((m) => m.id === match.id)!]) {
        expect(Object.fromEntries(fields.map((f) => [f, seen[f as keyof MatchSummary]]))).toEqual(
          Object.fromEntries(fields.map((f) => [f, reply[f]])),
        );
      }
      expect(stored.heats[n - 1]).toEqual(reply.heat);
      expect(Date.parse(reply.updated_at)).toBeGreaterThan(Date.parse(match.updated_at));
    }
  });

  it('refuses what the engine refuses with its Swedish message, and stores nothing', async () => {
    const { token, match } = await freshProtocol('regler');
    const call = api(t, token);
    const url = (n: number) => `/api/matches/${match.id}/heat/${n}/save`;
    const heat1 = match.heats[0]!;
    const cases: [number, object, number, string, string][] = [
      [2, { results: byLane(match.heats[1]!) }, 409, 'HEAT_LOCKED', 'Fyll i Heat 1 först'],
      [
        1,
        { results: byLane(heat1, [1, 1, 2, 3]) },
        400,
        'INVALID_PLACEMENTS',
        'Fyll i unika placeringar 1–4 för alla som inte är uteslutna.',
      ],
      [
        1,
        { results: byLane(heat1).slice(0, 3) },
        400,
        'INVALID_PLACEMENTS',
        'Fyll i unika placeringar 1–4 för alla som inte är uteslutna.',
      ],
      [1, {}, 400, 'NO_CHANGES', 'Inga ändringar att spara.'],
      [
        1,
        { assignments: { '1': match.lineups.home[4]!.rider_id }, results: byLane(heat1) },
        409,
        'TACTICAL_NOT_ALLOWED',
        'Taktisk reserv får bara användas i heat 5–14.',
      ],
      [
        1,
        { assignments: { '1': match.lineups.away[0]!.rider_id } },
        400,
        'WRONG_TEAM',
        'Platsen måste köras av en förare från samma lag.',
      ],
      [
        1,
        { assignments: { '1': heat1.riders['3']!.rider_id }, rr: true },
        400,
        'RIDER_ALREADY_IN_HEAT',
        'Du kan inte välja föraren som redan kör detta heat för samma lag.',
      ],
      [
        1,
        { assignments: { '1': randomUUID() } },
        400,
        'UNKNOWN_RIDER',
        'Föraren finns inte i laguppställningen.',
      ],
    ];
    for (const [n, body, status, code, message] of cases) {
      const res = await call('POST', url(n), body);
      expect(res.statusCode, code).toBe(status);
      expectErrorShape(res.json(), status, code);
      expect(res.json().message).toBe(message);
    }
    const stored = await getProtocol(t, token, match.id);
    expect(stored.heats).toEqual(match.heats);
    expect([stored.home_score, stored.away_score, stored.completed_heats]).toEqual([0, 0, 0]);
  });

  it('locks reserve-heat lanes except with manual unlock (R/R)', async () => {
    const { token, match } = await freshProtocol('reserv');
    const played = await saveInLaneOrder(token, match, 10);
    const heat11 = played.heats[10]!;
    const mainRider = played.lineups.home[0]!.rider_id;
    const call = api(t, token);
    const locked = await call('POST', `/api/matches/${match.id}/heat/11/save`, {
      assignments: { '1': mainRider },
    });
    expect(locked.statusCode).toBe(409);
    expect(locked.json()).toMatchObject({
      code: 'LANE_LOCKED',
      message: 'Den här platsen är låst för reservernas schemalagda heat.',
    });
    const lane1Team = heat11.riders['1']!.team;
    const replacement = played.lineups[lane1Team].find(
      (r) => !Object.values(heat11.riders).some((x) => x?.rider_id === r.rider_id),
    )!;
    const rr = await call('POST', `/api/matches/${match.id}/heat/11/save`, {
      assignments: { '1': replacement.rider_id },
      results: byLane({
        ...heat11,
        riders: {
          ...heat11.riders,
          '1': { ...heat11.riders['1']!, rider_id: replacement.rider_id },
        },
      }),
      rr: true,
    });
    expect(rr.statusCode, rr.body).toBe(200);
    expect(rr.json().heat).toMatchObject({
      rr: true,
      riders: { '1': { rider_id: replacement.rider_id, replaces: heat11.riders['1']!.lineup_no } },
    });
  });
});

describe('PUT /api/matches/{id}/nominations', () => {
  it('unlocks after heat 14, checks the candidates, then opens heat 15', async () => {
    const { token, match } = await freshProtocol('nominera');
    const call = api(t, token);
    const url = `/api/matches/${match.id}/nominations`;
    const h = (no: number) => match.lineups.home.find((r) => r.lineup_no === no)!.rider_id;
    const a = (no: number) => match.lineups.away.find((r) => r.lineup_no === no)!.rider_id;
    const heat15 = (home: [string, string], away: [string, string]) => ({
      heat15: {
        assignments: { '1': home[0], '2': away[0], '3': home[1], '4': away[1] },
        home_gates: '1-3',
        home,
        away,
      },
    });

    const early = await call('PUT', url, heat15([h(1), h(2)], [a(1), a(2)]));
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({
      code: 'NOMINATION_LOCKED',
      message: 'Nominering låses upp efter heat 14',
    });
    const beforeNomination = await saveInLaneOrder(token, match, 14);
    const save15 = await call('POST', `/api/matches/${match.id}/heat/15/save`, { results: [] });
    expect(save15.json()).toMatchObject({
      code: 'NOMINATION_REQUIRED',
      message: 'Nominera heat 15 för att låsa upp registrering',
    });

    for (const [body, status, code] of [
      [{}, 400, 'VALIDATION_ERROR'],
      [{ heat15: { assignments: {}, home_gates: '1-2' } }, 400, 'VALIDATION_ERROR'],
      [{ heat15: { assignments: {}, home_gates: '1-3', extra: true } }, 400, 'VALIDATION_ERROR'],
      [{ heat14: heat15([h(1), h(2)], [a(1), a(2)]).heat15 }, 400, 'NOT_NOMINATED_HEAT'],
      [{ heat15: { assignments: { '1': h(1) }, home_gates: '1-3' } }, 400, 'NOMINATION_INCOMPLETE'],
      [heat15([h(6), h(1)], [a(1), a(2)]), 400, 'NOT_ELIGIBLE'],
    ] as const) {
      const res = await call('PUT', url, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().code).toBe(code);
    }
    // In lane order every heat went 1-2-3-4; the best main riders by points + bonus are eligible.
    const candidates = (side: 'home' | 'away') => {
      const totals = new Map<string, number>();
      for (const heat of beforeNomination.heats) {
        for (const r of heat.results)
          totals.set(r.rider_id, (totals.get(r.rider_id) ?? 0) + r.points + r.bonus_points);
      }
      return beforeNomination.lineups[side]
        .filter((r) => r.lineup_no <= 5)
        .sort((x, y) => (totals.get(y.rider_id) ?? 0) - (totals.get(x.rider_id) ?? 0))
        .map((r) => r.rider_id);
    };
    const [h1, h2] = candidates('home');
    const [a1, a2] = candidates('away');
    const ok = await call('PUT', url, heat15([h1!, h2!], [a1!, a2!]));
    expect(ok.statusCode, ok.body).toBe(200);
    const nominated = (ok.json() as Match).heats[14]!;
    expect(nominated.riders).toMatchObject({
      '1': { rider_id: h1, helmet_color: 'röd' },
      '2': { rider_id: a1, helmet_color: 'vit' },
      '3': { rider_id: h2, helmet_color: 'blå' },
      '4': { rider_id: a2, helmet_color: 'gul' },
    });
    const saved = await call('POST', `/api/matches/${match.id}/heat/15/save`, {
      results: byLane(nominated),
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ completed_heats: 15, status: 'completed' });
    const again = await call('PUT', url, heat15([h1!, h2!], [a1!, a2!]));
    expect(again.json().code).toBe('HEAT_HAS_RESULTS');
  });

  it('takes heat14 and heat15 together for elitserien-2019, all or nothing', async () => {
    const doc = syntheticKlassisk();
    const rulebook2019 = {
      ...doc,
      matches: [
        {
          ...doc.matches[0]!,
          external_id: 'fx-2019',
          rulebook: 'elitserien-2019',
          result: undefined,
        },
      ],
    };
    await importDoc(t, rulebook2019);
    const official = (await officialIds(t))['fx-2019']!;
    const token = await userWithRole(t, 'format2019@example.se', 'user');
    const match = await startProtocol(t, token, official);
    expect(match.meta.rules).toMatchObject({
      rulebook: 'elitserien-2019',
      nominated_heats: [14, 15],
      tactical: { end_heat: 13 },
    });
    await saveInLaneOrder(token, match, 13);
    const h = (no: number) => match.lineups.home.find((r) => r.lineup_no === no)!.rider_id;
    const a = (no: number) => match.lineups.away.find((r) => r.lineup_no === no)!.rider_id;
    const call = api(t, token);
    const url = `/api/matches/${match.id}/nominations`;
    const heat14 = {
      assignments: { '1': a(6), '2': h(6), '3': a(7), '4': h(7) },
      home_gates: '2-4',
    };
    const heat15 = {
      assignments: { '1': h(1), '2': a(1), '3': h(2), '4': a(2) },
      home_gates: '1-3',
    };
    // Heat 15 waits for heat 14's result: the pair is refused and heat 14 is not stored either.
    const both = await call('PUT', url, { heat14, heat15 });
    expect(both.json()).toMatchObject({
      code: 'NOMINATION_LOCKED',
      message: 'Nominering låses upp efter heat 14',
    });
    expect((await getProtocol(t, token, match.id)).heats[13]!.riders).toEqual({});
    const first = await call('PUT', url, { heat14 });
    expect(first.statusCode, first.body).toBe(200);
    const nominated14 = (first.json() as Match).heats[13]!;
    expect(nominated14.riders['2']).toMatchObject({ lineup_no: 6, helmet_color: 'röd' });
    await call('POST', `/api/matches/${match.id}/heat/14/save`, { results: byLane(nominated14) });
    const second = await call('PUT', url, { heat15 });
    expect(second.statusCode, second.body).toBe(200);
  });
});

describe('PUT /api/matches/{id}/confirm and DELETE /api/matches/{id}', () => {
  it('confirms only a complete protocol; a confirmed protocol can no longer change', async () => {
    const { token, match } = await freshProtocol('bekrafta');
    const call = api(t, token);
    const early = await call('PUT', `/api/matches/${match.id}/confirm`, {});
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({
      code: 'PROTOCOL_INCOMPLETE',
      message:
        'Protokollet kan inte sparas ännu. Heat 1 är inte registrerat. 0 av 15 heat är klara.',
    });

    const synthetic = syntheticKlassisk().matches[0]!;
    let current = match;
    for (const heat of synthetic.result.heats)
      current = (await registerHeat(t, token, current, heat)).match;
    const confirmed = await call('PUT', `/api/matches/${match.id}/confirm`);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ status: 'confirmed', home_score: 46, away_score: 44 });
    expect(confirmed.json().confirmed_at).toEqual(expect.any(String));
    expect((await call('PUT', `/api/matches/${match.id}/confirm`, {})).statusCode).toBe(200);

    const edit = await call('POST', `/api/matches/${match.id}/heat/1/save`, {
      results: byLane(current.heats[0]!, [4, 3, 2, 1]),
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().code).toBe('PROTOCOL_CONFIRMED');

    // The next protocol of the same official match is a new one.
    const next = await call('POST', '/api/matches/from-official', {
      official_match_id: ids['fx-upcoming'],
    });
    expect(next.statusCode).toBe(201);
    expect(next.json().id).not.toBe(match.id);
  });

  it("deletes the caller's protocol with or without an empty JSON body", async () => {
    const { token, match } = await freshProtocol('radera');
    const call = api(t, token);
    expect((await call('DELETE', `/api/matches/${match.id}`, { reason: 'x' })).statusCode).toBe(
      400,
    );
    const res = await call('DELETE', `/api/matches/${match.id}`, {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Match borttagen' });
    expect((await call('DELETE', `/api/matches/${match.id}`)).statusCode).toBe(404);
    expect((await call('GET', `/api/matches/${match.id}`)).statusCode).toBe(404);
    const second = await startProtocol(t, token, ids['fx-live']!);
    const bare = await t.request({ method: 'DELETE', url: `/api/matches/${second.id}`, token });
    expect(bare.statusCode).toBe(200);
  });
});

describe('GET /api/matches/{id} from the reply cache', () => {
  it('answers exactly the Match schema, compressed or not, and a change at once', async () => {
    const { token, match } = await freshProtocol('cache');
    const get = (encoding?: string) =>
      t.request({
        method: 'GET',
        url: `/api/matches/${match.id}`,
        token,
        ...(encoding ? { headers: { 'accept-encoding': encoding } } : {}),
      });
    const plain = (await get()).json();
    expect(plain).toEqual(MatchSchema.parse(plain));
    for (let i = 0; i < 2; i++) {
      const res = await get('br');
      expect(res.headers['content-encoding']).toBe('br');
      expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString('utf8'))).toEqual(plain);
    }
    const heat = match.heats[0]!;
    const saved = await api(t, token)('POST', `/api/matches/${match.id}/heat/1/save`, {
      results: byLane(heat, [1, 2, 3, 4]),
    });
    expect(saved.statusCode).toBe(200);
    const after = JSON.parse(brotliDecompressSync((await get('br')).rawPayload).toString('utf8'));
    expect(after.heats[0]).toEqual(saved.json().heat);
    expect(after).toEqual((await get()).json());
    // Another user's protocol stays 404, cached or not.
    const other = await userWithRole(t, 'annan-cache@example.se', 'user');
    const res = await t.request({
      method: 'GET',
      url: `/api/matches/${match.id}`,
      token: other,
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(404);
  });
});
