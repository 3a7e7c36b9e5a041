import { describe, expect, it } from 'vitest';
import { rankRiders, type RiderRankSort } from './rank';
import type { RiderSeasonLine } from './types';

const line = (
  rider_id: string,
  name: string,
  figures: Partial<RiderSeasonLine>,
): RiderSeasonLine => ({
  rider_id,
  name,
  team_ids: ['t1'],
  matches: 0,
  heats: 0,
  points: 0,
  bonus_points: 0,
  average: 0,
  paid_average: 0,
  wins: 0,
  full_maximums: 0,
  paid_maximums: 0,
  exclusions: 0,
  codes: {},
  ...figures,
});

// Three riders, each best at something; Örjan and Åke tie on the average and the heats.
const lines = [
  line('r1', 'Örjan', {
    average: 2,
    heats: 10,
    paid_average: 2.5,
    points: 20,
    matches: 2,
    wins: 5,
    team_ids: ['t1', 't2'],
  }),
  line('r2', 'Bo', {
    average: 1,
    heats: 40,
    paid_average: 1.2,
    points: 40,
    matches: 8,
    wins: 9,
    paid_maximums: 1,
  }),
  line('r3', 'Åke', {
    average: 2,
    heats: 10,
    paid_average: 2.8,
    points: 20,
    matches: 3,
    wins: 4,
    full_maximums: 3,
    team_ids: ['t2'],
  }),
];
const order = (sort?: RiderRankSort) => rankRiders(lines, sort ? { sort } : {}).map((l) => l.name);

describe('rankRiders', () => {
  it('sorts by average, then heats, then name (Swedish: Å before Ö)', () => {
    expect(order()).toEqual(['Åke', 'Örjan', 'Bo']);
    expect(order('average')).toEqual(['Åke', 'Örjan', 'Bo']);
  });

  it('sorts by every other figure, best first, ties by the average order', () => {
    expect(order('paid_average')).toEqual(['Åke', 'Örjan', 'Bo']);
    expect(order('points')).toEqual(['Bo', 'Åke', 'Örjan']);
    expect(order('heats')).toEqual(['Bo', 'Åke', 'Örjan']);
    expect(order('matches')).toEqual(['Bo', 'Åke', 'Örjan']);
    expect(order('wins')).toEqual(['Bo', 'Örjan', 'Åke']);
    expect(order('maximums')).toEqual(['Åke', 'Bo', 'Örjan']);
    expect(order('name')).toEqual(['Bo', 'Åke', 'Örjan']);
  });

  it('orders two riders of one name by their ids, whatever order they come in', () => {
    const twins = [line('r9', 'Bo', { heats: 40 }), line('r8', 'Bo', { heats: 40 })];
    for (const sort of ['name', 'heats'] as const) {
      expect(rankRiders(twins, { sort }).map((l) => l.rider_id)).toEqual(['r8', 'r9']);
      expect(rankRiders([...twins].reverse(), { sort }).map((l) => l.rider_id)).toEqual([
        'r8',
        'r9',
      ]);
    }
  });

  it('filters by team and minimum heats, and leaves the input alone', () => {
    const copy = JSON.parse(JSON.stringify(lines)) as RiderSeasonLine[];
    expect(rankRiders(lines, { team_id: 't2' }).map((l) => l.name)).toEqual(['Åke', 'Örjan']);
    expect(rankRiders(lines, { min_heats: 11 }).map((l) => l.name)).toEqual(['Bo']);
    expect(rankRiders(lines, { min_heats: 10, team_id: 't3' })).toEqual([]);
    expect(lines).toEqual(copy);
  });
});
