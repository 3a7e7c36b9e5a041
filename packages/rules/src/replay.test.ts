import { describe, expect, it } from 'vitest';
import { compareWithOfficial } from './comparison';
import { applyHeatSave } from './heat-save';
import { canSaveProtocol, createMatch, heatOf, type MatchState } from './match';
import { nominationCandidates } from './nomination';
import { officialToHeats } from './official';
import { matchStats } from './stats';
import type { Heat } from './types';
import { expectError, expectOk } from './test-support/fixtures';
import {
  laneOf,
  reference,
  replayHeat,
  riderId,
  syntheticMatch,
  type OfficialFixture,
} from './test-support/reference';

function replayAll(fixture: OfficialFixture): MatchState[] {
  const states: MatchState[] = [];
  let match = createMatch(fixture.rulebook, fixture.lineups);
  for (const official of fixture.heats) {
    match = replayHeat(match, official);
    states.push(match);
  }
  return states;
}

describe.each([
  ['the reference match (Indianerna 37–53 Västervik, elitserien-2019)', reference],
  [
    'a hand-worked classic match with R/R, exclusions, a tactical reserve and heat 15',
    syntheticMatch,
  ],
] as const)('replay of %s', (_, fixture) => {
  const after = replayAll(fixture);
  const match = after.at(-1)!;

  it.each(fixture.heats.map((h) => h.heat))(
    'gives the expected running score after heat %i',
    (n) => {
      const { home_score, away_score } = matchStats(after[n - 1]!).score;
      expect(`${home_score}-${away_score}`).toBe(fixture.running[String(n)]);
    },
  );

  it('ends with the official score and a protocol ready to save', () => {
    expect(matchStats(match).score).toEqual({
      home_score: fixture.home_score,
      away_score: fixture.away_score,
    });
    expect(canSaveProtocol(match)).toEqual({ ok: true });
  });

  it('reproduces every rider line, total and bonus', () => {
    const lines = matchStats(match).riders;
    for (const [name, published] of Object.entries(fixture.riderLines)) {
      const line = lines.find((l) => l.name === name || l.name.endsWith(` ${name}`));
      expect(line?.line, name).toBe(published);
    }
  });

  it('puts every rider on the official gate with the official helmet', () => {
    for (const official of fixture.heats) {
      const heat = heatOf(match, official.heat)!;
      for (const rider of official.riders) {
        const lane = heat.riders[laneOf(rider.gate)]!;
        expect([lane.rider_id, lane.helmet_color, lane.replaces], `heat ${official.heat}`).toEqual([
          riderId(rider.team, rider.no),
          rider.helmet,
          rider.replaces,
        ]);
      }
    }
  });

  it('agrees with the same match imported as an official result', () => {
    const official = expectOk(
      officialToHeats(fixture.rulebook, fixture.lineups, { heats: fixture.heats }),
    );
    expect(compareWithOfficial(match.heats, official.heats, fixture)).toEqual({
      discrepancies: [],
      heats: [],
    });
    // The same results; the official ones also keep the source's codes (other than OK).
    const placings = (h: Heat) => h.results.map(({ code: _code, ...result }) => result);
    expect(official.heats.map(placings)).toEqual(match.heats.map(placings));
    expect(match.heats.flatMap((h) => h.results).some((r) => r.code !== undefined)).toBe(false);
    const codes = (h: Heat) =>
      h.results.flatMap((r) => (r.code ? [`${r.rider_id} ${r.code}`] : []));
    expect(official.heats.flatMap(codes)).toEqual(
      fixture.heats.flatMap((h) =>
        h.riders.flatMap((r) =>
          r.code && r.code !== 'OK' ? [`${riderId(r.team, r.no)} ${r.code}`] : [],
        ),
      ),
    );
  });
});

describe('the reference match in detail', () => {
  const match = replayAll(reference).at(-1)!;

  it('matches the published points and bonus per rider number', () => {
    const lines = matchStats(match).riders;
    for (const side of ['home', 'away'] as const) {
      for (const [no, points] of Object.entries(reference.riderPoints[side])) {
        const line = lines.find((l) => l.team === side && l.lineup_no === Number(no))!;
        expect([line.points, line.bonus_points], `${side} ${no}`).toEqual([
          points,
          reference.riderBonus[side][no as '1'],
        ]);
      }
    }
  });
});

describe('the hand-worked classic match in detail', () => {
  const after = replayAll(syntheticMatch);

  it('offers the expected heat 15 candidates after heat 14', () => {
    const before15 = after[13]!;
    for (const side of ['home', 'away'] as const) {
      expect(nominationCandidates(before15, 15, side).map((c) => c.lineup_no)).toEqual(
        syntheticMatch.candidates[side],
      );
    }
  });

  it('marks R/R heats and the tactical reserve', () => {
    const match = after.at(-1)!;
    const flags = match.heats
      .map((h) => [h.heat_number, h.rr, h.tactical])
      .filter(([, rr, tactical]) => rr || tactical);
    expect(flags).toEqual([
      [3, true, false],
      [6, true, false],
      [7, false, true],
      [8, true, false],
      [13, true, false],
    ]);
  });

  it('would refuse the tactical reserve had the away team not trailed by 6', () => {
    const before7 = after[5]!;
    const level = {
      ...before7,
      tactical: { enabled: true, start_heat: 5, end_heat: 14, min_deficit: 11 },
    };
    expect(expectError(applyHeatSave(level, 7, { assignments: { '1': 'a1' } })).code).toBe(
      'TACTICAL_NOT_ALLOWED',
    );
  });
});
