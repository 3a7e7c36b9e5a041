import type {
  HeadToHeadReply,
  RiderRanking,
  RiderRankingQuery,
  RiderStats,
  TeamSeasonStats,
} from '@speedway/contracts';
import { headToHead, rankRiders } from '@speedway/rules';
import type { Auth } from '../../context';
import { notFound } from '../../lib/errors';
import type { SeasonData, StatisticsCache, StatsIndex } from './statistics-cache';
import { teamRefs, toHeadToHead, toLine, toRiderStats, toTeamStats } from './statistics.mapper';

export const RIDER_NOT_FOUND = 'Föraren finns inte.';
export const TEAM_NOT_FOUND = 'Laget finns inte.';

type Rider = { id: string; name: string; seasons: number[] };

/**
 * The rider a route's id names: an identity, or a squad rider (riders.id, what line-ups and
 * protocols carry) by his entry of `season`, else his newest. His seasons are those of his entries
 * that have official heats: the seasons he was in an official line-up of a match with heats.
 */
function riderOf(index: StatsIndex, id: string, season: number | undefined): Rider {
  let identityId: string | undefined = index.identities.has(id) ? id : undefined;
  if (!identityId) {
    const entries = [...(index.entriesOfRider.get(id) ?? [])].sort(
      (a, b) => (b.season ?? -Infinity) - (a.season ?? -Infinity),
    );
    identityId = (entries.find((e) => e.season === season) ?? entries[0])?.identityId;
  }
  const identity = identityId === undefined ? undefined : index.identities.get(identityId);
  if (!identity) throw notFound(RIDER_NOT_FOUND);
  const withHeats = new Set(index.seasons);
  const seasons = [...identity.seasons]
    .filter((s): s is number => s !== null && withHeats.has(s))
    .sort((a, b) => b - a);
  return { id: identityId!, name: identity.name, seasons };
}

/**
 * The season a reply is of: the one asked for, else the newest of `own` (the rider's or team's
 * seasons), else the newest with official heats. Null when it has nothing to show, so that a
 * page answers empty rather than fails: riders need heats; a team's home and away record needs
 * results only (`results`).
 */
async function seasonData(
  cache: StatisticsCache,
  auth: Auth,
  index: StatsIndex,
  asked: number | undefined,
  own: readonly number[] = [],
  shows: 'heats' | 'results' = 'heats',
): Promise<SeasonData | null> {
  const season = asked ?? own[0] ?? index.seasons[0];
  if (season === undefined) return null;
  // Only seasons with data are loaded: a request for any year cannot fill the cache.
  const has = shows === 'heats' ? index.seasons.includes(season) : index.played.has(season);
  return has ? cache.season(auth, season) : null;
}

/** GET /api/stats/riders: the season's riders, filtered and sorted by the rules' rankRiders. */
export async function riderRanking(
  cache: StatisticsCache,
  auth: Auth,
  query: RiderRankingQuery,
): Promise<RiderRanking> {
  const index = await cache.index(auth);
  const data = await seasonData(cache, auth, index, query.season);
  const ref = teamRefs(index.teams);
  const lines = data
    ? rankRiders(data.lines, {
        ...(query.sort ? { sort: query.sort } : {}),
        ...(query.team_id ? { team_id: query.team_id } : {}),
        ...(query.min_heats !== undefined ? { min_heats: query.min_heats } : {}),
      })
    : [];
  return {
    season: data?.season ?? null,
    seasons: index.seasons,
    riders: lines.map((line) => toLine(line, ref)),
  };
}

/** GET /api/stats/riders/{id}: a rider's season; his newest season without ?season=. */
export async function riderStats(
  cache: StatisticsCache,
  auth: Auth,
  id: string,
  season: number | undefined,
): Promise<RiderStats> {
  const index = await cache.index(auth);
  const rider = riderOf(index, id, season);
  const data = await seasonData(cache, auth, index, season, rider.seasons);
  return toRiderStats(
    { id: rider.id, name: rider.name },
    data?.season ?? null,
    rider.seasons,
    data?.stats.riders[rider.id],
    teamRefs(index.teams),
  );
}

/** GET /api/stats/riders/{id}/head-to-head/{opponentId}: every heat the two met in a season. */
export async function riderHeadToHead(
  cache: StatisticsCache,
  auth: Auth,
  id: string,
  opponentId: string,
  season: number | undefined,
): Promise<HeadToHeadReply> {
  const index = await cache.index(auth);
  const rider = riderOf(index, id, season);
  const opponent = riderOf(index, opponentId, season);
  const data = await seasonData(cache, auth, index, season, rider.seasons);
  return toHeadToHead(
    data?.season ?? null,
    { id: rider.id, name: rider.name },
    { id: opponent.id, name: opponent.name },
    data ? headToHead(data.matches, rider.id, opponent.id) : null,
    teamRefs(index.teams),
  );
}

/** GET /api/stats/teams/{id}: a team's season; its newest season without ?season=. */
export async function teamStats(
  cache: StatisticsCache,
  auth: Auth,
  teamId: string,
  season: number | undefined,
): Promise<TeamSeasonStats> {
  const index = await cache.index(auth);
  const team = index.teams.get(teamId);
  if (!team) throw notFound(TEAM_NOT_FOUND);
  const seasons = index.teamSeasons.get(teamId) ?? [];
  const data = await seasonData(cache, auth, index, season, seasons, 'results');
  return toTeamStats(
    team,
    data?.season ?? null,
    seasons,
    data?.stats.teams[teamId],
    teamRefs(index.teams),
  );
}
