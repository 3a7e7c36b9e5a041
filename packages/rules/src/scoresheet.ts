import { isHeatComplete } from './heat';
import type { MatchState } from './match';
import { getRulebook, isNominatedHeat } from './rulebooks';
import { heatScore, scoreResults } from './scoring';
import { rideMark, riderLines, teamStats } from './stats';
import {
  LANES,
  SIDES,
  type Helmet,
  type Lane,
  type MatchScore,
  type Position,
  type ResultStatus,
  type Score,
  type Side,
} from './types';

// The scoresheet (ADR 011): what the printed A4 sheet, the PDF, the CSV and the JSON export
// show, computed once from a protocol's heats. Everything here reuses the engine's scoring, so
// the sheet's points, bonus and totals are the protocol's.

/** The match a sheet is of; the referee only for a protocol of an official match. */
export interface ScoresheetDetails {
  home_team: string;
  away_team: string;
  /** ISO 8601, or null. */
  date: string | null;
  venue: string | null;
  competition: string | null;
  round: number | null;
  referee: string | null;
}

/** One gate of a heat: who rode it and (once registered) how. */
export interface ScoresheetEntry {
  gate: Lane;
  helmet: Helmet;
  team: Side;
  rider_id: string;
  name: string;
  lineup_no: number;
  /** Line-up number of the programmed (or nominated) rider this one replaced. */
  replaces: number | null;
  /** null until the heat has a result for this rider. */
  position: Position | null;
  status: ResultStatus | null;
  points: number | null;
  bonus_points: number | null;
  /** As in a rider's line: '3', '2*', 'X', or '' without a result. */
  mark: string;
}

export interface ScoresheetHeat {
  heat_number: number;
  /** A nominated heat (heat 15, and 14 under the 2019 rulebook). */
  nominated: boolean;
  tactical: boolean;
  rr: boolean;
  complete: boolean;
  /** The gates with a rider, in gate order; empty for a nominated heat not yet nominated. */
  entries: ScoresheetEntry[];
  /** Heat points per team; null while the heat is not complete. */
  heat_score: Score | null;
  /** The match score after this heat; null while the heat is not complete. */
  running_score: Score | null;
}

export interface ScoresheetRider {
  rider_id: string;
  name: string;
  lineup_no: number;
  points: number;
  bonus_points: number;
  rides: number;
  /** Per ride in heat order: '3', '2*', 'X'. */
  marks: string[];
  /** "12+2 (3,2*,3,2*,2)". */
  scorecard: string;
}

export interface ScoresheetTeam {
  name: string;
  points: number;
  bonus_points: number;
  riders: ScoresheetRider[];
}

/** A heat's nomination: the riders named for it, per team, in gate order. */
export interface ScoresheetNomination {
  heat_number: number;
  home: string[];
  away: string[];
}

export interface Scoresheet {
  details: ScoresheetDetails;
  rulebook: MatchState['rulebook'];
  score: MatchScore;
  completed_heats: number;
  teams: Record<Side, ScoresheetTeam>;
  heats: ScoresheetHeat[];
  /** The nominated heats, nominated or not (names empty until they are). */
  nominations: ScoresheetNomination[];
}

export type ScoresheetSource = Pick<MatchState, 'rulebook' | 'lineups' | 'heats'>;

function heatRows(match: ScoresheetSource): ScoresheetHeat[] {
  const rulebook = getRulebook(match.rulebook);
  const running: Score = { home: 0, away: 0 };
  return [...match.heats]
    .sort((a, b) => a.heat_number - b.heat_number)
    .map((heat) => {
      const results = new Map(
        scoreResults(heat.riders, heat.results).map((result) => [result.rider_id, result]),
      );
      const entries = LANES.flatMap((gate): ScoresheetEntry[] => {
        const rider = heat.riders[gate];
        if (!rider) return [];
        const result = results.get(rider.rider_id);
        return [
          {
            gate,
            helmet: rider.helmet_color,
            team: rider.team,
            rider_id: rider.rider_id,
            name: rider.name,
            lineup_no: rider.lineup_no,
            replaces: rider.replaces ?? null,
            position: result?.position ?? null,
            status: result?.status ?? null,
            points: result?.points ?? null,
            bonus_points: result?.bonus_points ?? null,
            mark: result ? rideMark(result) : '',
          },
        ];
      });
      const complete = isHeatComplete(heat);
      // As runningScores: every heat's points count, a heat still open adds what it has.
      const points = heatScore(heat);
      running.home += points.home;
      running.away += points.away;
      return {
        heat_number: heat.heat_number,
        nominated: isNominatedHeat(rulebook, heat.heat_number),
        tactical: heat.tactical,
        rr: heat.rr,
        complete,
        entries,
        heat_score: complete ? points : null,
        running_score: complete ? { ...running } : null,
      };
    });
}

/** The sheet of a protocol (or, with heats and no results, the blank sheet of a match). */
export function scoresheet(match: ScoresheetSource, details: ScoresheetDetails): Scoresheet {
  const heats = heatRows(match);
  const lines = riderLines(match);
  const stats = teamStats(match);
  const team = (side: Side): ScoresheetTeam => ({
    name: side === 'home' ? details.home_team : details.away_team,
    points: stats[side].points,
    bonus_points: stats[side].bonus_points,
    riders: lines
      .filter((line) => line.team === side)
      .map((line) => ({
        rider_id: line.rider_id,
        name: line.name,
        lineup_no: line.lineup_no,
        points: line.points,
        bonus_points: line.bonus_points,
        rides: line.rides,
        marks: line.marks,
        scorecard: line.scorecard,
      })),
  });
  const teams = { home: team('home'), away: team('away') };
  return {
    details,
    rulebook: match.rulebook,
    score: { home_score: teams.home.points, away_score: teams.away.points },
    completed_heats: heats.filter((heat) => heat.complete).length,
    teams,
    heats,
    nominations: heats
      .filter((heat) => heat.nominated)
      .map((heat) => {
        const names = (side: Side) =>
          heat.entries.filter((entry) => entry.team === side).map((entry) => entry.name);
        return { heat_number: heat.heat_number, home: names('home'), away: names('away') };
      }),
  };
}

/**
 * What the sheet of a protocol is made of, from the protocol (or a saved copy's parts) as the API
 * gives it: the engine's input and the match's details. A protocol carries no referee; the caller
 * adds the official match's when it has it.
 */
export function scoresheetSourceOf(
  protocol: ScoresheetSource & Omit<ScoresheetDetails, 'referee'>,
  referee: string | null = null,
): { sheet: ScoresheetSource; details: ScoresheetDetails } {
  return {
    sheet: { rulebook: protocol.rulebook, lineups: protocol.lineups, heats: protocol.heats },
    details: {
      home_team: protocol.home_team,
      away_team: protocol.away_team,
      date: protocol.date,
      venue: protocol.venue,
      competition: protocol.competition,
      round: protocol.round,
      referee,
    },
  };
}

/** Both teams' names, home first, for texts that name the match. */
export function scoresheetTitle(sheet: Pick<Scoresheet, 'teams'>): string {
  return SIDES.map((side) => sheet.teams[side].name).join(' – ');
}
