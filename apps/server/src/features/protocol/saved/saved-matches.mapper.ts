import type { SavedMatch, SavedMatchSummary } from '@speedway/contracts';
import { HEATS_PER_MATCH, heatScore, riderLines, teamStats, type Side } from '@speedway/rules';
import { storedRulebook } from '../../../lib/rulebook';
import type { SavedDetailRow, SavedSummaryRow } from './saved-matches.repository';

function officialTotals(official: { homeScore: number | null; awayScore: number | null } | null) {
  return official && official.homeScore !== null && official.awayScore !== null
    ? { home_score: official.homeScore, away_score: official.awayScore }
    : null;
}

export function toSavedSummary(row: SavedSummaryRow): SavedMatchSummary {
  const { protocol } = row;
  return {
    id: row.id,
    match_id: row.matchId,
    official_match_id: protocol.officialMatchId,
    home_team: protocol.homeTeam,
    away_team: protocol.awayTeam,
    home_team_short: protocol.homeShort,
    away_team_short: protocol.awayShort,
    date: protocol.startsAt?.toISOString() ?? null,
    venue: protocol.venue,
    competition: protocol.competition,
    round: protocol.round,
    status: row.status,
    resolution: row.resolution,
    home_score: row.homeScore,
    away_score: row.awayScore,
    official_results: officialTotals(row.official),
    completed_heats: protocol.completedHeats,
    total_heats: HEATS_PER_MATCH,
    differing_heats: row.heatDiscrepancies.map((d) => d.heat_number),
    heats: [...row.heats]
      .sort((a, b) => a.heat_number - b.heat_number)
      .map((heat) => ({ heat_number: heat.heat_number, ...heatScore(heat) })),
    match: {
      id: row.matchId,
      status: protocol.status,
      home_team: protocol.homeTeam,
      away_team: protocol.awayTeam,
      date: protocol.startsAt?.toISOString() ?? null,
      venue: protocol.venue,
    },
    completed_at: row.completedAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The detail screen's data; statistics are the engine's, from the points in user_results. */
export function toSavedMatch({ copy, protocol, official }: SavedDetailRow): SavedMatch {
  const results = { lineups: protocol.lineups, heats: copy.heats };
  const lines = riderLines(results);
  const totals = teamStats(results);
  const team = (side: Side) => ({
    totals: totals[side],
    riders: lines.filter((line) => line.team === side),
  });
  return {
    id: copy.id,
    match_id: copy.matchId,
    official_match_id: protocol.officialMatchId,
    status: copy.status,
    resolution: copy.resolution,
    resolved_at: copy.resolvedAt?.toISOString() ?? null,
    completed_at: copy.completedAt.toISOString(),
    updated_at: copy.updatedAt.toISOString(),
    match_details: {
      home_team: protocol.homeTeam,
      away_team: protocol.awayTeam,
      home_team_short: protocol.homeShort,
      away_team_short: protocol.awayShort,
      date: protocol.startsAt?.toISOString() ?? null,
      venue: protocol.venue,
      competition: protocol.competition,
      round: protocol.round,
      rulebook: storedRulebook(protocol.rulebook),
    },
    user_results: { home_score: copy.homeScore, away_score: copy.awayScore, heats: copy.heats },
    official_results: official && {
      home_score: official.homeScore,
      away_score: official.awayScore,
      heats: official.heats,
    },
    discrepancies: copy.discrepancies,
    heat_discrepancies: copy.heatDiscrepancies,
    lineups: protocol.lineups,
    statistics: { home: team('home'), away: team('away') },
  };
}
