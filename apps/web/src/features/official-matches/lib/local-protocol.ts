import type {
  Match,
  MatchSummary,
  OfficialMatchDetail,
  TeamRider,
  TeamRiders,
} from '@speedway/contracts';
import {
  checkLineups,
  createMatch,
  getRulebook,
  HEATS_PER_MATCH,
  isReserve,
  protocolDerived,
  tacticalRules,
  type LineupRider,
} from '@speedway/rules';

// ADR 019: a protocol started without a network is made on the device from what the app knows of
// the official match (rulebook, line-ups), by the engine the server creates it with
// (apps/server/src/features/protocol/protocol.service.ts, createProtocol).

/**
 * The protocol the server's start would create, under the id the device chose; null when the
 * line-ups are not there or the engine refuses them (the server would refuse them too).
 */
export function localProtocol(
  official: OfficialMatchDetail,
  userId: string,
  id: string,
  now = new Date(),
): Match | null {
  const { rulebook, lineups } = official;
  if (!official.lineups_ready || lineups.home.length === 0 || lineups.away.length === 0) {
    return null;
  }
  if (checkLineups(lineups)) return null;
  const state = createMatch(rulebook, lineups);
  const at = now.toISOString();
  return {
    id,
    official_match_id: official.id,
    home_team_id: official.home_team_id,
    away_team_id: official.away_team_id,
    home_team: official.home_team,
    away_team: official.away_team,
    home_team_short: official.home_short,
    away_team_short: official.away_short,
    date: official.start,
    venue: official.venue,
    competition: official.competition,
    round: official.round,
    ...protocolDerived(state),
    created_by: userId,
    total_heats: HEATS_PER_MATCH,
    created_at: at,
    updated_at: at,
    confirmed_at: null,
    heats: state.heats,
    lineups,
    meta: {
      rules: {
        rulebook,
        tactical: tacticalRules(rulebook),
        nominated_heats: [...getRulebook(rulebook).nominated_heats],
      },
    },
  };
}

/** A protocol as its list shows it. */
export function summaryOf({ heats: _heats, lineups: _lineups, meta: _meta, ...summary }: Match) {
  return summary satisfies MatchSummary;
}

const byLineup = (a: TeamRider, b: TeamRider) =>
  (a.lineup_no ?? 99) - (b.lineup_no ?? 99) || a.name.localeCompare(b.name, 'sv');

/**
 * A team's riders in a protocol, as the server answers them for it (teams.service.ts,
 * teamRiders with a match): the line-up, mains 1–5 and reserves 6–7.
 */
export function lineupRiders(lineup: readonly LineupRider[]): TeamRiders {
  const riders = lineup
    .map((r) => ({
      id: r.rider_id,
      name: r.name,
      lineup_no: r.lineup_no,
      is_reserve: isReserve(r.lineup_no),
    }))
    .sort(byLineup);
  return {
    mains: riders.filter((r) => !r.is_reserve),
    reserves: riders.filter((r) => r.is_reserve),
  };
}
