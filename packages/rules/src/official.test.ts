import { describe, expect, it } from 'vitest';
import { heatOf } from './match';
import { officialToHeats, type OfficialHeat, type OfficialHeatRider } from './official';
import { expectError, expectOk, lineups } from './test-support/fixtures';

const rider = (
  gate: number,
  team: 'H' | 'A',
  no: number,
  position: number,
  extra: Partial<OfficialHeatRider> = {},
) =>
  ({
    gate,
    team,
    no,
    position,
    status: position === 0 ? 'excluded' : 'completed',
    ...extra,
  }) as OfficialHeatRider;

// Classic heat 1 is programmed H2 A1 H1 A2.
const heat1: OfficialHeat = {
  heat: 1,
  riders: [
    rider(1, 'H', 2, 3, { helmet: 'blå' }),
    rider(2, 'A', 1, 1),
    rider(3, 'H', 1, 0, { code: 'X' }),
    rider(4, 'A', 4, 2, { replaces: 2, code: 'RR' }),
  ],
  heat_score: [1, 5],
};

describe('officialToHeats', () => {
  it('builds the 15 heats with who actually rode, replacements and results', () => {
    const { heats } = expectOk(
      officialToHeats('elitserien-klassisk', lineups(), { heats: [heat1] }),
    );
    expect(heats).toHaveLength(15);
    const h = heatOf({ heats }, 1)!;
    expect(h.status).toBe('completed');
    expect(h.rr).toBe(true);
    expect(h.tactical).toBe(false);
    expect(h.riders['4']).toEqual({
      rider_id: 'a4',
      name: 'Kim Lund',
      team: 'away',
      lineup_no: 4,
      helmet_color: 'gul',
      locked: false,
      replaces: 2,
    });
    expect(h.riders['2']).not.toHaveProperty('replaces');
    expect(
      h.results.map((r) => [r.rider_id, r.position, r.status, r.points, r.bonus_points]),
    ).toEqual([
      ['h2', 3, 'completed', 1, 0],
      ['a1', 1, 'completed', 3, 0],
      ['h1', 0, 'excluded', 0, 0],
      ['a4', 2, 'completed', 2, 1],
    ]);
    expect(heatOf({ heats }, 2)!.status).toBe('upcoming');
  });

  it("keeps the source's codes on the results, but not OK, which says nothing more", () => {
    const withOk: OfficialHeat = {
      ...heat1,
      riders: heat1.riders.map((r) => (r.gate === 2 ? { ...r, code: 'OK' as const } : r)),
    };
    const { heats } = expectOk(
      officialToHeats('elitserien-klassisk', lineups(), { heats: [withOk] }),
    );
    expect(heatOf({ heats }, 1)!.results.map((r) => [r.rider_id, r.code])).toEqual([
      ['h2', undefined],
      ['a1', undefined],
      ['h1', 'X'],
      ['a4', 'RR'],
    ]);
    expect(heatOf({ heats }, 1)!.results[1]).not.toHaveProperty('code');
  });

  it("takes missing helmets from the programme, or for a nominated heat from the spec's gate mapping", () => {
    const heat15: OfficialHeat = {
      heat: 15,
      riders: [rider(1, 'A', 1, 1), rider(2, 'H', 1, 2), rider(3, 'A', 2, 3), rider(4, 'H', 2, 4)],
    };
    const heat2: OfficialHeat = {
      heat: 2,
      riders: [
        rider(1, 'A', 7, 1),
        rider(2, 'H', 6, 2),
        rider(3, 'A', 6, 3),
        rider(4, 'H', 7, 4, { replaces: 7 }),
      ],
    };
    const { heats } = expectOk(
      officialToHeats('elitserien-klassisk', lineups(), { heats: [heat15, heat2] }),
    );
    const h15 = heatOf({ heats }, 15)!;
    expect(['1', '2', '3', '4'].map((lane) => h15.riders[lane as '1']?.helmet_color)).toEqual([
      'vit',
      'röd',
      'gul',
      'blå',
    ]);
    const h2 = heatOf({ heats }, 2)!;
    expect(['1', '2', '3', '4'].map((lane) => h2.riders[lane as '1']?.helmet_color)).toEqual([
      'gul',
      'röd',
      'vit',
      'blå',
    ]);
    expect(h2.riders['1']?.locked).toBe(true);
    expect(h2.rr).toBe(false);
  });

  it('gives the programmed heats when there are no official heats', () => {
    const { heats } = expectOk(officialToHeats('elitserien-2019', lineups(), {}));
    expect(heats.every((h) => h.results.length === 0)).toBe(true);
  });

  it.each([
    [
      'a heat outside the programme',
      { heat: 16, riders: heat1.riders },
      'Heat 16: heatet finns inte i programmet.',
    ],
    [
      'a gate outside 1–4',
      { heat: 1, riders: [...heat1.riders.slice(0, 3), rider(5, 'A', 2, 4)] },
      'Heat 1: ogiltigt startspår (5).',
    ],
    [
      'an unknown rider number',
      { heat: 1, riders: [...heat1.riders.slice(0, 3), rider(4, 'A', 9, 4)] },
      'Heat 1: okänd förare (A 9).',
    ],
    [
      'a shared position',
      { heat: 1, riders: [...heat1.riders.slice(0, 3), rider(4, 'A', 2, 1)] },
      'Heat 1: Fyll i unika placeringar 1–4 för alla som inte är uteslutna.',
    ],
    [
      'three riders',
      { heat: 1, riders: heat1.riders.slice(0, 3) },
      'Heat 1: Alla fyra startspår måste fyllas.',
    ],
    [
      'a heat score that disagrees',
      { ...heat1, heat_score: [2, 4] },
      'Heat 1: heat_score stämmer inte med placeringarna.',
    ],
    [
      'an away score that disagrees',
      { ...heat1, heat_score: [1, 4] },
      'Heat 1: heat_score stämmer inte med placeringarna.',
    ],
  ])('refuses %s', (_, heat, message) => {
    expect(
      expectError(
        officialToHeats('elitserien-klassisk', lineups(), { heats: [heat as OfficialHeat] }),
      ),
    ).toEqual({
      code: 'INVALID_OFFICIAL_RESULT',
      message,
      status: 400,
    });
  });
});
