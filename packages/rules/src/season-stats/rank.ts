import type { RiderSeasonLine } from './types';

/** What a ranking sorts by; the API's `sort` takes these (packages/contracts/src/statistics.ts). */
export const RIDER_RANK_SORTS = [
  'average',
  'paid_average',
  'points',
  'heats',
  'matches',
  'wins',
  'maximums',
  'name',
] as const;
export type RiderRankSort = (typeof RIDER_RANK_SORTS)[number];

export interface RankOptions {
  /** Default 'average'. Every figure sorts best (highest) first, 'name' A–Ö. */
  sort?: RiderRankSort;
  /** Only riders who rode for this team this season. */
  team_id?: string;
  /** Only riders with at least this many heats. */
  min_heats?: number;
}

/** A season's maximums as the ranking counts them: full and paid together. */
export function maximumsOf(line: Pick<RiderSeasonLine, 'full_maximums' | 'paid_maximums'>): number {
  return line.full_maximums + line.paid_maximums;
}

const FIGURE: Record<Exclude<RiderRankSort, 'name'>, (line: RiderSeasonLine) => number> = {
  average: (line) => line.average,
  paid_average: (line) => line.paid_average,
  points: (line) => line.points,
  heats: (line) => line.heats,
  matches: (line) => line.matches,
  wins: (line) => line.wins,
  maximums: maximumsOf,
};

const byName = (a: RiderSeasonLine, b: RiderSeasonLine) =>
  a.name.localeCompare(b.name, 'sv') || a.rider_id.localeCompare(b.rider_id);

/** Svemo's order: the better average first, then more heats, then the name. */
const byAverage = (a: RiderSeasonLine, b: RiderSeasonLine) =>
  b.average - a.average || b.heats - a.heats || byName(a, b);

/**
 * The season's ranking, filtered and sorted: the one order the API answers and the screens
 * re-sort with. Ties on any figure fall back to the average order.
 */
export function rankRiders(
  lines: readonly RiderSeasonLine[],
  options: RankOptions = {},
): RiderSeasonLine[] {
  const { sort = 'average', team_id, min_heats = 0 } = options;
  const kept = lines.filter(
    (line) => line.heats >= min_heats && (team_id === undefined || line.team_ids.includes(team_id)),
  );
  if (sort === 'name') return kept.sort(byName);
  const figure = FIGURE[sort];
  return kept.sort((a, b) => figure(b) - figure(a) || byAverage(a, b));
}
