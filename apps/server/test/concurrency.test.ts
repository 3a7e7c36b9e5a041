import type { HeatSaveResponse, Match } from '@speedway/contracts';
import type { Heat } from '@speedway/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureSeason, importDoc, officialIds, userWithRole } from './official-data';
import { api, getProtocol, startProtocol } from './protocol-api';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;
let ids: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  await importDoc(t, fixtureSeason());
  ids = await officialIds(t);
});
afterAll(() => t.close());

const PERMUTATIONS = [
  [1, 2, 3, 4],
  [4, 3, 2, 1],
  [2, 1, 4, 3],
  [3, 4, 1, 2],
  [1, 3, 2, 4],
  [2, 4, 1, 3],
  [0, 1, 2, 3],
  [3, 0, 1, 2],
];

function results(heat: Pick<Heat, 'riders'>, positions: number[]) {
  return (['1', '2', '3', '4'] as const).map((lane, i) => ({
    rider_id: heat.riders[lane]!.rider_id,
    position: positions[i]!,
    status: positions[i] === 0 ? 'excluded' : 'completed',
  }));
}

/** The stored protocol agrees with itself: scores are the sum of the stored heats' points. */
function expectConsistent(match: Match) {
  let home = 0;
  let away = 0;
  for (const heat of match.heats) {
    const lanes = Object.values(heat.riders);
    for (const result of heat.results) {
      const rider = lanes.find((r) => r?.rider_id === result.rider_id);
      expect(rider, `heat ${heat.heat_number}: result of a rider not in the heat`).toBeDefined();
      if (rider!.team === 'home') home += result.points;
      else away += result.points;
    }
  }
  expect([match.home_score, match.away_score]).toEqual([home, away]);
}

async function protocol(label: string) {
  const token = await userWithRole(t, `${label}@example.se`, 'user');
  return { token, match: await startProtocol(t, token, ids['fx-upcoming']!) };
}

describe('saves of one heat from two devices at the same time', () => {
  it('leave one of the two whole heats, never a mix, and consistent scores', async () => {
    const { token, match } = await protocol('tva-enheter');
    const call = api(t, token);
    const heat = match.heats[0]!;
    for (let round = 0; round < PERMUTATIONS.length; round += 2) {
      const [a, b] = await Promise.all(
        [PERMUTATIONS[round]!, PERMUTATIONS[round + 1]!].map((positions) =>
          call('POST', `/api/matches/${match.id}/heat/1/save`, {
            results: results(heat, positions),
          }),
        ),
      );
      const succeeded = [a!, b!].filter((r) => r.statusCode === 200);
      expect(succeeded.length, `round ${round}`).toBeGreaterThan(0);
      const stored = await getProtocol(t, token, match.id);
      const winners = succeeded.map((r) => (r.json() as HeatSaveResponse).heat);
      expect(winners).toContainEqual(stored.heats[0]);
      expectConsistent(stored);
    }
  });

  it('keep riders and results together when one device swaps riders (R/R) and the other does not', async () => {
    const { token, match } = await protocol('byte-och-resultat');
    const call = api(t, token);
    const heat = match.heats[0]!;
    const reserve = match.lineups.home.find((r) => r.lineup_no === 6)!;
    const swapped = {
      riders: { ...heat.riders, '1': { ...heat.riders['1']!, rider_id: reserve.rider_id } },
    };
    const responses = await Promise.all([
      call('POST', `/api/matches/${match.id}/heat/1/save`, {
        assignments: { '1': reserve.rider_id },
        results: results(swapped, [1, 2, 3, 4]),
        rr: true,
      }),
      call('POST', `/api/matches/${match.id}/heat/1/save`, {
        results: results(heat, [4, 3, 2, 1]),
      }),
    ]);
    const succeeded = responses.filter((r) => r.statusCode === 200);
    // The other save either applied on top (and then fit the heat) or was refused whole.
    for (const refused of responses.filter((r) => r.statusCode !== 200)) {
      expect(refused.statusCode).toBe(400);
      expect(refused.json().code).toBe('INVALID_RESULTS');
    }
    const stored = await getProtocol(t, token, match.id);
    expect(succeeded.map((r) => (r.json() as HeatSaveResponse).heat)).toContainEqual(
      stored.heats[0],
    );
    expectConsistent(stored);
  });

  it('serialise a burst of saves: the stored heat is one of the acknowledged ones', async () => {
    const { token, match } = await protocol('skur');
    const call = api(t, token);
    const heat = match.heats[0]!;
    const responses = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        call('POST', `/api/matches/${match.id}/heat/1/save`, {
          results: results(heat, PERMUTATIONS[i % PERMUTATIONS.length]!),
        }),
      ),
    );
    // Identical saves that land after their twin have nothing to change; nothing else fails.
    for (const res of responses.filter((r) => r.statusCode !== 200)) {
      expect(res.json().code).toBe('NO_CHANGES');
    }
    const stored = await getProtocol(t, token, match.id);
    expect(responses.filter((r) => r.statusCode === 200).map((r) => r.json().heat)).toContainEqual(
      stored.heats[0],
    );
    expectConsistent(stored);
  });
});

describe('saves of different heats at the same time', () => {
  it('keep the match score equal to the sum of all stored heats', async () => {
    const { token, match } = await protocol('olika-heat');
    const call = api(t, token);
    const [heat1, heat2] = match.heats;
    for (const [n, heat] of [
      [1, heat1!],
      [2, heat2!],
    ] as const) {
      await call('POST', `/api/matches/${match.id}/heat/${n}/save`, {
        results: results(heat, [1, 2, 3, 4]),
      });
    }
    await Promise.all(
      Array.from({ length: 16 }, (_, i) => {
        const [n, heat] = i % 2 === 0 ? [1, heat1!] : [2, heat2!];
        return call('POST', `/api/matches/${match.id}/heat/${n}/save`, {
          results: results(heat, PERMUTATIONS[(i >> 1) % PERMUTATIONS.length]!),
        });
      }),
    );
    const stored = await getProtocol(t, token, match.id);
    expect(stored.completed_heats).toBe(2);
    expectConsistent(stored);
  });
});

describe('creating a protocol twice at the same time', () => {
  it('creates one (201) and gives it back to the other request (200)', async () => {
    const token = await userWithRole(t, 'dubbelklick@example.se', 'user');
    const call = api(t, token);
    const body = { official_match_id: ids['fx-live'] };
    const responses = await Promise.all(
      Array.from({ length: 4 }, () => call('POST', '/api/matches/from-official', body)),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 201]);
    expect(new Set(responses.map((r) => r.json().id)).size).toBe(1);
    expect((await call('GET', '/api/matches')).json()).toHaveLength(1);
  });
});
