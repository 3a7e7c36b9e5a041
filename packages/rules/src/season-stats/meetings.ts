import type { HeatResult } from '../types';
import type { Ride } from './rides';

/**
 * Who finished ahead when two riders met in a heat: of two placed riders the better position; a
 * placed rider (a finisher, or one who fell or stopped and was given last place) ahead of an
 * excluded one; nobody when both were excluded.
 */
export function aheadOf(rider: HeatResult, opponent: HeatResult): 'rider' | 'opponent' | null {
  const placed = (result: HeatResult) => result.status === 'completed';
  if (placed(rider) && placed(opponent)) {
    return rider.position < opponent.position ? 'rider' : 'opponent';
  }
  if (placed(rider)) return 'rider';
  return placed(opponent) ? 'opponent' : null;
}

export function heatKey(ride: Ride): string {
  return `${ride.match.id}\u0000${ride.heat_number}`;
}

/** The rides of each heat ridden, by heatKey: who met whom. */
export function heatsRidden(rides: readonly Ride[]): Map<string, Ride[]> {
  const heats = new Map<string, Ride[]>();
  for (const ride of rides) heats.set(heatKey(ride), [...(heats.get(heatKey(ride)) ?? []), ride]);
  return heats;
}
