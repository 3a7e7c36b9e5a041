import { heatScore, laneRiders, matchScore } from './scoring';
import type { Heat, LaneRider, MatchScore, Position, ResultStatus, Score } from './types';

/** The spec's saved-match discrepancy. */
export interface ScoreDiscrepancy {
  type: 'home_score' | 'away_score';
  user_value: number;
  official_value: number;
}

export interface Placement {
  position: Position;
  status: ResultStatus;
}

export interface RiderDifference {
  rider_id: string;
  name: string;
  /** null: the rider has no result in that heat (did not ride it there, or it is not registered). */
  user: Placement | null;
  official: Placement | null;
}

export interface HeatDifference {
  heat_number: number;
  /** null when that side has no such heat. */
  user: Score | null;
  official: Score | null;
  riders: RiderDifference[];
}

export interface Comparison {
  discrepancies: ScoreDiscrepancy[];
  /** Only heats that differ, in heat order. */
  heats: HeatDifference[];
}

function placement(heat: Heat | undefined, riderId: string): Placement | null {
  const result = heat?.results.find((r) => r.rider_id === riderId);
  return result
    ? { position: result.status === 'completed' ? result.position : 0, status: result.status }
    : null;
}

function samePlacement(a: Placement | null, b: Placement | null): boolean {
  return a?.position === b?.position && a?.status === b?.status;
}

function compareHeat(
  heatNumber: number,
  user: Heat | undefined,
  official: Heat | undefined,
): HeatDifference | null {
  const riders: LaneRider[] = [];
  for (const rider of [...laneRiders(user?.riders ?? {}), ...laneRiders(official?.riders ?? {})]) {
    if (!riders.some((r) => r.rider_id === rider.rider_id)) riders.push(rider);
  }
  const differences = riders.flatMap((rider) => {
    const mine = placement(user, rider.rider_id);
    const theirs = placement(official, rider.rider_id);
    return samePlacement(mine, theirs)
      ? []
      : [{ rider_id: rider.rider_id, name: rider.name, user: mine, official: theirs }];
  });
  const userScore = user ? heatScore(user) : null;
  const officialScore = official ? heatScore(official) : null;
  const sameScore =
    userScore?.home === officialScore?.home && userScore?.away === officialScore?.away;
  if (sameScore && differences.length === 0) return null;
  return { heat_number: heatNumber, user: userScore, official: officialScore, riders: differences };
}

/**
 * A protocol against an official result: the totals as the spec's discrepancies, and heat by heat
 * which heats and riders differ. The official totals default to the sum of the official heats.
 */
export function compareWithOfficial(
  protocolHeats: readonly Heat[],
  officialHeats: readonly Heat[],
  officialTotals: MatchScore = matchScore(officialHeats),
): Comparison {
  const user = matchScore(protocolHeats);
  const types = ['home_score', 'away_score'] as const;
  const discrepancies = types.flatMap((type) =>
    user[type] === officialTotals[type]
      ? []
      : [{ type, user_value: user[type], official_value: officialTotals[type] }],
  );
  const numbers = [
    ...new Set([...protocolHeats, ...officialHeats].map((heat) => heat.heat_number)),
  ].sort((a, b) => a - b);
  const heats = numbers.flatMap((n) => {
    const difference = compareHeat(
      n,
      protocolHeats.find((heat) => heat.heat_number === n),
      officialHeats.find((heat) => heat.heat_number === n),
    );
    return difference ? [difference] : [];
  });
  return { discrepancies, heats };
}
