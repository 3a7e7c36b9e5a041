import { describe, expect, it } from 'vitest';
import {
  heatScore,
  heatWinner,
  laneRiders,
  matchScore,
  pointsFor,
  POINTS_BY_POSITION,
  scoreResults,
  sumScores,
} from './scoring';
import { byLane, heat, newMatch } from './test-support/fixtures';
import type { Heat, ResultInput } from './types';

const heat1 = (): Heat => heat(newMatch(), 1); // lanes: H2, A1, H1, A2

describe('points', () => {
  it('scores positions 1–4 as 3-2-1-0 and an excluded rider 0', () => {
    expect(POINTS_BY_POSITION).toEqual([0, 3, 2, 1, 0]);
    expect(([1, 2, 3, 4] as const).map((p) => pointsFor(p, 'completed'))).toEqual([3, 2, 1, 0]);
    expect(pointsFor(1, 'excluded')).toBe(0);
  });
});

describe('scoreResults', () => {
  it('computes points and bonus, ignoring given points, in lane order', () => {
    const h = heat1();
    const inputs = [...byLane(h, [2, 4, 1, 3])]
      .reverse()
      .map((r) => ({ ...r, points: 99, bonus_points: 9 }));
    expect(scoreResults(h.riders, inputs)).toEqual([
      { rider_id: 'h2', position: 2, status: 'completed', points: 2, bonus_points: 1 },
      { rider_id: 'a1', position: 4, status: 'completed', points: 0, bonus_points: 0 },
      { rider_id: 'h1', position: 1, status: 'completed', points: 3, bonus_points: 0 },
      { rider_id: 'a2', position: 3, status: 'completed', points: 1, bonus_points: 0 },
    ]);
  });

  it('puts an excluded rider on position 0 with 0 points whatever was given', () => {
    const h = heat1();
    const inputs: ResultInput[] = [
      { rider_id: 'h2', position: 3, status: 'excluded' },
      { rider_id: 'a1', position: 1, status: 'completed' },
      { rider_id: 'h1', position: 2, status: 'completed' },
      { rider_id: 'a2', position: 3, status: 'completed' },
    ];
    expect(scoreResults(h.riders, inputs)[0]).toEqual({
      rider_id: 'h2',
      position: 0,
      status: 'excluded',
      points: 0,
      bonus_points: 0,
    });
  });

  it('leaves out riders without a result and results of riders not in the heat', () => {
    const h = heat1();
    const results = scoreResults(h.riders, [
      { rider_id: 'a7', position: 1, status: 'completed' },
      { rider_id: 'h1', position: 2, status: 'completed' },
    ]);
    expect(results.map((r) => r.rider_id)).toEqual(['h1']);
  });

  it('lists lane riders in lane order and skips empty lanes', () => {
    expect(
      laneRiders({ '3': heat1().riders['3']!, '1': heat1().riders['1']! }).map((r) => r.rider_id),
    ).toEqual(['h2', 'h1']);
  });
});

describe('heat score and winner', () => {
  it.each([
    [[1, 3, 2, 4], { home: 5, away: 1 }, 'home'],
    [[3, 1, 4, 2], { home: 1, away: 5 }, 'away'],
    [[1, 2, 4, 3], { home: 3, away: 3 }, 'draw'],
    [[2, 1, 3, 4], { home: 3, away: 3 }, 'draw'],
    [[1, 3, 2, 0], { home: 5, away: 1 }, 'home'],
    [[1, 0, 2, 0], { home: 5, away: 0 }, 'home'],
    [[0, 1, 0, 2], { home: 0, away: 5 }, 'away'],
    [[3, 1, 0, 2], { home: 1, away: 5 }, 'away'],
  ])('positions by lane %j give %j (%s)', (positions, score, winner) => {
    const h = heat1();
    const scored = { ...h, results: scoreResults(h.riders, byLane(h, positions)) };
    expect(heatScore(scored)).toEqual(score);
    expect(heatWinner(heatScore(scored))).toBe(winner);
  });

  it('recomputes stored points instead of trusting them', () => {
    const h = heat1();
    const results = scoreResults(h.riders, byLane(h, [1, 2, 3, 4])).map((r) => ({
      ...r,
      points: 10,
    }));
    expect(heatScore({ riders: h.riders, results })).toEqual({ home: 4, away: 2 });
  });

  it('sums heats into a match score; heats without results count 0', () => {
    const h = heat1();
    const ridden = { ...h, results: scoreResults(h.riders, byLane(h, [1, 2, 3, 4])) };
    expect(sumScores([ridden, ridden, heat1()])).toEqual({ home: 8, away: 4 });
    expect(matchScore([ridden])).toEqual({ home_score: 4, away_score: 2 });
    expect(matchScore([])).toEqual({ home_score: 0, away_score: 0 });
  });
});
