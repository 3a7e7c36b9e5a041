import type { z } from 'zod';
import type { OfficialHeatSchema } from '@speedway/contracts';
import {
  applyHeatSave,
  applyNomination,
  createMatch,
  getRulebook,
  heatOf,
  heatScore,
  isNominatedHeat,
  isReserve,
  LANES,
  laneRiders,
  nominationCandidates,
  SIDES,
  tacticalPermission,
  type Assignments,
  type Failure,
  type GateSet,
  type Heat,
  type Lineups,
  type MatchState,
  type Position,
  type ResultInput,
  type RulebookId,
} from '@speedway/rules';

// Plays a whole match through the rules engine, so that every demo result is one the engine (and
// the import) accepts: nominations, tactical reserves and exclusions included.

export type Random = () => number;

/** A small, fast, seeded PRNG (mulberry32): the same seed gives the same season. */
export function seededRandom(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function hashSeed(text: string): number {
  let h = 2166136261;
  for (const ch of text) h = Math.imul(h ^ ch.codePointAt(0)!, 16777619);
  return h >>> 0;
}

/** rider id → how fast the rider is in this match (higher is faster). */
export type Strength = (riderId: string) => number;

const EXCLUSION_CHANCE = 0.04;
const TACTICAL_CHANCE = 0.5;

function ok<T extends { ok: true }>(outcome: T | Failure): T {
  if (!outcome.ok) throw new Error(`demo season: ${outcome.error.code} ${outcome.error.message}`);
  return outcome;
}

/** Finishing order drawn in proportion to strength; sometimes one rider is excluded. */
function finishingOrder(ids: string[], strength: Strength, random: Random): ResultInput[] {
  const excluded = random() < EXCLUSION_CHANCE ? ids[Math.floor(random() * ids.length)] : undefined;
  const left = ids.filter((id) => id !== excluded);
  const results: ResultInput[] = [];
  while (left.length > 0) {
    const weights = left.map((id) => strength(id) ** 3);
    let pick = random() * weights.reduce((a, b) => a + b, 0);
    const index = weights.findIndex((w) => (pick -= w) < 0);
    const [id] = left.splice(index < 0 ? left.length - 1 : index, 1);
    results.push({
      rider_id: id!,
      position: (results.length + 1) as Position,
      status: 'completed',
    });
  }
  if (excluded) results.push({ rider_id: excluded, position: 0, status: 'excluded' });
  return results;
}

/** A trailing team brings its best free main rider in for its weakest in an open lane. */
function tacticalSwap(
  match: MatchState,
  heat: Heat,
  strength: Strength,
  random: Random,
): Assignments {
  for (const side of SIDES) {
    if (!tacticalPermission(match, heat.heat_number, side).allowed) continue;
    if (random() > TACTICAL_CHANCE) return {};
    const lanes = LANES.filter((l) => heat.riders[l]?.team === side && !heat.riders[l]?.locked);
    const inHeat = laneRiders(heat.riders).map((r) => r.rider_id);
    const best = match.lineups[side]
      .filter((r) => !isReserve(r.lineup_no) && !inHeat.includes(r.rider_id))
      .sort((a, b) => strength(b.rider_id) - strength(a.rider_id))[0];
    const weakest = lanes.sort(
      (a, b) => strength(heat.riders[a]!.rider_id) - strength(heat.riders[b]!.rider_id),
    )[0];
    if (!best || !weakest || strength(best.rider_id) <= strength(heat.riders[weakest]!.rider_id)) {
      return {};
    }
    return { [weakest]: best.rider_id };
  }
  return {};
}

function nominate(match: MatchState, n: number, random: Random): MatchState {
  const two = (side: 'home' | 'away') =>
    nominationCandidates(match, n, side)
      .slice(0, 2)
      .map((c) => c.rider_id);
  const [h1, h2] = two('home');
  const [a1, a2] = two('away');
  const home_gates: GateSet = random() < 0.5 ? '1-3' : '2-4';
  const assignments =
    home_gates === '1-3' ? { 1: h1, 2: a1, 3: h2, 4: a2 } : { 1: a1, 2: h1, 3: a2, 4: h2 };
  return ok(applyNomination(match, n, { assignments, home_gates })).match;
}

/** All 15 heats of a match played by the engine's rules. */
export function playMatch(
  rulebook: RulebookId,
  lineups: Lineups,
  strength: Strength,
  random: Random,
): Heat[] {
  let match = createMatch(rulebook, lineups);
  for (const heat of match.heats) {
    const n = heat.heat_number;
    if (isNominatedHeat(getRulebook(rulebook), n)) match = nominate(match, n, random);
    const current = heatOf(match, n)!;
    const assignments = tacticalSwap(match, current, strength, random);
    const ids = LANES.map((lane) => assignments[lane] ?? current.riders[lane]!.rider_id);
    const results = finishingOrder(ids, strength, random);
    match = ok(applyHeatSave(match, n, { assignments, results })).match;
  }
  return match.heats;
}

type OfficialHeatInput = z.input<typeof OfficialHeatSchema>;

/** An engine heat in the official data format. */
export function toOfficialHeat(heat: Heat): OfficialHeatInput {
  const score = heatScore(heat);
  return {
    heat: heat.heat_number,
    riders: LANES.map((lane) => {
      const rider = heat.riders[lane]!;
      const result = heat.results.find((r) => r.rider_id === rider.rider_id)!;
      return {
        gate: Number(lane),
        team: rider.team === 'home' ? ('H' as const) : ('A' as const),
        no: rider.lineup_no,
        helmet: rider.helmet_color,
        position: result.position,
        status: result.status,
        code: result.status === 'excluded' ? ('X' as const) : ('OK' as const),
        ...(rider.replaces !== undefined ? { replaces: rider.replaces } : {}),
      };
    }),
    heat_score: [score.home, score.away],
  };
}
