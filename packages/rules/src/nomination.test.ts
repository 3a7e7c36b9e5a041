import { describe, expect, it } from 'vitest';
import type { MatchState } from './match';
import {
  applyNomination,
  gateTeam,
  HELMET_BY_GATE,
  nominationCandidates,
  type NominationInput,
} from './nomination';
import {
  byLane,
  expectError,
  expectOk,
  heat,
  lineups,
  newMatch,
  play,
  save,
} from './test-support/fixtures';
import { createMatch } from './match';

// Lane order 1-2-3-4 for every heat: the rider on lane 1 scores 3, lane 2 scores 2 and so on.
const classicAfter14 = () => play(newMatch(), 14);
const modernAfter13 = () => play(newMatch('elitserien-2019'), 13);

const nomination = (assignments: Record<string, string>, home_gates = '1-3'): NominationInput => ({
  assignments,
  home_gates,
});

describe('nominationCandidates', () => {
  it("takes main riders at least as good as the team's third best, ties included (klassisk heat 15)", () => {
    const match = classicAfter14();
    const home = nominationCandidates(match, 15, 'home');
    const totals = home.map((c) => [c.rider_id, c.total]);
    expect(totals.length).toBeGreaterThanOrEqual(3);
    const third = home[2]!.total;
    const mains = lineups()
      .home.filter((r) => r.lineup_no <= 5)
      .map((r) => r.rider_id);
    expect(home.every((c) => mains.includes(c.rider_id) && c.total >= third)).toBe(true);
    // Sorted best first; totals are points + bonus from heats 1–14.
    expect(home.map((c) => c.total)).toEqual([...home.map((c) => c.total)].sort((a, b) => b - a));
    expect(home[0]).toMatchObject({ total: home[0]!.points + home[0]!.bonus_points });
  });

  it('includes ties on the third best and leaves out reserves however good', () => {
    // Heat 1 lanes: H2 A1 H1 A2. Give H1 and H2 points and leave H3–H5 level on 0.
    let match = newMatch();
    match = save(match, 1, { results: byLane(heat(match, 1), [2, 3, 1, 4]) });
    match = save(match, 2, { results: byLane(heat(match, 2), [4, 1, 3, 2]) }); // H6 wins
    const candidates = nominationCandidates(match, 15, 'home').map((c) => c.rider_id);
    expect(candidates).toEqual(['h1', 'h2', 'h3', 'h4', 'h5']);
  });

  it('lets all main riders in when a team has fewer than three', () => {
    const short = createMatch('elitserien-klassisk', {
      home: lineups(2).home,
      away: lineups().away,
    });
    expect(nominationCandidates(short, 15, 'home').map((c) => c.rider_id)).toEqual(['h1', 'h2']);
  });

  it('follows the 2019 format: any rider for heat 14, any main rider for heat 15', () => {
    const match = modernAfter13();
    expect(nominationCandidates(match, 14, 'away')).toHaveLength(7);
    expect(
      nominationCandidates(match, 15, 'away')
        .map((c) => c.lineup_no)
        .sort(),
    ).toEqual([1, 2, 3, 4, 5]);
  });

  it('has none for a heat that is not nominated', () => {
    expect(nominationCandidates(newMatch(), 7, 'home')).toEqual([]);
  });
});

describe('gates', () => {
  it('maps gate sets and helmets as the spec', () => {
    expect((['1', '2', '3', '4'] as const).map((lane) => gateTeam('1-3', lane))).toEqual([
      'home',
      'away',
      'home',
      'away',
    ]);
    expect((['1', '2', '3', '4'] as const).map((lane) => gateTeam('2-4', lane))).toEqual([
      'away',
      'home',
      'away',
      'home',
    ]);
    expect(HELMET_BY_GATE).toEqual({
      '1': { home: 'röd', away: 'vit' },
      '2': { home: 'röd', away: 'vit' },
      '3': { home: 'blå', away: 'gul' },
      '4': { home: 'blå', away: 'gul' },
    });
  });
});

describe('applyNomination', () => {
  const best = (match: MatchState, side: 'home' | 'away') =>
    nominationCandidates(match, 15, side).map((c) => c.rider_id);

  it("sets the heat's riders with the spec's helmets for home on gates 1 and 3", () => {
    const match = classicAfter14();
    const [h1, h2] = best(match, 'home');
    const [a1, a2] = best(match, 'away');
    const outcome = expectOk(
      applyNomination(match, 15, {
        assignments: { '1': h1!, '2': a1!, '3': h2!, '4': a2! },
        home_gates: '1-3',
        home: [h2!, h1!],
        away: [a1!, a2!],
      }),
    );
    const riders = outcome.heat.riders;
    expect(
      [riders['1'], riders['2'], riders['3'], riders['4']].map((r) => [
        r?.rider_id,
        r?.team,
        r?.helmet_color,
        r?.locked,
      ]),
    ).toEqual([
      [h1, 'home', 'röd', false],
      [a1, 'away', 'vit', false],
      [h2, 'home', 'blå', false],
      [a2, 'away', 'gul', false],
    ]);
    expect(riders['1']).not.toHaveProperty('replaces');
    expect(heat(outcome.match, 15)).toBe(outcome.heat);
    expect(outcome.heat.status).toBe('upcoming');
  });

  it('sets helmets for home on gates 2 and 4, and may be redone until the heat has results', () => {
    const match = classicAfter14();
    const [h1, h2] = best(match, 'home');
    const [a1, a2] = best(match, 'away');
    const first = expectOk(
      applyNomination(match, 15, nomination({ '1': h1!, '2': a1!, '3': h2!, '4': a2! })),
    );
    const redone = expectOk(
      applyNomination(
        first.match,
        15,
        nomination({ '1': a1!, '2': h1!, '3': a2!, '4': h2! }, '2-4'),
      ),
    );
    expect(
      ['1', '2', '3', '4'].map((lane) => redone.heat.riders[lane as '1']?.helmet_color),
    ).toEqual(['vit', 'röd', 'gul', 'blå']);
    const ridden = play(redone.match, 15);
    expect(
      expectError(
        applyNomination(ridden, 15, nomination({ '1': h1!, '2': a1!, '3': h2!, '4': a2! })),
      ),
    ).toEqual({
      code: 'HEAT_HAS_RESULTS',
      message: 'Heat 15 har redan resultat. Byt förare i heatdialogen i stället.',
      status: 409,
    });
  });

  it("accepts the 2019 format's free choices: reserves in heat 14, any main rider in heat 15", () => {
    const match = modernAfter13();
    const n14 = expectOk(
      applyNomination(match, 14, nomination({ '1': 'h6', '2': 'a7', '3': 'h7', '4': 'a6' })),
    );
    const after14 = play(n14.match, 14);
    const n15 = expectOk(
      applyNomination(
        after14,
        15,
        nomination({ '1': 'a5', '2': 'h4', '3': 'a4', '4': 'h5' }, '2-4'),
      ),
    );
    expect(n15.heat.riders['2']?.rider_id).toBe('h4');
  });
});
