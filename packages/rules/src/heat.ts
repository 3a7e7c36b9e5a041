import { messages } from './messages';
import { programmedGates, type Rulebook } from './rulebooks';
import { laneRiders } from './scoring';
import {
  fail,
  RIDERS_PER_HEAT,
  type Failure,
  type Heat,
  type HeatResult,
  type HeatRiders,
  type Helmet,
  type Lane,
  type LaneRider,
  type LineupRider,
  type ResultInput,
  type Side,
} from './types';

const FINISHING_POSITIONS: readonly number[] = [1, 2, 3, 4];

/**
 * The spec's completeness rule: all four lanes ridden, every rider has exactly one result,
 * completed riders hold unique positions 1–4 and everyone else is excluded. Positions need not be
 * consecutive: next to an excluded rider, one who stopped without exclusion is still placed 4th.
 */
export function checkResults(riders: HeatRiders, results: readonly ResultInput[]): Failure | null {
  const present = laneRiders(riders);
  if (present.length !== RIDERS_PER_HEAT) return fail('INCOMPLETE_HEAT', messages.allGatesRequired);
  const ids = new Set(results.map((result) => result.rider_id));
  const strangers = results.some(
    (result) => !present.some((rider) => rider.rider_id === result.rider_id),
  );
  if (ids.size !== results.length || strangers) {
    return fail('INVALID_RESULTS', messages.resultsMismatch);
  }
  const taken = new Set<number>();
  for (const rider of present) {
    const result = results.find((r) => r.rider_id === rider.rider_id);
    if (result?.status === 'excluded') continue;
    if (!result || !FINISHING_POSITIONS.includes(result.position) || taken.has(result.position)) {
      return fail('INVALID_PLACEMENTS', messages.placementsRequired);
    }
    taken.add(result.position);
  }
  return null;
}

export function isHeatComplete(heat: Pick<Heat, 'riders' | 'results'>): boolean {
  return checkResults(heat.riders, heat.results) === null;
}

/** Same riders with the same positions and statuses, in any order. */
export function sameResults(a: readonly ResultInput[], b: readonly ResultInput[]): boolean {
  return (
    a.length === b.length &&
    a.every((x) =>
      b.some(
        (y) => y.rider_id === x.rider_id && y.position === x.position && y.status === x.status,
      ),
    )
  );
}

/** What a lane is, independent of who rides it: its team, original rider, helmet and lock. */
export interface LaneSlot {
  team: Side;
  lineup_no: number;
  helmet_color: Helmet;
  locked: boolean;
}

/**
 * A programmed heat's lanes come from the programme; a nominated heat's from its nomination (the
 * nominated rider is that lane's original). Undefined for a lane of a heat not yet nominated.
 */
export function laneSlot(rulebook: Rulebook, heat: Heat, lane: Lane): LaneSlot | undefined {
  const gates = programmedGates(rulebook, heat.heat_number);
  if (gates) return { ...gates[lane], locked: rulebook.reserve_heats.includes(heat.heat_number) };
  const rider = heat.riders[lane];
  return (
    rider && {
      team: rider.team,
      lineup_no: rider.replaces ?? rider.lineup_no,
      helmet_color: rider.helmet_color,
      locked: rider.locked,
    }
  );
}

export function toLaneRider(rider: LineupRider, slot: LaneSlot): LaneRider {
  const lane: LaneRider = {
    rider_id: rider.rider_id,
    name: rider.name,
    team: rider.team,
    lineup_no: rider.lineup_no,
    helmet_color: slot.helmet_color,
    locked: slot.locked,
  };
  if (rider.lineup_no !== slot.lineup_no) lane.replaces = slot.lineup_no;
  return lane;
}

export function emptyHeat(
  heatNumber: number,
  riders: HeatRiders = {},
  results: HeatResult[] = [],
): Heat {
  return {
    heat_number: heatNumber,
    status: results.length > 0 ? 'completed' : 'upcoming',
    riders,
    results,
    rr: false,
    tactical: false,
  };
}
