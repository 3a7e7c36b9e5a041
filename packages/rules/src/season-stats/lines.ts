import type { HeatResult } from '../types';
import type { Ride } from './rides';
import { RIDE_KINDS, type GateLine, type KindLine, type RiderSeasonLine } from './types';

/** The fewest rides in a match that make a maximum (a rider with three wins has none). */
export const MAXIMUM_MIN_RIDES = 4;

export const GATES: readonly GateLine['gate'][] = [1, 2, 3, 4];

/** a ÷ b, 0 without b: a rider without heats has no average, shown as 0. */
export function ratio(a: number, b: number): number {
  return b === 0 ? 0 : a / b;
}

function sum(rides: readonly Ride[], value: (result: HeatResult) => number): number {
  return rides.reduce((total, ride) => total + value(ride.result), 0);
}

export function isWin(result: HeatResult): boolean {
  return result.status === 'completed' && result.position === 1;
}

/** 2nd behind a team-mate: the bonus is what turns it into a paid win (3rd + bonus is only 2). */
function isPaidWin(result: HeatResult): boolean {
  return (
    isWin(result) ||
    (result.status === 'completed' && result.position === 2 && result.bonus_points > 0)
  );
}

/**
 * A match's maximum, from its rides: 'full' when every ride was won, 'paid' when every ride was
 * won or 2nd behind a team-mate and not all won; at least MAXIMUM_MIN_RIDES rides either way.
 * Told by positions, not by 3 points a ride, so that a rule giving a tactical ride other points
 * could not make or break one (this engine gives 3-2-1-0 whoever rides).
 */
export function maximumOf(rides: readonly Ride[]): 'full' | 'paid' | null {
  const results = rides.map((ride) => ride.result);
  if (results.length < MAXIMUM_MIN_RIDES) return null;
  if (results.every(isWin)) return 'full';
  return results.every(isPaidWin) ? 'paid' : null;
}

/** Per gate 1–4, always all four (zeros without starts). */
export function gateLines(rides: readonly Ride[]): GateLine[] {
  return GATES.map((gate) => {
    const from = rides.filter((ride) => ride.gate === gate);
    const points = sum(from, (result) => result.points);
    return {
      gate,
      starts: from.length,
      wins: from.filter((ride) => isWin(ride.result)).length,
      points,
      points_per_start: ratio(points, from.length),
    };
  });
}

/** Per kind of ride, always all four, in RIDE_KINDS order. */
export function kindLines(rides: readonly Ride[]): KindLine[] {
  return RIDE_KINDS.map((kind) => {
    const of = rides.filter((ride) => ride.kind === kind);
    return {
      kind,
      heats: of.length,
      points: sum(of, (result) => result.points),
      bonus_points: sum(of, (result) => result.bonus_points),
    };
  });
}

/** The rides grouped by match, in the order given (Map keeps it). */
export function byMatch(rides: readonly Ride[]): Map<string, Ride[]> {
  const groups = new Map<string, Ride[]>();
  for (const ride of rides) groups.set(ride.match.id, [...(groups.get(ride.match.id) ?? []), ride]);
  return groups;
}

/** A rider's line from his rides (oldest first): the season's, or one team's part of it. */
export function seasonLine(riderId: string, name: string, rides: readonly Ride[]): RiderSeasonLine {
  const matches = [...byMatch(rides).values()];
  const maximums = matches.map(maximumOf);
  const points = sum(rides, (result) => result.points);
  const bonus = sum(rides, (result) => result.bonus_points);
  const codes: Record<string, number> = {};
  for (const { result } of rides)
    if (result.code) codes[result.code] = (codes[result.code] ?? 0) + 1;
  return {
    rider_id: riderId,
    name,
    team_ids: [...new Set(rides.map((ride) => ride.team_id))],
    matches: matches.length,
    heats: rides.length,
    points,
    bonus_points: bonus,
    average: ratio(points, rides.length),
    paid_average: ratio(points + bonus, rides.length),
    wins: rides.filter((ride) => isWin(ride.result)).length,
    full_maximums: maximums.filter((maximum) => maximum === 'full').length,
    paid_maximums: maximums.filter((maximum) => maximum === 'paid').length,
    exclusions: rides.filter((ride) => ride.result.status === 'excluded').length,
    codes,
  };
}
