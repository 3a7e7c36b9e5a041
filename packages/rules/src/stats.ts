import type { MatchState } from './match';
import { heatScore, heatWinner, matchScore, scoreResults } from './scoring';
import { SIDES, type Heat, type HeatResult, type MatchScore, type Side } from './types';

export interface RiderTotal {
  points: number;
  bonus_points: number;
  rides: number;
  /** One mark per ride in heat order: points, '*' for a bonus, 'X' when excluded. */
  marks: string[];
}

const NO_RIDES: RiderTotal = { points: 0, bonus_points: 0, rides: 0, marks: [] };

/** A ride as a rider's line marks it: its points, '*' after a bonus, 'X' when excluded. */
export function rideMark(result: HeatResult): string {
  if (result.status === 'excluded') return 'X';
  return result.bonus_points > 0 ? `${result.points}*` : String(result.points);
}

/** Points, bonus and rides per rider id over the heats before `beforeHeat` (all heats by default). */
export function riderTotals(
  heats: readonly Heat[],
  beforeHeat = Infinity,
): Map<string, RiderTotal> {
  const totals = new Map<string, RiderTotal>();
  const ordered = heats
    .filter((heat) => heat.heat_number < beforeHeat)
    .sort((a, b) => a.heat_number - b.heat_number);
  for (const heat of ordered) {
    for (const result of scoreResults(heat.riders, heat.results)) {
      const total = totalFor(totals, result.rider_id);
      totals.set(result.rider_id, {
        points: total.points + result.points,
        bonus_points: total.bonus_points + result.bonus_points,
        rides: total.rides + 1,
        marks: [...total.marks, rideMark(result)],
      });
    }
  }
  return totals;
}

export function totalFor(totals: ReadonlyMap<string, RiderTotal>, riderId: string): RiderTotal {
  return totals.get(riderId) ?? NO_RIDES;
}

export interface RiderLine extends RiderTotal {
  rider_id: string;
  name: string;
  team: Side;
  lineup_no: number;
  /** "12+2", or "7" without bonus. */
  score_text: string;
  /** As published in match reports (see the reference match): "(3,2*,3,2*,2) 12+2". */
  line: string;
  /** The scorecard order: "12+2 (3,2*,3,2*,2)". */
  scorecard: string;
}

/** A line per line-up rider, home then away, by number; a rider without rides shows "(-) 0". */
export function riderLines(match: Pick<MatchState, 'lineups' | 'heats'>): RiderLine[] {
  const totals = riderTotals(match.heats);
  return SIDES.flatMap((side) =>
    [...match.lineups[side]]
      .sort((a, b) => a.lineup_no - b.lineup_no)
      .map((rider) => {
        const total = totalFor(totals, rider.rider_id);
        const scoreText =
          total.bonus_points > 0 ? `${total.points}+${total.bonus_points}` : String(total.points);
        const marks = `(${total.marks.join(',') || '-'})`;
        return {
          rider_id: rider.rider_id,
          name: rider.name,
          team: side,
          lineup_no: rider.lineup_no,
          ...total,
          score_text: scoreText,
          line: `${marks} ${scoreText}`,
          scorecard: `${scoreText} ${marks}`,
        };
      }),
  );
}

export interface TeamStats {
  points: number;
  bonus_points: number;
  heats_won: number;
  heats_drawn: number;
  /** Heats where the team's pair took 1st and 2nd (5–1, or 5–0 after an exclusion). */
  five_one: number;
}

export function teamStats(match: Pick<MatchState, 'lineups' | 'heats'>): Record<Side, TeamStats> {
  const totals = riderTotals(match.heats);
  const scores = match.heats.filter((heat) => heat.results.length > 0).map(heatScore);
  const stats = (side: Side): TeamStats => ({
    points: scores.reduce((sum, score) => sum + score[side], 0),
    bonus_points: match.lineups[side].reduce(
      (sum, rider) => sum + totalFor(totals, rider.rider_id).bonus_points,
      0,
    ),
    heats_won: scores.filter((score) => heatWinner(score) === side).length,
    heats_drawn: scores.filter((score) => heatWinner(score) === 'draw').length,
    // Only 3 + 2 makes 5 heat points.
    five_one: scores.filter((score) => score[side] === 5).length,
  });
  return { home: stats('home'), away: stats('away') };
}

export interface MatchStats {
  score: MatchScore;
  riders: RiderLine[];
  teams: Record<Side, TeamStats>;
}

/** Everything the 'Match-statistik' view shows. */
export function matchStats(match: Pick<MatchState, 'lineups' | 'heats'>): MatchStats {
  return { score: matchScore(match.heats), riders: riderLines(match), teams: teamStats(match) };
}
