import type { RuleErrorCode } from './rule-errors';
// Plain, serialisable data shared by the server (stored as JSON) and the web app. Field names follow
// the spec (snake_case) so nothing has to be mapped at the API boundary.

export type Side = 'home' | 'away';
export type Helmet = 'röd' | 'blå' | 'vit' | 'gul';
export type Lane = '1' | '2' | '3' | '4';
export type Position = 0 | 1 | 2 | 3 | 4;
export type ResultStatus = 'completed' | 'excluded';
export type HeatStatus = 'upcoming' | 'confirmed' | 'live' | 'completed';

export const SIDES: readonly Side[] = ['home', 'away'];
export const LANES: readonly Lane[] = ['1', '2', '3', '4'];
export const HELMETS: readonly Helmet[] = ['röd', 'blå', 'vit', 'gul'];
export const HEATS_PER_MATCH = 15;
export const RIDERS_PER_HEAT = 4;

/** A rider of a team's line-up; numbers 1–5 are main riders, 6–7 reserves. */
export interface LineupRider {
  rider_id: string;
  name: string;
  team: Side;
  lineup_no: number;
}

export interface Lineups {
  home: LineupRider[];
  away: LineupRider[];
}

/** The rider on one lane (gate) of a heat. */
export interface LaneRider {
  rider_id: string;
  name: string;
  team: Side;
  lineup_no: number;
  helmet_color: Helmet;
  /** The lane belongs to a reserve heat and is closed to ordinary swaps. */
  locked: boolean;
  /** Line-up number of the rider programmed (or nominated) for this lane, when someone else rides. */
  replaces?: number;
}

export interface ResultInput {
  rider_id: string;
  position: Position;
  status: ResultStatus;
}

/**
 * Svemo TA's result codes, as the legend of every scorecard lists them: OK (rode as programmed),
 * N (did not come to the start), FN (fell, did not come to the restart), F (fell), FX (fell,
 * excluded), X (excluded), TT (touched the tapes), R (stopped), RR (rider replacement), M
 * (excluded under the two-minute rule).
 */
export const RESULT_CODES = ['OK', 'N', 'FN', 'F', 'FX', 'X', 'TT', 'R', 'RR', 'M'] as const;
export type ResultCode = (typeof RESULT_CODES)[number];

export interface HeatResult extends ResultInput {
  points: number;
  bonus_points: number;
  /**
   * The source's code for the ride, on official heats only, and only when it said more than OK
   * (season statistics count them). Protocol heats never carry one; the comparison ignores it.
   */
  code?: ResultCode;
}

export type HeatRiders = Partial<Record<Lane, LaneRider>>;

export interface Heat {
  heat_number: number;
  status: HeatStatus;
  /** Empty for a nominated heat until it is nominated. */
  riders: HeatRiders;
  results: HeatResult[];
  /** The heat was saved with manual unlock (R/R), which bypasses the swap limits. */
  rr: boolean;
  /** A tactical reserve rides in this heat. */
  tactical: boolean;
}

export type Score = Record<Side, number>;

export interface MatchScore {
  home_score: number;
  away_score: number;
}

export interface RuleError {
  /** UPPER_SNAKE code for programs: one of RULE_ERROR_CODES. */
  code: RuleErrorCode;
  /** Swedish text for the user. */
  message: string;
  status: 400 | 409;
}

export interface Failure {
  ok: false;
  error: RuleError;
}

export function fail(code: RuleErrorCode, message: string, status: 400 | 409 = 400): Failure {
  return { ok: false, error: { code, message, status } };
}

export function otherSide(side: Side): Side {
  return side === 'home' ? 'away' : 'home';
}
