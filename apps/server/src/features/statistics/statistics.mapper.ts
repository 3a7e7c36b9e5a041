import type {
  HeadToHeadReply,
  RiderSeasonLineReply,
  RiderStats,
  StatsTeamRef,
  TeamSeasonStats,
} from '@speedway/contracts';
import type {
  HeadToHead,
  MeetingRide,
  RiderSeason,
  RiderSeasonLine,
  TeamSeason,
} from '@speedway/rules';

// The rules engine's figures (packages/rules/src/season-stats/types.ts) as the API's replies
// (packages/contracts/src/statistics.ts): team ids become { id, name, short }.

export type TeamRefOf = (teamId: string) => StatsTeamRef;

/** A team the official data names always exists (foreign keys); a blank name would be a bug. */
export function teamRefs(teams: ReadonlyMap<string, StatsTeamRef>): TeamRefOf {
  return (id) => teams.get(id) ?? { id, name: '', short: null };
}

export function toLine(line: RiderSeasonLine, ref: TeamRefOf): RiderSeasonLineReply {
  const { team_ids, ...figures } = line;
  return { ...figures, teams: team_ids.map(ref) };
}

const EMPTY_RIDER = { line: null, gates: [], kinds: [], matches: [], opponents: [] };

export function toRiderStats(
  rider: { id: string; name: string },
  season: number | null,
  seasons: number[],
  figures: RiderSeason | undefined,
  ref: TeamRefOf,
): RiderStats {
  if (!figures) return { rider, season, seasons, ...EMPTY_RIDER };
  return {
    rider,
    season,
    seasons,
    line: toLine(figures.line, ref),
    gates: figures.gates,
    kinds: figures.kinds,
    matches: figures.matches.map(({ team_id, opponent_id, ...match }) => ({
      ...match,
      team: ref(team_id),
      opponent: ref(opponent_id),
    })),
    opponents: figures.opponents,
  };
}

function toRide({ team_id, ...ride }: MeetingRide, ref: TeamRefOf) {
  return { ...ride, team: ref(team_id) };
}

export function toHeadToHead(
  season: number | null,
  rider: { id: string; name: string },
  opponent: { id: string; name: string },
  figures: HeadToHead | null,
  ref: TeamRefOf,
): HeadToHeadReply {
  return {
    season,
    rider,
    opponent,
    met: figures?.met ?? 0,
    ahead: figures?.ahead ?? 0,
    behind: figures?.behind ?? 0,
    meetings: (figures?.meetings ?? []).map((meeting) => ({
      match_id: meeting.match_id,
      starts_at: meeting.starts_at,
      heat_number: meeting.heat_number,
      rider: toRide(meeting.rider, ref),
      opponent: toRide(meeting.opponent, ref),
      ahead: meeting.ahead,
    })),
  };
}

const EMPTY_VENUE = {
  matches: 0,
  wins: 0,
  draws: 0,
  losses: 0,
  points_for: 0,
  points_against: 0,
};

export function toTeamStats(
  team: StatsTeamRef,
  season: number | null,
  seasons: number[],
  figures: TeamSeason | undefined,
  ref: TeamRefOf,
): TeamSeasonStats {
  if (!figures) {
    return {
      team,
      season,
      seasons,
      home: EMPTY_VENUE,
      away: EMPTY_VENUE,
      form: [],
      gates: { all: [], home: [], away: [] },
      riders: [],
    };
  }
  return {
    team,
    season,
    seasons,
    home: figures.home,
    away: figures.away,
    form: figures.form.map(({ opponent_id, ...line }) => ({ ...line, opponent: ref(opponent_id) })),
    gates: figures.gates,
    riders: figures.riders.map((line) => toLine(line, ref)),
  };
}
