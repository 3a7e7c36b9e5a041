import { checkResults, emptyHeat } from './heat';
import { findByNumber } from './lineups';
import { buildHeats } from './match';
import { messages } from './messages';
import { HELMET_BY_GATE } from './nomination';
import { getRulebook, programmedGates, type Rulebook, type RulebookId } from './rulebooks';
import { heatScore, laneRiders, scoreResults, type ScoreInput } from './scoring';
import {
  fail,
  LANES,
  type Failure,
  type Heat,
  type HeatRiders,
  type Helmet,
  type Lineups,
  type Position,
  type ResultCode,
  type ResultStatus,
} from './types';

/** One rider of a heat in the official data format (speedway-official/1). */
export interface OfficialHeatRider {
  gate: number;
  team: 'H' | 'A';
  no: number;
  helmet?: Helmet;
  position: Position;
  status: ResultStatus;
  replaces?: number;
  code?: ResultCode;
}

export interface OfficialHeat {
  heat: number;
  riders: readonly OfficialHeatRider[];
  /** [home, away]; checked against the positions when given. */
  heat_score?: readonly number[];
}

export interface OfficialResult {
  home_score?: number;
  away_score?: number;
  heats?: readonly OfficialHeat[];
}

function officialError(heat: number, problem: string): Failure {
  return fail('INVALID_OFFICIAL_RESULT', messages.officialHeat(heat, problem));
}

function convertHeat(
  rulebook: Rulebook,
  lineups: Lineups,
  official: OfficialHeat,
): { ok: true; heat: Heat } | Failure {
  const n = official.heat;
  const gates = programmedGates(rulebook, n);
  const riders: HeatRiders = {};
  const inputs: ScoreInput[] = [];
  for (const entry of official.riders) {
    const team = entry.team === 'H' ? 'home' : 'away';
    const lane = LANES.find((l) => l === String(entry.gate));
    if (!lane) return officialError(n, messages.officialInvalidGate(entry.gate));
    const rider = findByNumber(lineups, team, entry.no);
    if (!rider) return officialError(n, messages.officialUnknownRider(entry.team, entry.no));
    riders[lane] = {
      rider_id: rider.rider_id,
      name: rider.name,
      team,
      lineup_no: rider.lineup_no,
      // The source may omit helmets: fall back to the programme, or the spec's gate mapping.
      helmet_color: entry.helmet ?? gates?.[lane].helmet_color ?? HELMET_BY_GATE[lane][team],
      locked: rulebook.reserve_heats.includes(n),
      ...(entry.replaces !== undefined && entry.replaces !== entry.no
        ? { replaces: entry.replaces }
        : {}),
    };
    inputs.push({
      rider_id: rider.rider_id,
      position: entry.position,
      status: entry.status,
      // Kept for the season statistics (exclusions and other codes); OK says nothing more.
      ...(entry.code !== undefined && entry.code !== 'OK' ? { code: entry.code } : {}),
    });
  }
  const invalid = checkResults(riders, inputs);
  if (invalid) return officialError(n, invalid.error.message);
  // An official heat is a record of what happened, so swap rules do not apply; a replaced rider
  // marks it as manually changed (R/R) like a protocol heat saved with manual unlock.
  const heat: Heat = {
    ...emptyHeat(n, riders, scoreResults(riders, inputs)),
    rr: laneRiders(riders).some((rider) => rider.replaces !== undefined),
  };
  const score = heatScore(heat);
  const given = official.heat_score;
  if (given && (given[0] !== score.home || given[1] !== score.away)) {
    return officialError(n, messages.officialHeatScore);
  }
  return { ok: true, heat };
}

/**
 * The engine's 15 heats from an official result: heats the result lists replace the programmed
 * ones, with who actually rode (replaces), positions and statuses. Totals are not checked against
 * the heats, since an official total can include decisions (walkover, deductions) heats do not show.
 */
export function officialToHeats(
  rulebookId: RulebookId,
  lineups: Lineups,
  result: OfficialResult,
): { ok: true; heats: Heat[] } | Failure {
  const rulebook = getRulebook(rulebookId);
  const heats = buildHeats(rulebookId, lineups);
  for (const official of result.heats ?? []) {
    const index = heats.findIndex((heat) => heat.heat_number === official.heat);
    if (index < 0) return officialError(official.heat, messages.officialNoSuchHeat);
    const converted = convertHeat(rulebook, lineups, official);
    if (!converted.ok) return converted;
    heats[index] = converted.heat;
  }
  return { ok: true, heats };
}
