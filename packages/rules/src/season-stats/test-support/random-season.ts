import fc from 'fast-check';
import { applyHeatSave } from '../../heat-save';
import { createMatch, heatOf } from '../../match';
import { applyNomination, nominationCandidates, type GateSet } from '../../nomination';
import type { OfficialHeat, OfficialHeatRider } from '../../official';
import { getRulebook, isNominatedHeat, RULEBOOK_IDS, type RulebookId } from '../../rulebooks';
import { laneRiders, matchScore } from '../../scoring';
import type { Assignments } from '../../substitution';
import { tacticalPermission } from '../../tactical';
import { expectOk } from '../../test-support/fixtures';
import {
  LANES,
  SIDES,
  type Heat,
  type LineupRider,
  type Lineups,
  type Position,
  type ResultCode,
  type Side,
} from '../../types';
import type { RideKind, StatsMatch } from '../types';
import { statsMatch } from './matches';

// Random seasons of valid official matches for the property tests: each match is played heat by
// heat through the engine (nominations, tactical reserves, rider replacements, exclusions), then
// written in the official format with codes, as a file or the sync gives it, and imported with
// officialToHeats. The generator also records why each rider rode (the truth the kinds are held to).

export const TEAMS = ['lag-a', 'lag-b', 'lag-c'];
/** A rider who changes teams: he rides for lag-a or lag-b, whichever a match gives him to. */
export const MOVER = 'flyttar';

const heatSpec = fc.record({
  order: fc.shuffledSubarray([1, 2, 3, 4], { minLength: 4, maxLength: 4 }),
  /** 0 excludes the lane's rider (one time in six). */
  luck: fc.array(fc.integer({ min: 0, max: 5 }), { minLength: 4, maxLength: 4 }),
  swap: fc.constantFrom('none', 'none', 'tactical', 'tactical', 'rr'),
  lane: fc.nat(),
  pick: fc.nat(),
  codes: fc.array(fc.nat(), { minLength: 4, maxLength: 4 }),
  nomination: fc.tuple(fc.nat(), fc.nat(), fc.nat(), fc.nat(), fc.boolean()),
});

const matchSpec = fc.record({
  rulebook: fc.constantFrom(...RULEBOOK_IDS),
  home: fc.nat(2),
  offset: fc.integer({ min: 1, max: 2 }),
  mover: fc.boolean(),
  /** The home team's no. 1 wins every heat ('full') or wins or follows a team-mate home ('paid'). */
  star: fc.constantFrom('none', 'none', 'full', 'paid'),
  day: fc.option(fc.integer({ min: 1, max: 28 }), { freq: 4 }),
  /** Heats the official result lists: all, none (totals only) or the first few. */
  listed: fc.constantFrom(15, 15, 15, 0, 9),
  totals: fc.tuple(fc.nat(78), fc.nat(78)),
  heats: fc.array(heatSpec, { minLength: 15, maxLength: 15 }),
});
type MatchSpec = typeof matchSpec extends fc.Arbitrary<infer T> ? T : never;
type HeatSpec = MatchSpec['heats'][number];

export const seasonSpec = fc.array(matchSpec, { minLength: 1, maxLength: 4 });

/** A generated match: the engine's input and output, and the truth about every ride. */
export interface PlayedMatch {
  stats: StatsMatch;
  /** The official heats as written in the file (what a hand count reads). */
  official: OfficialHeat[];
  /** `${heat}:${rider_id}` → why he rode. */
  kinds: Map<string, RideKind>;
}

function squad(team: string, side: Side, mover: boolean): LineupRider[] {
  return Array.from({ length: 7 }, (_, i) => {
    const moved = mover && i === 4;
    return {
      rider_id: moved ? MOVER : `${team}-${i + 1}`,
      name: moved ? 'Flyttar Ås' : `Förare ${team} ${i + 1}`,
      team: side,
      lineup_no: i + 1,
    };
  });
}

function pickTwo<T>(items: readonly T[], a: number, b: number): [T, T] {
  const first = a % items.length;
  const second = (first + 1 + (b % (items.length - 1))) % items.length;
  return [items[first]!, items[second]!];
}

const EXCLUDED_CODES: readonly (ResultCode | undefined)[] = [
  undefined,
  'X',
  'M',
  'TT',
  'FX',
  'FN',
  'N',
];
const LAST_CODES: readonly (ResultCode | undefined)[] = [undefined, 'OK', 'F', 'R'];
const OTHER_CODES: readonly (ResultCode | undefined)[] = [undefined, 'OK'];

function choose<T>(items: readonly T[], seed: number): T {
  return items[seed % items.length]!;
}

/** The swap a heat's spec asks for, when the rules allow one: a tactical reserve or an R/R. */
function swapFor(
  match: ReturnType<typeof createMatch>,
  heat: Heat,
  spec: HeatSpec,
): { assignments: Assignments; rr: boolean; tactical: boolean } {
  const none = { assignments: {}, rr: false, tactical: false };
  const inHeat = laneRiders(heat.riders).map((rider) => rider.rider_id);
  const free = (side: Side) => match.lineups[side].filter((r) => !inHeat.includes(r.rider_id));
  if (spec.swap === 'rr') {
    const lane = choose(LANES, spec.lane);
    const rider = choose(free(heat.riders[lane]!.team), spec.pick);
    return { assignments: { [lane]: rider.rider_id }, rr: true, tactical: false };
  }
  if (spec.swap !== 'tactical') return none;
  const side = SIDES.find((s) => tacticalPermission(match, heat.heat_number, s).allowed);
  const lanes = LANES.filter((l) => heat.riders[l]!.team === side && !heat.riders[l]!.locked);
  if (!side || lanes.length === 0) return none;
  const rider = choose(free(side), spec.pick);
  return { assignments: { [choose(lanes, spec.lane)]: rider.rider_id }, rr: false, tactical: true };
}

type Result = { rider_id: string; position: Position; status: 'completed' | 'excluded' };

/** The star's place made 1st (or 2nd behind a team-mate, for 'paid' when the coin says so). */
function starring(results: Result[], home: readonly LineupRider[], paid: boolean): Result[] {
  const star = home[0]!.rider_id;
  const mine = results.find((r) => r.rider_id === star);
  if (!mine) return results;
  const mate = results.find(
    (r) => r.rider_id !== star && home.some((rider) => rider.rider_id === r.rider_id),
  );
  const places: [Result, Position][] =
    paid && mate
      ? [
          [mate, 1],
          [mine, 2],
        ]
      : [[mine, 1]];
  let next = places.length + 1;
  return results.map((r) => {
    const given = places.find(([p]) => p === r);
    if (given) return { ...r, position: given[1], status: 'completed' };
    if (r.status === 'excluded') return r;
    return { ...r, position: next++ as Position };
  });
}

function officialRider(
  heat: Heat,
  lane: (typeof LANES)[number],
  rr: boolean,
  seed: number,
): OfficialHeatRider {
  const rider = heat.riders[lane]!;
  const result = heat.results.find((r) => r.rider_id === rider.rider_id)!;
  let code: ResultCode | undefined;
  if (rr && rider.replaces !== undefined) code = 'RR';
  else if (result.status === 'excluded') code = choose(EXCLUDED_CODES, seed);
  else code = choose(result.position === 4 ? LAST_CODES : OTHER_CODES, seed);
  return {
    gate: Number(lane),
    team: rider.team === 'home' ? 'H' : 'A',
    no: rider.lineup_no,
    helmet: rider.helmet_color,
    position: result.position,
    status: result.status,
    ...(rider.replaces !== undefined ? { replaces: rider.replaces } : {}),
    ...(code ? { code } : {}),
  };
}

export function playMatch(id: string, spec: MatchSpec): PlayedMatch {
  const rulebook: RulebookId = spec.rulebook;
  const home = TEAMS[spec.home]!;
  const away = TEAMS[(spec.home + spec.offset) % 3]!;
  const moverSide: Side | null =
    spec.mover && (home === 'lag-a' || home === 'lag-b') ? 'home' : null;
  const lineups: Lineups = {
    home: squad(home, 'home', moverSide === 'home'),
    away: squad(away, 'away', spec.mover && moverSide === null && away !== 'lag-c'),
  };
  let match = createMatch(rulebook, lineups);
  const kinds = new Map<string, RideKind>();
  const official: OfficialHeat[] = [];
  spec.heats.forEach((heatSpec, i) => {
    const n = i + 1;
    const nominated = isNominatedHeat(getRulebook(rulebook), n);
    if (nominated) {
      const [ha, hb, aa, ab, inner] = heatSpec.nomination;
      const [h1, h2] = pickTwo(nominationCandidates(match, n, 'home'), ha, hb);
      const [a1, a2] = pickTwo(nominationCandidates(match, n, 'away'), aa, ab);
      const home_gates: GateSet = inner ? '1-3' : '2-4';
      const assignments = inner
        ? { '1': h1.rider_id, '2': a1.rider_id, '3': h2.rider_id, '4': a2.rider_id }
        : { '1': a1.rider_id, '2': h1.rider_id, '3': a2.rider_id, '4': h2.rider_id };
      match = expectOk(applyNomination(match, n, { assignments, home_gates })).match;
    }
    const before = heatOf(match, n)!;
    const swap = nominated
      ? { assignments: {}, rr: false, tactical: false }
      : swapFor(match, before, heatSpec);
    const played: Result[] = LANES.map((lane, j) => ({
      rider_id: swap.assignments[lane] ?? before.riders[lane]!.rider_id,
      position: (heatSpec.luck[j] === 0 ? 0 : heatSpec.order[j]) as Position,
      status: heatSpec.luck[j] === 0 ? ('excluded' as const) : ('completed' as const),
    }));
    const results =
      spec.star === 'none'
        ? played
        : starring(played, lineups.home, spec.star === 'paid' && heatSpec.lane % 2 === 0);
    match = expectOk(
      applyHeatSave(match, n, { assignments: swap.assignments, results, rr: swap.rr }),
    ).match;
    const heat = heatOf(match, n)!;
    for (const rider of laneRiders(heat.riders)) {
      let kind: RideKind = 'programmed';
      if (nominated) kind = 'nominated';
      else if (rider.replaces !== undefined) kind = swap.tactical ? 'tactical' : 'reserve';
      kinds.set(`${n}:${rider.rider_id}`, kind);
    }
    official.push({
      heat: n,
      riders: LANES.map((lane, j) => officialRider(heat, lane, swap.rr, heatSpec.codes[j]!)),
    });
  });
  const listed = official.slice(0, spec.listed);
  const score = matchScore(match.heats);
  const [homeScore, awayScore] =
    spec.listed === 15 ? [score.home_score, score.away_score] : spec.totals;
  const stats = statsMatch(
    id,
    { rulebook, lineups, home_score: homeScore, away_score: awayScore, heats: listed },
    {
      home,
      away,
      starts_at:
        spec.day === null ? null : `2026-05-${String(spec.day).padStart(2, '0')}T19:00:00+02:00`,
      season: 2026,
    },
  );
  return { stats, official: listed, kinds };
}

export function playSeason(specs: readonly MatchSpec[]): PlayedMatch[] {
  return specs.map((spec, i) => playMatch(`m${i}`, spec));
}
