import type { Team, TeamRider, TeamRiders } from '@speedway/contracts';
import { isReserve, standings, type LineupRider, type Lineups } from '@speedway/rules';
import type { AppContext, Auth } from '../../context';
import type { Executor } from '../../db/client';
import { notFound } from '../../lib/errors';
import { protocolLineups } from '../protocol/index';
import { latestLineupNumbers, officialLineups, playedMatches } from '../official/index';
import { teamsRepository, type RiderRow } from './teams.repository';

const TEAM_NOT_FOUND = 'Laget finns inte.';

function teamRider(id: string, name: string, lineupNo: number | null): TeamRider {
  return { id, name, lineup_no: lineupNo, is_reserve: lineupNo === null || isReserve(lineupNo) };
}

/** Line-up order first (1–7), then squad riders outside the line-up by name. */
function byLineup(a: TeamRider, b: TeamRider): number {
  return (a.lineup_no ?? 99) - (b.lineup_no ?? 99) || a.name.localeCompare(b.name, 'sv');
}

function squad(rows: RiderRow[], numbers: ReadonlyMap<string, number>): TeamRider[] {
  return rows.map((r) => teamRider(r.id, r.name, numbers.get(r.id) ?? null)).sort(byLineup);
}

/**
 * The teams in table order: standings from every official result, and each squad. The same for
 * every user: GET /api/teams answers it from teams-cache.ts.
 */
export async function teamsInTableOrder(db: Executor): Promise<Team[]> {
  const [teams, riders, played, numbers] = await Promise.all([
    teamsRepository.list(db),
    teamsRepository.riders(db),
    playedMatches(db),
    latestLineupNumbers(db),
  ]);
  const table = standings(teams, played);
  return table.map((row) => {
    const team = teams.find((t) => t.id === row.team_id)!;
    return {
      id: team.id,
      slug: team.slug,
      name: team.name,
      city: team.city,
      short: team.short,
      arena: team.arena,
      rank: row.rank,
      matches_played: row.played,
      wins: row.wins,
      draws: row.draws,
      losses: row.losses,
      heat_points_for: row.heat_points_for,
      heat_points_against: row.heat_points_against,
      heat_point_difference: row.heat_point_difference,
      bonus_points: row.bonus_points,
      points: row.points,
      form: row.form,
      riders: squad(
        riders.filter((r) => r.teamId === team.id),
        numbers,
      ),
    };
  });
}

/** A match's line-up of a team: the caller's protocol, or else an official match, by id. */
async function matchLineup(
  db: Executor,
  userId: string,
  teamId: string,
  matchId: string,
): Promise<LineupRider[]> {
  const match:
    { homeTeamId: string | null; awayTeamId: string | null; lineups: Lineups } | undefined =
    (await protocolLineups(db, userId, matchId)) ?? (await officialLineups(db, matchId));
  if (!match) throw notFound('Matchen finns inte.');
  if (match.homeTeamId === teamId) return match.lineups.home;
  if (match.awayTeamId === teamId) return match.lineups.away;
  throw notFound('Laget spelar inte i matchen.');
}

/** mains (1–5) and reserves (6–7, then squad riders outside the line-up). */
export async function teamRiders(
  ctx: AppContext,
  { user }: Auth,
  teamId: string,
  matchId: string | undefined,
): Promise<TeamRiders> {
  const team = await teamsRepository.find(ctx.db, teamId);
  if (!team) throw notFound(TEAM_NOT_FOUND);
  const riders = matchId
    ? (await matchLineup(ctx.db, user.id, teamId, matchId))
        .map((r) => teamRider(r.rider_id, r.name, r.lineup_no))
        .sort(byLineup)
    : squad(await teamsRepository.riders(ctx.db, teamId), await latestLineupNumbers(ctx.db));
  return {
    mains: riders.filter((r) => !r.is_reserve),
    reserves: riders.filter((r) => r.is_reserve),
  };
}
