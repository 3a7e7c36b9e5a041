import { teamShort } from '@/lib/team-names';
import type { Match } from '@speedway/contracts';
import type { MatchState, Side } from '@speedway/rules';

/** The engine's view of a protocol: its rulebook, line-ups, heats and its own tactical rules. */
export function toMatchState(match: Pick<Match, 'meta' | 'lineups' | 'heats'>): MatchState {
  return {
    rulebook: match.meta.rules.rulebook,
    lineups: match.lineups,
    heats: match.heats,
    tactical: match.meta.rules.tactical,
  };
}

export type TeamShorts = Record<Side, string>;

export function teamShorts(
  match: Pick<Match, 'home_team' | 'away_team' | 'home_team_short' | 'away_team_short'>,
): TeamShorts {
  return {
    home: teamShort(match.home_team, match.home_team_short, 'home'),
    away: teamShort(match.away_team, match.away_team_short, 'away'),
  };
}

/** '1:a', '2:a', '3:e', '4:e'. */
export function ordinal(position: number): string {
  return `${position}:${position <= 2 ? 'a' : 'e'}`;
}
