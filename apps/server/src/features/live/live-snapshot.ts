import type { LiveSnapshot } from '@speedway/contracts';
import { HEATS_PER_MATCH, riderLines, runningScores, type Heat } from '@speedway/rules';
import type { LiveProtocolRow } from './live.repository';

/**
 * What a live link shows of a protocol: the match, its heats and the totals worked out by the
 * engine. Only fields of the match itself: never the owner (created_by), ids or times of the
 * protocol, so a viewer learns nothing about who keeps it.
 */
export function toLiveSnapshot(row: LiveProtocolRow, heats: Heat[]): LiveSnapshot {
  return {
    version: row.revision,
    home_team: row.homeTeam,
    away_team: row.awayTeam,
    home_team_short: row.homeShort,
    away_team_short: row.awayShort,
    date: row.startsAt?.toISOString() ?? null,
    venue: row.venue,
    competition: row.competition,
    round: row.round,
    status: row.status,
    home_score: row.homeScore,
    away_score: row.awayScore,
    completed_heats: row.completedHeats,
    total_heats: HEATS_PER_MATCH,
    heats,
    running: runningScores(heats),
    riders: riderLines({ lineups: row.lineups, heats }).map((line) => ({
      name: line.name,
      team: line.team,
      lineup_no: line.lineup_no,
      points: line.points,
      bonus_points: line.bonus_points,
      score_text: line.score_text,
      scorecard: line.scorecard,
    })),
  };
}
