import { describe, expect, it } from 'vitest';
import { createMatch } from './match';
import { matchStats, riderLines, riderTotals, teamStats, totalFor } from './stats';
import { byLane, heat, lineups, newMatch, save } from './test-support/fixtures';

// Heat 1 lanes: H2 A1 H1 A2; heat 2: A7 H6 A6 H7; heat 3: H3 A3 H4 A4.
function threeHeats() {
  let match = newMatch();
  match = save(match, 1, { results: byLane(heat(match, 1), [2, 4, 1, 3]) }); // h1 3, h2 2*, a2 1: 5–1
  match = save(match, 2, { results: byLane(heat(match, 2), [1, 0, 2, 3]) }); // a7 3, a6 2*, h6 X, h7 1: 1–5
  match = save(match, 3, { results: byLane(heat(match, 3), [2, 1, 3, 4]) }); // a3 3, h3 2, h4 1*, a4 0: 3–3
  return match;
}

describe('rider totals', () => {
  it('adds points, bonus and rides per rider, optionally before a heat', () => {
    const match = threeHeats();
    expect(totalFor(riderTotals(match.heats), 'h2')).toEqual({
      points: 2,
      bonus_points: 1,
      rides: 1,
      marks: ['2*'],
    });
    expect(totalFor(riderTotals(match.heats), 'h6')).toEqual({
      points: 0,
      bonus_points: 0,
      rides: 1,
      marks: ['X'],
    });
    expect(totalFor(riderTotals(match.heats, 2), 'a6')).toEqual({
      points: 0,
      bonus_points: 0,
      rides: 0,
      marks: [],
    });
    expect(totalFor(riderTotals(match.heats, 3), 'a6').points).toBe(2);
  });

  it('writes lines as published, "(marks) points+bonus", and the scorecard order', () => {
    let match = threeHeats();
    match = save(match, 4, { results: byLane(heat(match, 4), [4, 1, 3, 2]) }); // A5 H5 A7 H6: h5 3, h6 2*
    const lines = riderLines(match);
    const of = (id: string) => lines.find((l) => l.rider_id === id)!;
    expect(of('h6')).toMatchObject({
      name: 'Frej Dahl',
      team: 'home',
      lineup_no: 6,
      points: 2,
      bonus_points: 1,
      rides: 2,
      marks: ['X', '2*'],
      score_text: '2+1',
      line: '(X,2*) 2+1',
      scorecard: '2+1 (X,2*)',
    });
    expect(of('a7').line).toBe('(3,1) 4');
    expect(of('h5').scorecard).toBe('3 (3)');
    expect(of('a5').line).toBe('(0) 0');
    expect(of('a1').line).toBe('(0) 0');
    expect(of('h3').line).toBe('(2) 2');
    expect(of('h4').line).toBe('(1*) 1+1');
    expect(lines.map((l) => l.rider_id)).toEqual([
      'h1',
      'h2',
      'h3',
      'h4',
      'h5',
      'h6',
      'h7',
      'a1',
      'a2',
      'a3',
      'a4',
      'a5',
      'a6',
      'a7',
    ]);
  });

  it('shows a rider without rides as "(-) 0" and orders riders by number', () => {
    const shuffled = { home: [...lineups().home].reverse(), away: lineups().away };
    const lines = riderLines(createMatch('elitserien-klassisk', shuffled));
    expect(lines[0]).toMatchObject({ rider_id: 'h1', line: '(-) 0', scorecard: '0 (-)', rides: 0 });
  });
});

describe('team statistics', () => {
  it('gives team points without bonus, bonus separately, heats won and drawn, and 5–1s', () => {
    const match = threeHeats();
    expect(teamStats(match)).toEqual({
      home: { points: 9, bonus_points: 2, heats_won: 1, heats_drawn: 1, five_one: 1 },
      away: { points: 9, bonus_points: 1, heats_won: 1, heats_drawn: 1, five_one: 1 },
    });
  });

  it('counts a 5–0 after an exclusion as a heat won 5–1 style', () => {
    let match = newMatch();
    match = save(match, 1, { results: byLane(heat(match, 1), [2, 0, 1, 4]) });
    expect(teamStats(match).home).toMatchObject({ points: 5, five_one: 1, heats_won: 1 });
    expect(teamStats(match).away).toMatchObject({ points: 0, five_one: 0, heats_won: 0 });
  });

  it('brings score, rider lines and team totals together', () => {
    const stats = matchStats(threeHeats());
    expect(stats.score).toEqual({ home_score: 9, away_score: 9 });
    expect(stats.riders).toHaveLength(14);
    expect(stats.teams.home.points).toBe(9);
  });
});
