import type {
  OfficialMatchDetail,
  OfficialMatchStatus,
  OfficialMatchSummary,
} from '@speedway/contracts';
import { buildHeats } from '@speedway/rules';
import { storedRulebook } from '../../lib/rulebook';
import type { OfficialDetailRow, OfficialSummaryRow } from './official.repository';

/** Completed once a result exists; live from the start until then; upcoming before it. */
export function officialStatus(
  startsAt: Date | null,
  hasResult: boolean,
  now: Date,
): OfficialMatchStatus {
  if (hasResult) return 'completed';
  return startsAt && startsAt.getTime() <= now.getTime() ? 'live' : 'upcoming';
}

export function toOfficialSummary(row: OfficialSummaryRow, now: Date): OfficialMatchSummary {
  const hasResult = row.resultHome !== null && row.resultAway !== null;
  return {
    id: row.id,
    external_id: row.externalId,
    home_team_id: row.homeTeamId,
    away_team_id: row.awayTeamId,
    home_team: row.homeTeam,
    away_team: row.awayTeam,
    home_short: row.homeShort,
    away_short: row.awayShort,
    start: row.startsAt?.toISOString() ?? null,
    venue: row.venue,
    league: row.competition,
    competition: row.competition,
    season: row.season,
    round: row.round,
    status: officialStatus(row.startsAt, hasResult, now),
    home_score: row.resultHome,
    away_score: row.resultAway,
    tv: row.tv,
    referee: row.referee,
    rulebook: storedRulebook(row.rulebook),
    lineups_ready: row.lineupsReady,
    consumedByCurrentUser: row.protocolId !== null,
    protocol_id: row.protocolId,
    user_match_id: row.userMatchId,
    followed: row.followedAt !== null,
  };
}

export function toOfficialDetail(row: OfficialDetailRow, now: Date): OfficialMatchDetail {
  const summary = toOfficialSummary(row, now);
  return {
    ...summary,
    heats: buildHeats(summary.rulebook, row.lineups),
    lineups: row.lineups,
    result:
      row.resultHome !== null && row.resultAway !== null
        ? { home_score: row.resultHome, away_score: row.resultAway, heats: row.resultHeats }
        : null,
  };
}
