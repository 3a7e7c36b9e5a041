import { describe, expect, it } from 'vitest';
import type { MatchState } from './match';
import { applyNomination, nominationCandidates, type NominationInput } from './nomination';
import { byLane, expectError, heat, newMatch, play, save } from './test-support/fixtures';

const nomination = (assignments: Record<string, string>, home_gates = '1-3'): NominationInput => ({
  assignments,
  home_gates,
});
const best = (match: MatchState, side: 'home' | 'away') =>
  nominationCandidates(match, 15, side).map((c) => c.rider_id);

// Lane order 1-2-3-4 for every heat: the rider on lane 1 scores 3, lane 2 scores 2 and so on.
const classicAfter14 = () => play(newMatch(), 14);

describe('applyNomination refuses', () => {
  const after14 = classicAfter14();
  const [h1, h2] = best(after14, 'home');
  const [a1, a2] = best(after14, 'away');
  const full = { '1': h1!, '2': a1!, '3': h2!, '4': a2! };

  it.each([
    [
      'a heat that is not nominated',
      after14,
      14,
      nomination(full),
      { code: 'NOT_NOMINATED_HEAT', message: 'Heat 14 är inget nomineringsheat.', status: 400 },
    ],
    [
      'a heat that does not exist',
      after14,
      16,
      nomination(full),
      { code: 'NOT_NOMINATED_HEAT', message: 'Heat 16 är inget nomineringsheat.', status: 400 },
    ],
    [
      'before heat 14 is complete',
      play(newMatch(), 13),
      15,
      nomination(full),
      { code: 'NOMINATION_LOCKED', message: 'Nominering låses upp efter heat 14', status: 409 },
    ],
    [
      'an unknown gate set',
      after14,
      15,
      nomination(full, '1-2'),
      {
        code: 'INVALID_GATE_SET',
        message: 'Välj startspår 1 och 3 eller 2 och 4 för hemmalaget.',
        status: 400,
      },
    ],
    [
      'an empty gate',
      after14,
      15,
      nomination({ ...full, '4': '' }),
      { code: 'NOMINATION_INCOMPLETE', message: 'Alla fyra startspår måste fyllas.', status: 400 },
    ],
    [
      'a missing gate',
      after14,
      15,
      nomination({ '1': h1!, '2': a1!, '3': h2! }),
      { code: 'NOMINATION_INCOMPLETE', message: 'Alla fyra startspår måste fyllas.', status: 400 },
    ],
    [
      'a rider in two gates',
      after14,
      15,
      nomination({ ...full, '3': h1! }),
      {
        code: 'RIDER_IN_ONE_GATE',
        message: 'En förare kan bara stå i ett startspår.',
        status: 400,
      },
    ],
    [
      'an unknown rider',
      after14,
      15,
      nomination({ ...full, '3': 'x9' }),
      { code: 'UNKNOWN_RIDER', message: 'Föraren finns inte i laguppställningen.', status: 400 },
    ],
    [
      'a home rider on an away gate',
      after14,
      15,
      nomination(full, '2-4'),
      { code: 'WRONG_GATE', message: 'Startspår 1 tillhör det andra laget.', status: 400 },
    ],
    [
      'lists that disagree with the gates',
      after14,
      15,
      { ...nomination(full), away: [a1!, h1!] },
      {
        code: 'NOMINATION_MISMATCH',
        message: 'Listorna över nominerade förare stämmer inte med startspåren.',
        status: 400,
      },
    ],
    [
      'a list of the wrong length',
      after14,
      15,
      { ...nomination(full), home: [h1!] },
      {
        code: 'NOMINATION_MISMATCH',
        message: 'Listorna över nominerade förare stämmer inte med startspåren.',
        status: 400,
      },
    ],
    [
      'a reserve in klassisk heat 15',
      after14,
      15,
      nomination({ ...full, '3': 'h6' }),
      { code: 'NOT_ELIGIBLE', message: 'Frej Dahl kan inte nomineras till heat 15.', status: 400 },
    ],
    [
      'a reserve in 2019 heat 15',
      play(play(newMatch('elitserien-2019'), 13), 14),
      15,
      nomination({ '1': 'h1', '2': 'a1', '3': 'h2', '4': 'a7' }),
      { code: 'NOT_ELIGIBLE', message: 'Nils Fors kan inte nomineras till heat 15.', status: 400 },
    ],
  ])('refuses %s', (_, match, n, input, error) => {
    expect(expectError(applyNomination(match, n, input))).toEqual(error);
  });

  it('refuses a main rider below the third best in klassisk heat 15', () => {
    // Only heats 1 and 3 score (everyone else excluded): h1 3, h2 2+1, h3 3, h4 1, h5 0.
    let match = newMatch();
    for (let n = 1; n <= 14; n += 1) {
      const positions = n === 1 ? [2, 3, 1, 4] : n === 3 ? [1, 2, 3, 4] : [0, 0, 0, 0];
      match = save(match, n, { results: byLane(heat(match, n), positions) });
    }
    expect(
      nominationCandidates(match, 15, 'home').map((c) => [c.rider_id, c.points, c.bonus_points]),
    ).toEqual([
      ['h1', 3, 0],
      ['h2', 2, 1],
      ['h3', 3, 0],
    ]);
    const input = nomination({ '1': 'h1', '2': 'a1', '3': 'h4', '4': 'a2' });
    expect(expectError(applyNomination(match, 15, input))).toEqual({
      code: 'NOT_ELIGIBLE',
      message: 'Dan Berg kan inte nomineras till heat 15.',
      status: 400,
    });
    expect(
      applyNomination(match, 15, { ...input, assignments: { ...input.assignments, '3': 'h2' } }).ok,
    ).toBe(true);
  });
});
