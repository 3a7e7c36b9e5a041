import { describe, expect, it } from 'vitest';
import { standings, type PlayedMatch } from './standings';

const teams = [
  { id: 'ind', name: 'Indianerna' },
  { id: 'vas', name: 'Västervik Speedway' },
  { id: 'dac', name: 'Dackarna' },
  { id: 'lej', name: 'Lejonen' },
];
const m = (home: string, away: string, home_score: number, away_score: number): PlayedMatch => ({
  home,
  away,
  home_score,
  away_score,
});

describe('standings', () => {
  it('gives 2 points for a win and 1 for a draw, and counts heat points', () => {
    const rows = standings(teams, [m('ind', 'vas', 50, 40), m('dac', 'lej', 45, 45)]);
    expect(rows.map((r) => [r.rank, r.team_id, r.points])).toEqual([
      [1, 'ind', 2],
      [2, 'dac', 1],
      [3, 'lej', 1],
      [4, 'vas', 0],
    ]);
    expect(rows[0]).toEqual({
      rank: 1,
      team_id: 'ind',
      name: 'Indianerna',
      played: 1,
      wins: 1,
      draws: 0,
      losses: 0,
      heat_points_for: 50,
      heat_points_against: 40,
      heat_point_difference: 10,
      bonus_points: 0,
      points: 2,
      form: ['V'],
    });
    expect(rows[3]).toMatchObject({ losses: 1, heat_point_difference: -10, form: ['F'] });
    expect(rows[1]).toMatchObject({ draws: 1, form: ['O'] });
  });

  it('gives the aggregate bonus once both home-and-away matches are played', () => {
    const first = standings(teams, [m('ind', 'vas', 48, 42)]);
    expect(first.find((r) => r.team_id === 'ind')?.bonus_points).toBe(0);
    // Västervik wins the return by 4: Indianerna still has the better aggregate (90–88).
    const both = standings(teams, [m('ind', 'vas', 48, 42), m('vas', 'ind', 46, 42)]);
    const ind = both.find((r) => r.team_id === 'ind')!;
    const vas = both.find((r) => r.team_id === 'vas')!;
    expect([ind.bonus_points, ind.points, vas.bonus_points, vas.points]).toEqual([1, 3, 0, 2]);
  });

  it('gives no aggregate bonus for an equal aggregate, and pairs further meetings in order', () => {
    const level = standings(teams, [m('ind', 'vas', 48, 42), m('vas', 'ind', 48, 42)]);
    expect(level.every((r) => r.bonus_points === 0)).toBe(true);
    const four = standings(teams, [
      m('ind', 'vas', 48, 42),
      m('vas', 'ind', 44, 46),
      m('ind', 'vas', 40, 50),
      m('vas', 'ind', 50, 40),
      m('ind', 'vas', 60, 30),
    ]);
    expect(four.find((r) => r.team_id === 'ind')?.bonus_points).toBe(1);
    expect(four.find((r) => r.team_id === 'vas')?.bonus_points).toBe(1);
  });

  it('adds up aggregate bonuses against several opponents', () => {
    const rows = standings(teams, [
      m('dac', 'ind', 46, 44),
      m('ind', 'dac', 46, 44),
      m('dac', 'lej', 50, 40),
      m('lej', 'dac', 44, 46),
    ]);
    expect(rows[0]).toMatchObject({ team_id: 'dac', bonus_points: 1, points: 7 });
    expect(rows.find((r) => r.team_id === 'ind')).toMatchObject({ bonus_points: 0 });
  });

  it('ranks by points, then heat-point difference, then name', () => {
    const rows = standings(teams, [m('ind', 'vas', 46, 44), m('dac', 'lej', 50, 40)]);
    expect(rows.map((r) => r.team_id)).toEqual(['dac', 'ind', 'vas', 'lej']);
    const none = standings(teams, []);
    expect(none.map((r) => r.name)).toEqual([
      'Dackarna',
      'Indianerna',
      'Lejonen',
      'Västervik Speedway',
    ]);
  });

  it('keeps the last five results as form, newest last', () => {
    const results = [
      m('ind', 'vas', 50, 40),
      m('ind', 'dac', 40, 50),
      m('ind', 'lej', 45, 45),
      m('vas', 'ind', 40, 50),
      m('dac', 'ind', 40, 50),
      m('lej', 'ind', 50, 40),
    ];
    expect(standings(teams, results).find((r) => r.team_id === 'ind')?.form).toEqual([
      'F',
      'O',
      'V',
      'V',
      'F',
    ]);
  });

  it('ignores matches with unknown teams or a team against itself', () => {
    const rows = standings(teams, [
      m('ind', 'xyz', 50, 40),
      m('xyz', 'ind', 50, 40),
      m('ind', 'ind', 45, 45),
    ]);
    expect(rows.every((r) => r.played === 0)).toBe(true);
  });
});
