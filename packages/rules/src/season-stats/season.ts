import { riderTotals, totalFor, type RiderTotal } from '../stats';
import { otherSide, type Side } from '../types';
import { byMatch, gateLines, kindLines, seasonLine } from './lines';
import { aheadOf, heatKey, heatsRidden } from './meetings';
import { chronological } from './order';
import { rankRiders } from './rank';
import { matchRides, teamOf, type Ride } from './rides';
import type {
  OpponentLine,
  RiderMatchLine,
  RiderSeason,
  StatsMatch,
  TeamFormLine,
  TeamSeason,
  VenueRecord,
} from './types';

export interface SeasonStatistics {
  /** Every rider with at least one ride, by rider id. */
  riders: Record<string, RiderSeason>;
  /** Every team of the matches, by team id. */
  teams: Record<string, TeamSeason>;
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}

type MatchTotals = ReadonlyMap<string, ReadonlyMap<string, RiderTotal>>;

/** A rider's matches, newest first, as his line on each scorecard reads (riderTotals). */
function matchLines(
  riderId: string,
  rides: readonly Ride[],
  totals: MatchTotals,
): RiderMatchLine[] {
  return [...byMatch(rides).values()].reverse().map(([first]) => {
    const { match, side, team_id } = first!;
    const total = totalFor(totals.get(match.id)!, riderId);
    return {
      match_id: match.id,
      starts_at: match.starts_at,
      team_id,
      opponent_id: teamOf(match, otherSide(side)),
      side,
      heats: total.rides,
      points: total.points,
      bonus_points: total.bonus_points,
      marks: total.marks,
    };
  });
}

function opponentLines(
  riderId: string,
  rides: readonly Ride[],
  heats: ReadonlyMap<string, Ride[]>,
  names: ReadonlyMap<string, string>,
): OpponentLine[] {
  const lines = new Map<string, OpponentLine>();
  for (const ride of rides) {
    for (const other of heats.get(heatKey(ride))!) {
      const id = other.rider.rider_id;
      if (id === riderId) continue;
      const line = lines.get(id) ?? {
        rider_id: id,
        name: names.get(id)!,
        met: 0,
        ahead: 0,
        behind: 0,
      };
      const ahead = aheadOf(ride.result, other.result);
      lines.set(id, {
        ...line,
        met: line.met + 1,
        ahead: line.ahead + (ahead === 'rider' ? 1 : 0),
        behind: line.behind + (ahead === 'opponent' ? 1 : 0),
      });
    }
  }
  return [...lines.values()].sort(
    (a, b) =>
      b.met - a.met || a.name.localeCompare(b.name, 'sv') || a.rider_id.localeCompare(b.rider_id),
  );
}

function venueRecord(lines: readonly TeamFormLine[], side: Side): VenueRecord {
  const at = lines.filter((line) => line.side === side);
  return {
    matches: at.length,
    wins: at.filter((line) => line.result === 'V').length,
    draws: at.filter((line) => line.result === 'O').length,
    losses: at.filter((line) => line.result === 'F').length,
    points_for: at.reduce((total, line) => total + line.score_for, 0),
    points_against: at.reduce((total, line) => total + line.score_against, 0),
  };
}

function formLine(match: StatsMatch, side: Side): TeamFormLine {
  const scoreFor = side === 'home' ? match.home_score : match.away_score;
  const scoreAgainst = side === 'home' ? match.away_score : match.home_score;
  let result: TeamFormLine['result'] = 'O';
  if (scoreFor > scoreAgainst) result = 'V';
  else if (scoreFor < scoreAgainst) result = 'F';
  return {
    match_id: match.id,
    starts_at: match.starts_at,
    side,
    opponent_id: teamOf(match, otherSide(side)),
    score_for: scoreFor,
    score_against: scoreAgainst,
    result,
  };
}

function teamSeason(
  teamId: string,
  matches: readonly StatsMatch[],
  rides: readonly Ride[],
  names: ReadonlyMap<string, string>,
): TeamSeason {
  const form = matches.flatMap((match) => {
    if (match.home_team_id === teamId) return [formLine(match, 'home')];
    return match.away_team_id === teamId ? [formLine(match, 'away')] : [];
  });
  const own = rides.filter((ride) => ride.team_id === teamId);
  const riders = [...groupBy(own, (ride) => ride.rider.rider_id)].map(([id, of]) =>
    seasonLine(id, names.get(id)!, of),
  );
  return {
    team_id: teamId,
    home: venueRecord(form, 'home'),
    away: venueRecord(form, 'away'),
    form,
    gates: {
      all: gateLines(own),
      home: gateLines(own.filter((ride) => ride.side === 'home')),
      away: gateLines(own.filter((ride) => ride.side === 'away')),
    },
    riders: rankRiders(riders),
  };
}

/** The rides of a season's matches, oldest match first, each match's in heat and gate order. */
export function seasonRides(matches: readonly StatsMatch[]): Ride[] {
  return chronological(matches).flatMap(matchRides);
}

/** A rider's name as his newest ride gives it. */
export function riderNames(rides: readonly Ride[]): Map<string, string> {
  return new Map(rides.map((ride) => [ride.rider.rider_id, ride.rider.name]));
}

/**
 * Everything the statistics show for one season's official matches (see index.ts for what each
 * figure means). A match without heats counts for its teams' form and records only.
 */
export function seasonStatistics(matches: readonly StatsMatch[]): SeasonStatistics {
  const ordered = chronological(matches);
  const rides = seasonRides(ordered);
  const names = riderNames(rides);
  const heats = heatsRidden(rides);
  const totals = new Map(ordered.map((match) => [match.id, riderTotals(match.heats)]));
  const riders: Record<string, RiderSeason> = {};
  for (const [id, of] of groupBy(rides, (ride) => ride.rider.rider_id)) {
    riders[id] = {
      line: seasonLine(id, names.get(id)!, of),
      gates: gateLines(of),
      kinds: kindLines(of),
      matches: matchLines(id, of, totals),
      opponents: opponentLines(id, of, heats, names),
    };
  }
  const teams: Record<string, TeamSeason> = {};
  for (const id of new Set(ordered.flatMap((m) => [m.home_team_id, m.away_team_id]))) {
    teams[id] = teamSeason(id, ordered, rides, names);
  }
  return { riders, teams };
}
