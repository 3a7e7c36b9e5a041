import { messages } from './messages';
import { fail, SIDES, type Failure, type LineupRider, type Lineups, type Side } from './types';

/** Numbers 1–5 are main riders; 6 and 7 are the reserves. */
export const MAIN_RIDER_COUNT = 5;
export const MAX_LINEUP_NO = 7;

export function isReserve(lineupNo: number): boolean {
  return lineupNo > MAIN_RIDER_COUNT;
}

export function allRiders(lineups: Lineups): LineupRider[] {
  return [...lineups.home, ...lineups.away];
}

export function findRider(lineups: Lineups, riderId: string | undefined): LineupRider | undefined {
  return allRiders(lineups).find((rider) => rider.rider_id === riderId);
}

export function findByNumber(
  lineups: Lineups,
  side: Side,
  lineupNo: number,
): LineupRider | undefined {
  return lineups[side].find((rider) => rider.lineup_no === lineupNo);
}

/**
 * Structural checks the rest of the engine relies on: every rider sits in its own team's list with
 * a number 1–7 used once, and a rider id is used once across both teams (results are keyed by it).
 */
export function checkLineups(lineups: Lineups): Failure | null {
  const ids = new Set<string>();
  for (const side of SIDES) {
    const numbers = new Set<number>();
    for (const rider of lineups[side]) {
      const validNo =
        Number.isInteger(rider.lineup_no) &&
        rider.lineup_no >= 1 &&
        rider.lineup_no <= MAX_LINEUP_NO;
      if (
        rider.team !== side ||
        !validNo ||
        numbers.has(rider.lineup_no) ||
        ids.has(rider.rider_id)
      ) {
        return fail('INVALID_LINEUP', messages.invalidLineup(side));
      }
      numbers.add(rider.lineup_no);
      ids.add(rider.rider_id);
    }
  }
  return null;
}
