import { describe, expect, it } from 'vitest';
import type { MatchState } from './match';
import { matchTacticalRules, scoreBefore, tacticalPermission } from './tactical';
import { byLane, heat, newMatch, play, save } from './test-support/fixtures';

// Heat 1 lanes: H2 A1 H1 A2; heat 2: A7 H6 A6 H7.
function trailing(heat2: number[]): MatchState {
  let match = newMatch();
  match = save(match, 1, { results: byLane(heat(match, 1), [3, 1, 4, 2]) }); // 1–5
  return save(match, 2, { results: byLane(heat(match, 2), heat2) });
}
const sixDown = () => trailing([1, 2, 3, 4]); // 2–4, so 3–9
const fiveDown = () => trailing([1, 2, 0, 0]); // 2–3, so 3–8

describe('tacticalPermission', () => {
  it('counts the score of the heats before the heat', () => {
    const match = play(sixDown(), 7, (n) => (n <= 4 ? 'away' : 'home'));
    expect(scoreBefore(match.heats, 3)).toEqual({ home: 3, away: 9 });
    expect(tacticalPermission(match, 5, 'home')).toEqual({ allowed: true, deficit: 14 });
    expect(tacticalPermission(match, 7, 'home')).toEqual({ allowed: true, deficit: 6 });
    expect(tacticalPermission(match, 8, 'home').allowed).toBe(false);
  });

  it.each([
    ['six down in heat 5', sixDown, 5, 'home', { allowed: true, deficit: 6 }],
    ['six down in heat 14', sixDown, 14, 'home', { allowed: true, deficit: 6 }],
    [
      'five down',
      fiveDown,
      5,
      'home',
      {
        allowed: false,
        deficit: 5,
        reason: 'Taktisk reserv kräver att laget ligger under med minst 6 poäng.',
      },
    ],
    [
      'the leading team',
      sixDown,
      5,
      'away',
      {
        allowed: false,
        deficit: -6,
        reason: 'Taktisk reserv kräver att laget ligger under med minst 6 poäng.',
      },
    ],
    [
      'heat 4, before the window',
      sixDown,
      4,
      'home',
      { allowed: false, deficit: 6, reason: 'Taktisk reserv får bara användas i heat 5–14.' },
    ],
    [
      'heat 15, after the window',
      sixDown,
      15,
      'home',
      { allowed: false, deficit: 6, reason: 'Taktisk reserv får bara användas i heat 5–14.' },
    ],
  ] as const)('%s', (_, build, heatNumber, side, expected) => {
    expect(tacticalPermission(build(), heatNumber, side)).toEqual(expected);
  });

  it('uses the 2019 window 5–13', () => {
    const match = { ...sixDown(), rulebook: 'elitserien-2019' as const };
    expect(tacticalPermission(match, 13, 'home').allowed).toBe(true);
    expect(tacticalPermission(match, 14, 'home')).toEqual({
      allowed: false,
      deficit: 6,
      reason: 'Taktisk reserv får bara användas i heat 5–13.',
    });
  });

  it("follows the match's own tactical rules (meta.rules.tactical)", () => {
    const rules = { enabled: false, start_heat: 5, end_heat: 14, min_deficit: 6 };
    const match = { ...sixDown(), tactical: rules };
    expect(matchTacticalRules(match)).toBe(rules);
    expect(tacticalPermission(match, 5, 'home')).toEqual({
      allowed: false,
      deficit: 6,
      reason: 'Taktisk reserv används inte i den här tävlingsformen.',
    });
    const stricter = { ...sixDown(), tactical: { ...rules, enabled: true, min_deficit: 8 } };
    expect(tacticalPermission(stricter, 5, 'home').allowed).toBe(false);
    expect(matchTacticalRules(newMatch())).toEqual({
      enabled: true,
      start_heat: 5,
      end_heat: 14,
      min_deficit: 6,
    });
  });
});
