import type { Match, MatchSummary } from '@speedway/contracts';
import {
  getRulebook,
  HEATS_PER_MATCH,
  protocolDerived,
  type Heat,
  type MatchState,
} from '@speedway/rules';
import { storedRulebook } from '../../lib/rulebook';
import type { DerivedFields, MatchRow } from './protocol.repository';

/** The engine's view of a stored protocol. */
export function toMatchState(row: MatchRow, heats: Heat[]): MatchState {
  return {
    rulebook: storedRulebook(row.rulebook),
    lineups: row.lineups,
    heats,
    tactical: row.tactical,
  };
}

/** The engine's derived fields of the heats (protocolDerived) as the row's columns. */
export function derivedColumns(state: MatchState, current?: MatchRow['status']): DerivedFields {
  const derived = protocolDerived(state, current);
  return {
    homeScore: derived.home_score,
    awayScore: derived.away_score,
    completedHeats: derived.completed_heats,
    status: derived.status,
  };
}

export function toMatchSummary(row: MatchRow): MatchSummary {
  return {
    id: row.id,
    official_match_id: row.officialMatchId,
    home_team_id: row.homeTeamId,
    away_team_id: row.awayTeamId,
    home_team: row.homeTeam,
    away_team: row.awayTeam,
    home_team_short: row.homeShort,
    away_team_short: row.awayShort,
    date: row.startsAt?.toISOString() ?? null,
    venue: row.venue,
    competition: row.competition,
    round: row.round,
    status: row.status,
    created_by: row.createdBy,
    home_score: row.homeScore,
    away_score: row.awayScore,
    completed_heats: row.completedHeats,
    total_heats: HEATS_PER_MATCH,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    confirmed_at: row.confirmedAt?.toISOString() ?? null,
  };
}

export function toMatch(row: MatchRow, heats: Heat[]): Match {
  const rulebook = storedRulebook(row.rulebook);
  return {
    ...toMatchSummary(row),
    heats,
    lineups: row.lineups,
    meta: {
      rules: {
        rulebook,
        tactical: row.tactical,
        nominated_heats: [...getRulebook(rulebook).nominated_heats],
      },
    },
  };
}
