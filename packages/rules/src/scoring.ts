import { bonusRiders, type Placing } from './bonus';
import {
  LANES,
  type Heat,
  type HeatResult,
  type HeatRiders,
  type LaneRider,
  type MatchScore,
  type Position,
  type ResultCode,
  type ResultInput,
  type ResultStatus,
  type Score,
  type Side,
} from './types';

export const POINTS_BY_POSITION = [0, 3, 2, 1, 0] as const;

export function pointsFor(position: Position, status: ResultStatus): number {
  return status === 'completed' ? POINTS_BY_POSITION[position] : 0;
}

/** The riders of a heat in lane order, skipping empty lanes. */
export function laneRiders(riders: HeatRiders): LaneRider[] {
  return LANES.flatMap((lane) => riders[lane] ?? []);
}

type ScoredPlacing = HeatResult & { team: Side };

/** A result to score: an official heat's may carry the source's code, which is kept. */
export type ScoreInput = ResultInput & { code?: ResultCode };

function scorePlacings(riders: HeatRiders, inputs: readonly ScoreInput[]): ScoredPlacing[] {
  const placings: (Placing & { code?: ResultCode })[] = laneRiders(riders).flatMap((rider) => {
    const input = inputs.find((result) => result.rider_id === rider.rider_id);
    if (!input) return [];
    const position = input.status === 'completed' ? input.position : 0;
    return [
      {
        rider_id: rider.rider_id,
        team: rider.team,
        position,
        status: input.status,
        ...(input.code ? { code: input.code } : {}),
      },
    ];
  });
  const bonus = bonusRiders(placings);
  return placings.map((placing) => ({
    ...placing,
    points: pointsFor(placing.position, placing.status),
    bonus_points: bonus.has(placing.rider_id) ? 1 : 0,
  }));
}

/**
 * Results with points and bonus computed from positions; given points are never trusted. Results
 * come out in lane order (so equal heats compare equal) and an excluded rider holds position 0.
 * Riders without a result and results for riders not in the heat are left out: checkResults
 * rejects both before a save. A code (official heats) goes through unchanged.
 */
export function scoreResults(riders: HeatRiders, inputs: readonly ScoreInput[]): HeatResult[] {
  return scorePlacings(riders, inputs).map(
    ({ rider_id, position, status, points, bonus_points, code }) => ({
      rider_id,
      position,
      status,
      points,
      bonus_points,
      ...(code ? { code } : {}),
    }),
  );
}

/** Heat points per team, recomputed from positions. */
export function heatScore(heat: Pick<Heat, 'riders' | 'results'>): Score {
  const score: Score = { home: 0, away: 0 };
  for (const placing of scorePlacings(heat.riders, heat.results))
    score[placing.team] += placing.points;
  return score;
}

export function heatWinner(score: Score): Side | 'draw' {
  if (score.home === score.away) return 'draw';
  return score.home > score.away ? 'home' : 'away';
}

/** Sums heat points of the given heats; always recomputed, so a re-saved heat counts once. */
export function sumScores(heats: readonly Pick<Heat, 'riders' | 'results'>[]): Score {
  const total: Score = { home: 0, away: 0 };
  for (const heat of heats) {
    const score = heatScore(heat);
    total.home += score.home;
    total.away += score.away;
  }
  return total;
}

export function matchScore(heats: readonly Pick<Heat, 'riders' | 'results'>[]): MatchScore {
  const total = sumScores(heats);
  return { home_score: total.home, away_score: total.away };
}
