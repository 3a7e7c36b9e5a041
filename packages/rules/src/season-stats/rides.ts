import type { MatchState } from '../match';
import { getRulebook, programmedGates, type GateProgramme, type Rulebook } from '../rulebooks';
import { scoreResults } from '../scoring';
import { tacticalPermission } from '../tactical';
import { LANES, type Heat, type HeatResult, type Lane, type LaneRider, type Side } from '../types';
import type { RideKind, StatsMatch } from './types';

/** One rider's result in one heat of an official match: what every figure is counted from. */
export interface Ride {
  match: StatsMatch;
  heat_number: number;
  gate: 1 | 2 | 3 | 4;
  rider: LaneRider;
  side: Side;
  team_id: string;
  /** Scored by the engine from the positions (points and bonus as every rider line shows them). */
  result: HeatResult;
  kind: RideKind;
}

export function teamOf(match: StatsMatch, side: Side): string {
  return side === 'home' ? match.home_team_id : match.away_team_id;
}

/** Whether the lane's rider is the one the programme puts there. */
function isProgrammed(gates: GateProgramme, lane: Lane, rider: LaneRider): boolean {
  const slot = gates[lane];
  return (
    rider.replaces === undefined && slot.team === rider.team && slot.lineup_no === rider.lineup_no
  );
}

/**
 * Riders of a heat who stand in for the programmed rider the way a tactical reserve does. A
 * protocol heat says so (`tactical`); an official heat cannot: the import marks every stand-in as
 * R/R (`rr`, official.ts), and Svemo's scorecard shows any stand-in as a lower-row ride beside the
 * programmed rider's code, RR for a rider replacement, N otherwise (the 2012 scorecard, heat 9:
 * Dennis Andersson for Sebastian Aldén, 16 points down); the sync keeps RR on the stand-in's ride.
 * So a stand-in counts as tactical when the rules would have let him ride as one:
 * no RR on his ride (that is Svemo's rider replacement), not in a reserve heat, the tactical rules
 * of the rulebook allow his team one before this heat (window, points behind), and no more stand-ins
 * of that kind in the heat than a heat may have tactical reserves.
 */
function tacticalRiders(
  state: MatchState,
  rulebook: Rulebook,
  heat: Heat,
  standIns: readonly LaneRider[],
): Set<string> {
  if (heat.tactical) return new Set(standIns.map((rider) => rider.rider_id));
  if (rulebook.reserve_heats.includes(heat.heat_number)) return new Set<string>();
  const candidates = standIns.filter(
    (rider) =>
      heat.results.find((result) => result.rider_id === rider.rider_id)?.code !== 'RR' &&
      tacticalPermission(state, heat.heat_number, rider.team).allowed,
  );
  return new Set(
    candidates.length <= rulebook.tactical.max_per_heat ? candidates.map((r) => r.rider_id) : [],
  );
}

/**
 * Every ride of a match, in heat order, then gate order. The kind of a ride:
 * - 'nominated': any rider of a nominated heat (the rulebook's programme has no gates for it:
 *   heat 15, and heat 14 in elitserien-2019);
 * - 'programmed': the rider the programme puts on that gate (a reserve's own scheduled rides
 *   included, heats 2, 4, 5, 9, 10, 11 for numbers 6 and 7);
 * - 'tactical': a stand-in as a tactical reserve (see tacticalRiders);
 * - 'reserve': any other stand-in (`replaces`, or not the programme's number for the gate): a
 *   rider replacement (RR), a reserve in for a rider who did not come to the start.
 */
export function matchRides(match: StatsMatch): Ride[] {
  const rulebook = getRulebook(match.rulebook);
  const state: MatchState = {
    rulebook: match.rulebook,
    lineups: match.lineups,
    heats: match.heats,
  };
  const heats = [...match.heats].sort((a, b) => a.heat_number - b.heat_number);
  return heats.flatMap((heat) => {
    const results = scoreResults(heat.riders, heat.results);
    const gates = programmedGates(rulebook, heat.heat_number);
    const standIns = gates
      ? LANES.flatMap((lane) => {
          const rider = heat.riders[lane];
          return rider && !isProgrammed(gates, lane, rider) ? [rider] : [];
        })
      : [];
    const tactical = tacticalRiders(state, rulebook, heat, standIns);
    return LANES.flatMap((lane): Ride[] => {
      const rider = heat.riders[lane];
      const result = rider && results.find((r) => r.rider_id === rider.rider_id);
      if (!rider || !result) return [];
      let kind: RideKind = 'programmed';
      if (!gates) kind = 'nominated';
      else if (tactical.has(rider.rider_id)) kind = 'tactical';
      else if (standIns.includes(rider)) kind = 'reserve';
      return [
        {
          match,
          heat_number: heat.heat_number,
          gate: Number(lane) as Ride['gate'],
          rider,
          side: rider.team,
          team_id: teamOf(match, rider.team),
          result,
          kind,
        },
      ];
    });
  });
}
