import { describe, expect, it } from 'vitest';
import {
  checkResults,
  emptyHeat,
  isHeatComplete,
  laneSlot,
  sameResults,
  toLaneRider,
} from './heat';
import { getRulebook } from './rulebooks';
import { byLane, heat, lineups, newMatch, nominate, play } from './test-support/fixtures';
import type { Heat, ResultInput } from './types';

const PLACEMENTS = {
  code: 'INVALID_PLACEMENTS',
  message: 'Fyll i unika placeringar 1–4 för alla som inte är uteslutna.',
  status: 400,
};
const MISMATCH = {
  code: 'INVALID_RESULTS',
  message: 'Varje förare i heatet ska ha exakt ett resultat.',
  status: 400,
};

describe('checkResults (completeness)', () => {
  const h = heat(newMatch(), 1);
  const result = (rider_id: string, position: number, status = 'completed'): ResultInput =>
    ({ rider_id, position, status }) as ResultInput;

  const firstThree = byLane(h, [1, 2, 3, 4]).slice(0, 3);

  it.each([
    ['four finishers', byLane(h, [1, 2, 3, 4]), null],
    ['one excluded', byLane(h, [1, 0, 2, 3]), null],
    ['a gap behind an exclusion (last rider stopped)', byLane(h, [1, 0, 2, 4]), null],
    ['everyone excluded', byLane(h, [0, 0, 0, 0]), null],
    ['an excluded rider with a stale position', [...firstThree, result('a2', 3, 'excluded')], null],
    ['a shared position', byLane(h, [1, 1, 3, 4]), PLACEMENTS],
    ['a completed rider without position', [...firstThree, result('a2', 0)], PLACEMENTS],
    ['position 5', byLane(h, [1, 2, 3, 5]), PLACEMENTS],
    ['a fractional position', byLane(h, [1, 2, 3, 2.5]), PLACEMENTS],
    ['a missing result', firstThree, PLACEMENTS],
    ['no results at all', [], PLACEMENTS],
    ['a rider with two results', [...byLane(h, [1, 2, 3, 4]), result('h1', 1)], MISMATCH],
    ['a result for a rider not in the heat', [...firstThree, result('a7', 4)], MISMATCH],
  ])('%s', (_, results, error) => {
    expect(checkResults(h.riders, results)).toEqual(error && { ok: false, error });
  });

  it('needs all four lanes ridden', () => {
    const partial = heat(newMatch(), 1).riders;
    delete partial['4'];
    expect(checkResults(partial, byLane(heat(newMatch(), 1), [1, 2, 3, 4]).slice(0, 3))).toEqual({
      ok: false,
      error: { code: 'INCOMPLETE_HEAT', message: 'Alla fyra startspår måste fyllas.', status: 400 },
    });
  });

  it('calls a heat complete only with complete results', () => {
    const ridden: Heat = {
      ...h,
      results: byLane(h, [1, 2, 3, 4]).map((r) => ({ ...r, points: 0, bonus_points: 0 })),
    };
    expect(isHeatComplete(ridden)).toBe(true);
    expect(isHeatComplete(h)).toBe(false);
  });
});

describe('sameResults', () => {
  const h = heat(newMatch(), 1);
  it('compares riders, positions and statuses in any order', () => {
    expect(sameResults(byLane(h, [1, 2, 3, 4]), [...byLane(h, [1, 2, 3, 4])].reverse())).toBe(true);
    expect(sameResults(byLane(h, [1, 2, 3, 4]), byLane(h, [2, 1, 3, 4]))).toBe(false);
    expect(sameResults(byLane(h, [1, 2, 3, 4]), byLane(h, [1, 2, 3, 0]))).toBe(false);
    expect(sameResults(byLane(h, [1, 2, 3, 4]), byLane(h, [1, 2, 3, 4]).slice(1))).toBe(false);
  });
});

describe('lane slots', () => {
  it('takes a programmed lane from the programme, locked in reserve heats', () => {
    const match = newMatch();
    const rulebook = getRulebook('elitserien-klassisk');
    expect(laneSlot(rulebook, heat(match, 1), '1')).toEqual({
      team: 'home',
      lineup_no: 2,
      helmet_color: 'blå',
      locked: false,
    });
    expect(laneSlot(rulebook, heat(match, 11), '2')).toEqual({
      team: 'away',
      lineup_no: 6,
      helmet_color: 'vit',
      locked: true,
    });
    // Reserves riding outside the reserve heats are not locked.
    expect(laneSlot(rulebook, heat(match, 4), '3')?.locked).toBe(false);
  });

  it('takes a nominated lane from its nomination, and has none before it', () => {
    const match = play(newMatch(), 14);
    const rulebook = getRulebook('elitserien-klassisk');
    expect(laneSlot(rulebook, heat(match, 15), '1')).toBeUndefined();
    const nominated = nominate(match, 15, '2-4');
    const rider = heat(nominated, 15).riders['2']!;
    expect(laneSlot(rulebook, heat(nominated, 15), '2')).toEqual({
      team: 'home',
      lineup_no: rider.lineup_no,
      helmet_color: 'röd',
      locked: false,
    });
    const swapped = {
      ...heat(nominated, 15),
      riders: { '2': { ...rider, lineup_no: 6, replaces: 3 } },
    };
    expect(laneSlot(rulebook, swapped, '2')?.lineup_no).toBe(3);
  });

  it('marks who a rider replaces', () => {
    const [, second] = lineups().home;
    const slot = { team: 'home', lineup_no: 6, helmet_color: 'röd', locked: true } as const;
    expect(toLaneRider(second!, slot)).toEqual({
      rider_id: 'h2',
      name: 'Bo Lind',
      team: 'home',
      lineup_no: 2,
      helmet_color: 'röd',
      locked: true,
      replaces: 6,
    });
    expect(toLaneRider(second!, { ...slot, lineup_no: 2 })).not.toHaveProperty('replaces');
  });

  it('starts a heat upcoming, or completed when it has results', () => {
    expect(emptyHeat(3)).toEqual({
      heat_number: 3,
      status: 'upcoming',
      riders: {},
      results: [],
      rr: false,
      tactical: false,
    });
    expect(
      emptyHeat(3, {}, [
        { rider_id: 'x', position: 1, status: 'completed', points: 3, bonus_points: 0 },
      ]).status,
    ).toBe('completed');
  });
});
