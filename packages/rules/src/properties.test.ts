import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyHeatSave } from './heat-save';
import {
  canSaveProtocol,
  completedCount,
  createMatch,
  runningScores,
  type MatchState,
} from './match';
import { applyNomination, nominationCandidates, type GateSet } from './nomination';
import { RULEBOOK_IDS } from './rulebooks';
import { heatScore, laneRiders, matchScore } from './scoring';
import { riderLines, teamStats } from './stats';
import { byLane, expectOk, heat, lineups, newMatch } from './test-support/fixtures';
import type { Score } from './types';

const MODEL_POINTS = [0, 3, 2, 1, 0];

/** Legal positions by lane: a finishing order, some riders possibly excluded (0). */
const heatPositions = (exclusions = true) =>
  fc
    .tuple(
      fc.shuffledSubarray([1, 2, 3, 4], { minLength: 4, maxLength: 4 }),
      fc.array(exclusions ? fc.boolean() : fc.constant(false), { minLength: 4, maxLength: 4 }),
    )
    .map(([order, excluded]) => order.map((p, i) => (excluded[i] ? 0 : p)));

const protocol = (exclusions = true) =>
  fc.record({
    rulebook: fc.constantFrom(...RULEBOOK_IDS),
    heats: fc.array(heatPositions(exclusions), { minLength: 15, maxLength: 15 }),
    picks: fc.array(fc.tuple(fc.nat(), fc.nat(), fc.nat(), fc.nat(), fc.boolean()), {
      minLength: 2,
      maxLength: 2,
    }),
  });

type Protocol = {
  rulebook: MatchState['rulebook'];
  heats: number[][];
  picks: [number, number, number, number, boolean][];
};

/** Two different candidates chosen by the seeds. */
function pickTwo<T>(items: readonly T[], a: number, b: number): [T, T] {
  const first = a % items.length;
  const second = (first + 1 + (b % (items.length - 1))) % items.length;
  return [items[first]!, items[second]!];
}

/** Registers a whole protocol as a user would, nominating from the candidates. */
function register(spec: Protocol): MatchState {
  let match = createMatch(spec.rulebook, lineups());
  let pick = 0;
  spec.heats.forEach((positions, i) => {
    const n = i + 1;
    if (laneRiders(heat(match, n).riders).length < 4) {
      const [ha, hb, aa, ab, inner] = spec.picks[pick++]!;
      const [h1, h2] = pickTwo(nominationCandidates(match, n, 'home'), ha, hb);
      const [a1, a2] = pickTwo(nominationCandidates(match, n, 'away'), aa, ab);
      const home_gates: GateSet = inner ? '1-3' : '2-4';
      const assignments = inner
        ? { '1': h1.rider_id, '2': a1.rider_id, '3': h2.rider_id, '4': a2.rider_id }
        : { '1': a1.rider_id, '2': h1.rider_id, '3': a2.rider_id, '4': h2.rider_id };
      match = expectOk(applyNomination(match, n, { assignments, home_gates })).match;
    }
    match = expectOk(applyHeatSave(match, n, { results: byLane(heat(match, n), positions) })).match;
  });
  return match;
}

/** The score by an independent model: 3-2-1-0 per completed position, by the lane's team. */
function modelScore(match: MatchState, positions: readonly number[][]): Score {
  const score: Score = { home: 0, away: 0 };
  positions.forEach((lanes, i) => {
    laneRiders(heat(match, i + 1).riders).forEach((rider, lane) => {
      score[rider.team] += MODEL_POINTS[lanes[lane]!]!;
    });
  });
  return score;
}

describe('properties', () => {
  it('a heat with four finishers always gives 6 points, exclusions never more', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 14 }), heatPositions(), (n, positions) => {
        const h = heat(newMatch(), n);
        const saved = expectOk(applyHeatSave(play(n), n, { results: byLane(h, positions) })).heat;
        const { home, away } = heatScore(saved);
        if (positions.every((p) => p > 0)) expect(home + away).toBe(6);
        expect(home + away).toBe(positions.reduce((sum, p) => sum + MODEL_POINTS[p]!, 0));
      }),
    );
  });

  it('bonus never changes team totals', () => {
    fc.assert(
      fc.property(protocol(), fc.integer({ min: 0, max: 5 }), (spec, tamper) => {
        const match = register(spec);
        const score = matchScore(match.heats);
        const stats = teamStats(match);
        const lines = riderLines(match);
        for (const side of ['home', 'away'] as const) {
          const mine = lines.filter((l) => l.team === side);
          expect(mine.reduce((sum, l) => sum + l.points, 0)).toBe(stats[side].points);
          expect(mine.reduce((sum, l) => sum + l.bonus_points, 0)).toBe(stats[side].bonus_points);
        }
        expect([stats.home.points, stats.away.points]).toEqual([
          score.home_score,
          score.away_score,
        ]);
        // Stored bonus (or points) cannot move the score: it is recomputed from positions.
        const tampered = match.heats.map((h) => ({
          ...h,
          results: h.results.map((r) => ({ ...r, bonus_points: tamper, points: tamper })),
        }));
        expect(matchScore(tampered)).toEqual(score);
      }),
    );
  });

  it('totals are independent of save order and re-saves', () => {
    fc.assert(
      fc.property(
        protocol(),
        fc.array(fc.tuple(fc.integer({ min: 1, max: 15 }), heatPositions()), { maxLength: 12 }),
        (spec, edits) => {
          let match = register(spec);
          const final = spec.heats.map((positions) => [...positions]);
          for (const [n, positions] of edits) {
            const outcome = applyHeatSave(match, n, { results: byLane(heat(match, n), positions) });
            if (outcome.ok) match = outcome.match;
            else expect(outcome.error.code).toBe('NO_CHANGES');
            final[n - 1] = positions;
          }
          const model = modelScore(match, final);
          expect(matchScore(match.heats)).toEqual({
            home_score: model.home,
            away_score: model.away,
          });
          const shuffled = [...match.heats].reverse();
          expect(matchScore(shuffled)).toEqual(matchScore(match.heats));
          expect(runningScores(shuffled)).toEqual(runningScores(match.heats));
          expect(runningScores(match.heats).at(-1)).toMatchObject({
            home_score: model.home,
            away_score: model.away,
          });
        },
      ),
    );
  });

  it('a complete, legal protocol always validates', () => {
    fc.assert(
      fc.property(protocol(), (spec) => {
        const match = register(spec);
        expect(canSaveProtocol(match)).toEqual({ ok: true });
        expect(completedCount(match.heats)).toBe(15);
      }),
    );
  });

  it('a protocol without exclusions always totals 90', () => {
    fc.assert(
      fc.property(protocol(false), (spec) => {
        const { home_score, away_score } = matchScore(register(spec).heats);
        expect(home_score + away_score).toBe(90);
      }),
    );
  });
});

/** A match with the heats before `n` ridden 1-2-3-4 by lane. */
function play(n: number): MatchState {
  let match = newMatch();
  for (let k = 1; k < n; k += 1) {
    match = expectOk(
      applyHeatSave(match, k, { results: byLane(heat(match, k), [1, 2, 3, 4]) }),
    ).match;
  }
  return match;
}
