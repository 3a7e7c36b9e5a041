import { describe, expect, it } from 'vitest';
import { bonusRiders, type Placing } from './bonus';
import type { Position, Side } from './types';

// Four riders by finishing order: team letter, position (0 = excluded).
function placings(spec: string): Placing[] {
  return spec.split(' ').map((cell, i) => {
    const team: Side = cell[0] === 'H' ? 'home' : 'away';
    const position = Number(cell.slice(1)) as Position;
    return { rider_id: `r${i}`, team, position, status: position === 0 ? 'excluded' : 'completed' };
  });
}

describe('bonus (the spec: 2nd behind a team-mate in 1st, 3rd behind a team-mate in 2nd)', () => {
  it.each([
    ['H1 H2 A3 A4', ['r1']],
    ['H1 A2 A3 H4', ['r2']],
    ['H1 H2 H3 A4', ['r1', 'r2']],
    ['H1 A2 H3 A4', []],
    ['A1 H2 H3 A4', ['r2']],
    ['A1 A2 H3 H4', ['r1']],
    ['H1 A2 A0 H3', []],
    ['H1 A0 H3 A4', []],
    ['H1 H0 A2 A3', ['r3']],
    ['H0 H0 A1 A2', ['r3']],
    ['A4 H3 H2 A1', ['r1']],
  ])('%s → bonus for %j', (spec, expected) => {
    expect([...bonusRiders(placings(spec))].sort()).toEqual(expected);
  });

  it('never gives a bonus for 4th place', () => {
    expect([...bonusRiders(placings('A1 H2 A3 A4'))]).toEqual([]);
  });
});
