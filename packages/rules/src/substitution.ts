import { laneSlot, toLaneRider } from './heat';
import { findRider } from './lineups';
import { heatOf, type MatchState } from './match';
import { messages } from './messages';
import { getRulebook } from './rulebooks';
import { laneRiders } from './scoring';
import { tacticalPermission } from './tactical';
import {
  fail,
  LANES,
  type Failure,
  type Heat,
  type HeatRiders,
  type Lane,
  type LaneRider,
} from './types';

/** Lane ('1'–'4') to the rider id who should ride it; changed lanes only. */
export type Assignments = Readonly<Partial<Record<string, string>>>;

export interface AssignmentOutcome {
  ok: true;
  riders: HeatRiders;
  tactical: boolean;
  changed: boolean;
}

/**
 * Applies rider swaps with the spec's rules. Always: a known rider of the lane's own team, and no
 * rider twice in one heat (results are keyed by rider). Without manual unlock (rr) a swap is a
 * tactical reserve: not on a locked lane, only with tactical permission, and at most one lane of
 * the heat may then differ from its programme (the spec counts every differing rider).
 */
export function applyAssignments(
  match: MatchState,
  heat: Heat,
  assignments: Assignments,
  rr: boolean,
): AssignmentOutcome | Failure {
  const rulebook = getRulebook(match.rulebook);
  const riders: HeatRiders = { ...heat.riders };
  const swapped: LaneRider[] = [];
  for (const [key, riderId] of Object.entries(assignments)) {
    const lane = LANES.find((l) => l === key);
    const slot = lane && laneSlot(rulebook, heat, lane);
    if (!lane || !slot) return fail('INVALID_LANE', messages.unknownLane);
    const rider = findRider(match.lineups, riderId);
    if (!rider) return fail('UNKNOWN_RIDER', messages.unknownRider);
    if (rider.team !== slot.team) return fail('WRONG_TEAM', messages.wrongTeam);
    if (riders[lane]?.rider_id === rider.rider_id) continue;
    if (slot.locked && !rr) return fail('LANE_LOCKED', messages.laneLocked, 409);
    riders[lane] = toLaneRider(rider, slot);
    swapped.push(riders[lane]);
  }
  if (swapped.length === 0) {
    return { ok: true, riders: heat.riders, tactical: heat.tactical, changed: false };
  }
  const present = laneRiders(riders);
  if (new Set(present.map((r) => r.rider_id)).size !== present.length) {
    return fail('RIDER_ALREADY_IN_HEAT', messages.riderAlreadyInHeat);
  }
  const differing = present.filter((r) => r.replaces !== undefined).length;
  if (rr) return { ok: true, riders, tactical: heat.tactical && differing > 0, changed: true };
  // Putting the programmed rider back is an undo, not a reserve, and needs no permission.
  for (const rider of swapped.filter((r) => r.replaces !== undefined)) {
    const permission = tacticalPermission(match, heat.heat_number, rider.team);
    if (!permission.allowed) return fail('TACTICAL_NOT_ALLOWED', permission.reason, 409);
  }
  if (differing > rulebook.tactical.max_per_heat) {
    return fail('TOO_MANY_TACTICAL', messages.oneTacticalPerHeat, 409);
  }
  return { ok: true, riders, tactical: differing > 0, changed: true };
}

export interface RiderChoice {
  rider_id: string;
  name: string;
  lineup_no: number;
  /** Already rides this heat in another lane: shown with '(i heatet)' and refused. */
  in_heat: boolean;
  label: string;
}

export interface LaneChoices {
  enabled: boolean;
  /** Why the lane's rider cannot be changed, for a hint. */
  reason: string | null;
  riders: RiderChoice[];
}

/** What the heat dialog offers for a lane: whether its rider may change, and to whom. */
export function laneChoices(
  match: MatchState,
  heatNumber: number,
  lane: Lane,
  rr: boolean,
): LaneChoices {
  const heat = heatOf(match, heatNumber);
  const slot = heat && laneSlot(getRulebook(match.rulebook), heat, lane);
  if (!heat || !slot) return { enabled: false, reason: null, riders: [] };
  const permission = tacticalPermission(match, heatNumber, slot.team);
  let reason: string | null = null;
  if (!rr && slot.locked) reason = messages.laneLocked;
  else if (!rr && !permission.allowed) reason = permission.reason;
  const current = heat.riders[lane]?.rider_id;
  const riders = match.lineups[slot.team].map((rider) => {
    const inHeat =
      rider.rider_id !== current &&
      laneRiders(heat.riders).some((r) => r.rider_id === rider.rider_id);
    const label = inHeat ? `${rider.name} ${messages.inHeat}` : rider.name;
    return {
      rider_id: rider.rider_id,
      name: rider.name,
      lineup_no: rider.lineup_no,
      in_heat: inHeat,
      label,
    };
  });
  return { enabled: reason === null, reason, riders };
}
