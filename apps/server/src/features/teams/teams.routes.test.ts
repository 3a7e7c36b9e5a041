import { randomUUID } from 'node:crypto';
import { brotliDecompressSync } from 'node:zlib';
import { TeamListSchema, type Team, type TeamRiders } from '@speedway/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fixtureSeason,
  importDoc,
  kumlaVastervik,
  officialIds,
  resultDoc,
  syntheticKlassisk,
  userWithRole,
} from '../../../test/official-data';
import { api, startProtocol } from '../../../test/protocol-api';
import { createTestApp, startSecondInstance, type TestApp } from '../../../test/test-app';
import { expectErrorShape } from '../../../test/users';
import { teamsInTableOrder } from './teams.service';

let t: TestApp;
let ids: Record<string, string>;
let token: string;
let teams: Team[];
beforeAll(async () => {
  t = await createTestApp();
  await importDoc(t, fixtureSeason());
  await importDoc(t, kumlaVastervik());
  ids = await officialIds(t);
  token = await userWithRole(t, 'lag@example.se', 'user');
  teams = (await api(t, token)('GET', '/api/teams')).json();
});
afterAll(() => t.close());

const team = (slug: string) => teams.find((x) => x.slug === slug)!;
const names = (riders: TeamRiders['mains']) => riders.map((r) => `${r.lineup_no}:${r.name}`);

describe('GET /api/teams', () => {
  it('needs a session', async () => {
    const res = await api(t, undefined)('GET', '/api/teams');
    expect(res.statusCode).toBe(401);
    expectErrorShape(res.json(), 401, 'UNAUTHORIZED');
  });

  it('gives every team in table order with standings from the official results', () => {
    expect(teams.map((x) => x.slug)).toEqual(['vastervik', 'hemma', 'borta', 'indianerna']);
    expect(team('vastervik')).toMatchObject({
      name: 'Västervik Speedway',
      city: 'Västervik',
      short: 'VÄS',
      arena: 'Ljungheden',
      rank: 1,
      matches_played: 1,
      wins: 1,
      points: 2,
      heat_points_for: 53,
      heat_points_against: 37,
      form: ['V'],
    });
    expect(team('hemma')).toMatchObject({ matches_played: 1, points: 2, heat_point_difference: 2 });
    expect(team('borta')).toMatchObject({ matches_played: 1, points: 0, losses: 1, form: ['F'] });
  });

  it('lists each squad by the latest line-up, numbered and marked main or reserve', () => {
    const squad = team('indianerna').riders;
    expect(squad).toHaveLength(7);
    expect(squad[0]).toMatchObject({ lineup_no: 1, name: 'Tai Woffinden', is_reserve: false });
    expect(squad[6]).toMatchObject({ lineup_no: 7, is_reserve: true });
  });
});

describe('GET /api/teams/{id}/riders', () => {
  it('gives mains (1–5) and reserves (6–7) of the squad', async () => {
    const res = await api(t, token)('GET', `/api/teams/${team('hemma').id}/riders`);
    expect(res.statusCode).toBe(200);
    const riders = res.json() as TeamRiders;
    expect(names(riders.mains)).toEqual([
      '1:Alva Ek',
      '2:Bo Lind',
      '3:Cilla Ström',
      '4:Dan Berg',
      '5:Eva Holm',
    ]);
    expect(names(riders.reserves)).toEqual(['6:Frej Dahl', '7:Gun Sjö']);
    expect(riders.reserves.every((r) => r.is_reserve)).toBe(true);
  });

  it("with ?match_id gives that match's line-up: an official match or the caller's protocol", async () => {
    const hemma = team('hemma').id;
    const official = await api(t, token)(
      'GET',
      `/api/teams/${hemma}/riders?match_id=${ids['fx-live']}`,
    );
    expect(official.statusCode).toBe(200);
    expect(official.json().mains).toHaveLength(5);

    const protocol = await startProtocol(t, token, ids['fx-upcoming']!);
    const own = await api(t, token)('GET', `/api/teams/${hemma}/riders?match_id=${protocol.id}`);
    expect(own.json().mains.map((r: { id: string }) => r.id)).toEqual(
      protocol.lineups.home.slice(0, 5).map((r) => r.rider_id),
    );

    // Someone else's protocol is not found; neither is a team that does not ride the match.
    const stranger = await userWithRole(t, 'annan-lag@example.se', 'user');
    const hidden = await api(t, stranger)(
      'GET',
      `/api/teams/${hemma}/riders?match_id=${protocol.id}`,
    );
    expect(hidden.statusCode).toBe(404);
    const notInMatch = await api(t, token)(
      'GET',
      `/api/teams/${team('indianerna').id}/riders?match_id=${ids['fx-live']}`,
    );
    expect(notInMatch.statusCode).toBe(404);
    expect(notInMatch.json().message).toBe('Laget spelar inte i matchen.');
  });

  it('answers 404 for an unknown team, 400 for malformed ids and unknown query fields', async () => {
    const call = api(t, token);
    expect((await call('GET', `/api/teams/${randomUUID()}/riders`)).json()).toMatchObject({
      statusCode: 404,
      message: 'Laget finns inte.',
    });
    expect((await call('GET', '/api/teams/abc/riders')).statusCode).toBe(400);
    const id = team('hemma').id;
    expect((await call('GET', `/api/teams/${id}/riders?match_id=7`)).statusCode).toBe(400);
    expect((await call('GET', `/api/teams/${id}/riders?team=1`)).statusCode).toBe(400);
  });
});

describe('GET /api/teams from the per-instance cache', () => {
  it('answers what a fresh read gives, compressed or not, in the documented shape', async () => {
    const plain = await api(t, token)('GET', '/api/teams');
    expect(plain.json()).toEqual(TeamListSchema.parse(plain.json()));
    expect(plain.json()).toEqual(JSON.parse(JSON.stringify(await teamsInTableOrder(t.db))));
    for (let i = 0; i < 2; i++) {
      const res = await t.request({
        method: 'GET',
        url: '/api/teams',
        token,
        headers: { 'accept-encoding': 'br' },
      });
      expect(res.headers['content-encoding']).toBe('br');
      expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString('utf8'))).toEqual(
        plain.json(),
      );
    }
  });

  it('shows a new official result at once on every instance, whoever imported it', async () => {
    const other = await startSecondInstance(t);
    try {
      const hemma = async (app: TestApp) =>
        ((await api(app, token)('GET', '/api/teams')).json() as Team[]).find(
          (x) => x.slug === 'hemma',
        )!;
      for (const app of [t, other]) expect((await hemma(app)).matches_played).toBe(1);
      // The live match (borta at home to hemma) gets its result, outside both apps (as the CLI).
      await importDoc(t, resultDoc('fx-live', syntheticKlassisk().matches[0]!.result));
      for (const app of [t, other]) {
        const row = await hemma(app);
        expect(row.matches_played).toBe(2);
        expect(row).toEqual((await teamsInTableOrder(t.db)).find((x) => x.slug === 'hemma'));
      }
    } finally {
      await other.close();
    }
  });
});
