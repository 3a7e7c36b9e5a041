import type { LiveSnapshot } from '@speedway/contracts';
import { rideMark, type Heat, type HeatResult, type LaneRider, type Side } from '@speedway/rules';

export type LiveHeatRider = { rider: LaneRider; result: HeatResult | undefined };

export type LiveHeat = {
  heat_number: number;
  /** The heat's own points per team, and the match score after it. */
  score: Record<Side, number>;
  running: Record<Side, number>;
  riders: LiveHeatRider[];
  rr: boolean;
  tactical: boolean;
};

const LANES = ['1', '2', '3', '4'] as const;

/** Finishers by place, then excluded riders, then riders without a result. */
function byPlace(a: LiveHeatRider, b: LiveHeatRider): number {
  const rank = ({ result }: LiveHeatRider) =>
    !result ? 9 : result.status === 'excluded' ? 5 : result.position;
  return rank(a) - rank(b);
}

function ridersOf(heat: Heat): LiveHeatRider[] {
  return LANES.flatMap((lane) => {
    const rider = heat.riders[lane];
    if (!rider) return [];
    return [{ rider, result: heat.results.find((r) => r.rider_id === rider.rider_id) }];
  }).sort(byPlace);
}

/**
 * The ridden heats, the last first (what the stand wants to see), each with its own score taken
 * from the server's running score: the page needs no rules engine of its own.
 */
export function riddenHeatsNewestFirst(snapshot: LiveSnapshot): LiveHeat[] {
  const heats = new Map(snapshot.heats.map((heat) => [heat.heat_number, heat]));
  const ridden: LiveHeat[] = [];
  let before = { home: 0, away: 0 };
  for (const running of [...snapshot.running].sort((a, b) => a.heat_number - b.heat_number)) {
    const after = { home: running.home_score, away: running.away_score };
    const heat = heats.get(running.heat_number);
    if (running.complete && heat) {
      ridden.push({
        heat_number: running.heat_number,
        score: { home: after.home - before.home, away: after.away - before.away },
        running: after,
        riders: ridersOf(heat),
        rr: heat.rr,
        tactical: heat.tactical,
      });
    }
    before = after;
  }
  return ridden.reverse();
}

/** A rider's result in a heat as the scoresheet writes it: 3, 2* (bonus), X (excluded). */
export function resultMark(result: HeatResult | undefined): string {
  return result ? rideMark(result) : '–';
}
