import type { LiveSnapshot } from '@speedway/contracts';
import { describe, expect, it } from 'vitest';
import { resultMark, riddenHeatsNewestFirst } from './live-heats';

const rider = (id: string, team: 'home' | 'away') => ({
  rider_id: id,
  name: id,
  team,
  lineup_no: 1,
  helmet_color: 'röd' as const,
  locked: false,
});

function heat(n: number, places: [string, number][]) {
  return {
    heat_number: n,
    status: 'completed' as const,
    riders: {
      '1': rider('h1', 'home'),
      '2': rider('a1', 'away'),
      '3': rider('h2', 'home'),
      '4': rider('a2', 'away'),
    },
    results: places.map(([id, position]) => ({
      rider_id: id,
      position: position as 1,
      status: position === 0 ? ('excluded' as const) : ('completed' as const),
      points: [0, 3, 2, 1, 0][position]!,
      bonus_points: 0,
    })),
    rr: false,
    tactical: false,
  };
}

describe('riddenHeatsNewestFirst', () => {
  it('lists ridden heats last first, each with its own score and the score after it', () => {
    const snapshot = {
      heats: [
        heat(1, [
          ['h1', 1],
          ['h2', 2],
          ['a1', 3],
          ['a2', 4],
        ]),
        heat(2, [
          ['a1', 1],
          ['h1', 2],
          ['a2', 3],
          ['h2', 0],
        ]),
        heat(3, []),
      ],
      running: [
        { heat_number: 1, home_score: 5, away_score: 1, complete: true },
        { heat_number: 2, home_score: 7, away_score: 5, complete: true },
        { heat_number: 3, home_score: 7, away_score: 5, complete: false },
      ],
    } as unknown as LiveSnapshot;
    const ridden = riddenHeatsNewestFirst(snapshot);
    expect(ridden.map((h) => h.heat_number)).toEqual([2, 1]);
    expect(ridden[0]).toMatchObject({ score: { home: 2, away: 4 }, running: { home: 7, away: 5 } });
    expect(ridden[0]!.riders.map((r) => r.rider.rider_id)).toEqual(['a1', 'h1', 'a2', 'h2']);
    expect(ridden[0]!.riders.map((r) => resultMark(r.result))).toEqual(['3', '2', '1', 'X']);
  });
});
