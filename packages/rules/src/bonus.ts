import type { Position, ResultStatus, Side } from './types';

export interface Placing {
  rider_id: string;
  team: Side;
  position: Position;
  status: ResultStatus;
}

// Bonus rewards team riding: the rider directly behind a team-mate among the point scorers.
const BONUS_PAIRS: readonly (readonly [ahead: Position, behind: Position])[] = [
  [1, 2],
  [2, 3],
];

/**
 * Riders who earn a bonus point in a heat (the spec's rule): 2nd behind a team-mate in 1st, 3rd
 * behind a team-mate in 2nd. Positions are taken literally, so an empty 2nd place gives no bonus.
 * Bonus counts for the rider only, never for the team.
 */
export function bonusRiders(placings: readonly Placing[]): Set<string> {
  const at = (position: Position) =>
    placings.find((placing) => placing.status === 'completed' && placing.position === position);
  const awarded = new Set<string>();
  for (const [ahead, behind] of BONUS_PAIRS) {
    const front = at(ahead);
    const back = at(behind);
    if (front && back && front.team === back.team) awarded.add(back.rider_id);
  }
  return awarded;
}
