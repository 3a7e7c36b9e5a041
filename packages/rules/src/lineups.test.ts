import { describe, expect, it } from 'vitest';
import { allRiders, checkLineups, findByNumber, findRider, isReserve } from './lineups';
import { lineups } from './test-support/fixtures';
import type { Lineups } from './types';

describe('line-ups', () => {
  it('treats numbers 6 and 7 as reserves', () => {
    expect([1, 5, 6, 7].map(isReserve)).toEqual([false, false, true, true]);
  });

  it('finds riders by id and by number', () => {
    const l = lineups();
    expect(allRiders(l)).toHaveLength(14);
    expect(findRider(l, 'a3')?.name).toBe('Jon Strand');
    expect(findRider(l, undefined)).toBeUndefined();
    expect(findByNumber(l, 'home', 7)?.rider_id).toBe('h7');
    expect(findByNumber(l, 'away', 8)).toBeUndefined();
  });

  const broken = (change: (l: Lineups) => void): Lineups => {
    const l = lineups();
    change(l);
    return l;
  };

  it.each([
    [
      'a rider filed under the wrong team',
      broken((l) => l.home.push({ ...l.away[0]!, rider_id: 'x', lineup_no: 8 })),
      'hemmalaget',
    ],
    ['number 0', broken((l) => (l.away[0]!.lineup_no = 0)), 'bortalaget'],
    ['number 8', broken((l) => (l.away[0]!.lineup_no = 8)), 'bortalaget'],
    ['a number used twice', broken((l) => (l.home[1]!.lineup_no = 1)), 'hemmalaget'],
    ['a rider id used twice', broken((l) => (l.away[2]!.rider_id = 'h1')), 'bortalaget'],
    ['a fractional number', broken((l) => (l.home[0]!.lineup_no = 1.5)), 'hemmalaget'],
  ])('refuses %s', (_, l, team) => {
    expect(checkLineups(l)).toEqual({
      ok: false,
      error: {
        code: 'INVALID_LINEUP',
        message: `Laguppställningen för ${team} är ogiltig.`,
        status: 400,
      },
    });
  });

  it('accepts complete and partial line-ups', () => {
    expect(checkLineups(lineups())).toBeNull();
    expect(checkLineups(lineups(3))).toBeNull();
  });
});
