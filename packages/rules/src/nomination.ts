import { toLaneRider } from './heat';
import { findRider, isReserve } from './lineups';
import { heatOf, nominationLockReason, type MatchState } from './match';
import { messages } from './messages';
import { getRulebook, isNominatedHeat } from './rulebooks';
import { riderTotals, totalFor } from './stats';
import type { Assignments } from './substitution';
import {
  fail,
  LANES,
  SIDES,
  type Failure,
  type Heat,
  type HeatRiders,
  type Helmet,
  type Lane,
  type LineupRider,
  type Side,
} from './types';

/** Which gates the home team takes; the away team takes the other two. */
export type GateSet = '1-3' | '2-4';
export const GATE_SETS: readonly GateSet[] = ['1-3', '2-4'];

/** The spec's mapping: gates 1–2 ride red (home) or white (away), gates 3–4 blue or yellow. */
export const HELMET_BY_GATE: Readonly<Record<Lane, Readonly<Record<Side, Helmet>>>> = {
  '1': { home: 'röd', away: 'vit' },
  '2': { home: 'röd', away: 'vit' },
  '3': { home: 'blå', away: 'gul' },
  '4': { home: 'blå', away: 'gul' },
};

export function gateTeam(homeGates: GateSet, lane: Lane): Side {
  return homeGates.split('-').includes(lane) ? 'home' : 'away';
}

export interface NominationCandidate {
  rider_id: string;
  name: string;
  lineup_no: number;
  points: number;
  bonus_points: number;
  total: number;
}

/**
 * Who a team may nominate for a nominated heat, best first, by the rulebook's rule over the heats
 * before it. For the spec's rule the third best is taken among the main riders, so a team with
 * three or more always has at least three candidates.
 */
export function nominationCandidates(
  match: MatchState,
  heatNumber: number,
  side: Side,
): NominationCandidate[] {
  const rule = getRulebook(match.rulebook).nominations[heatNumber];
  if (!rule) return [];
  const totals = riderTotals(match.heats, heatNumber);
  const riders = match.lineups[side]
    .filter((rider) => rule.eligibility === 'any' || !isReserve(rider.lineup_no))
    .map((rider) => {
      const { points, bonus_points } = totalFor(totals, rider.rider_id);
      return {
        rider_id: rider.rider_id,
        name: rider.name,
        lineup_no: rider.lineup_no,
        points,
        bonus_points,
        total: points + bonus_points,
      };
    })
    .sort((a, b) => b.total - a.total || a.lineup_no - b.lineup_no);
  const threshold =
    rule.eligibility === 'top-three-main' ? (riders[2]?.total ?? -Infinity) : -Infinity;
  return riders.filter((rider) => rider.total >= threshold);
}

/** The spec's nomination payload (heat15 {assignments, home_gates, home, away}). */
export interface NominationInput {
  /** Gate ('1'–'4') to rider id; all four. */
  assignments: Assignments;
  home_gates: GateSet | string;
  /** Optional echoes of the rider ids per team; checked against the gates when given. */
  home?: readonly string[];
  away?: readonly string[];
}

export type NominationOutcome = { ok: true; heat: Heat; match: MatchState } | Failure;

/**
 * Sets a nominated heat's riders, helmets per the spec's gate mapping. Allowed once every heat
 * before it is complete and until the heat has results (then riders change in the heat dialog).
 */
export function applyNomination(
  match: MatchState,
  heatNumber: number,
  input: NominationInput,
): NominationOutcome {
  const heat = heatOf(match, heatNumber);
  if (!heat || !isNominatedHeat(getRulebook(match.rulebook), heatNumber)) {
    return fail('NOT_NOMINATED_HEAT', messages.notNominatedHeat(heatNumber));
  }
  const locked = nominationLockReason(match, heatNumber);
  if (locked) return fail('NOMINATION_LOCKED', locked, 409);
  if (heat.results.length > 0) {
    return fail('HEAT_HAS_RESULTS', messages.nominationHasResults(heatNumber), 409);
  }
  const homeGates = GATE_SETS.find((set) => set === input.home_gates);
  if (!homeGates) return fail('INVALID_GATE_SET', messages.invalidGateSet);
  const ids = LANES.map((lane) => input.assignments[lane]);
  if (ids.some((id) => !id)) return fail('NOMINATION_INCOMPLETE', messages.allGatesRequired);
  if (new Set(ids).size !== ids.length) {
    return fail('RIDER_IN_ONE_GATE', messages.riderInOneGateOnly);
  }
  const riders: HeatRiders = {};
  const picked: Record<Side, LineupRider[]> = { home: [], away: [] };
  for (const lane of LANES) {
    const rider = findRider(match.lineups, input.assignments[lane]);
    if (!rider) return fail('UNKNOWN_RIDER', messages.unknownRider);
    if (rider.team !== gateTeam(homeGates, lane)) {
      return fail('WRONG_GATE', messages.gateOfOtherTeam(lane));
    }
    const slot = {
      team: rider.team,
      lineup_no: rider.lineup_no,
      helmet_color: HELMET_BY_GATE[lane][rider.team],
      locked: false,
    };
    riders[lane] = toLaneRider(rider, slot);
    picked[rider.team].push(rider);
  }
  for (const side of SIDES) {
    const listed = input[side];
    const ok =
      !listed ||
      (listed.length === picked[side].length &&
        picked[side].every((rider) => listed.includes(rider.rider_id)));
    if (!ok) return fail('NOMINATION_MISMATCH', messages.nominationListsMismatch);
    const eligible = nominationCandidates(match, heatNumber, side).map((c) => c.rider_id);
    const refused = picked[side].find((rider) => !eligible.includes(rider.rider_id));
    if (refused) return fail('NOT_ELIGIBLE', messages.notEligible(refused.name, heatNumber));
  }
  const nominated: Heat = { ...heat, riders, rr: false, tactical: false };
  const heats = match.heats.map((h) => (h.heat_number === heatNumber ? nominated : h));
  return { ok: true, heat: nominated, match: { ...match, heats } };
}
