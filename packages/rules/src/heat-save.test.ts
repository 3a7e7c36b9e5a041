import { describe, expect, it } from 'vitest';
import { applyHeatSave, heatSaveInputOf, type HeatSaveInput } from './heat-save';
import type { MatchState } from './match';
import { byLane, expectError, expectOk, heat, newMatch, play } from './test-support/fixtures';

const awayLeads = (upTo: number) => play(newMatch(), upTo, () => 'away'); // home trails by 4 a heat
const finish = (match: MatchState, n: number) => byLane(heat(match, n), [1, 2, 3, 4]);

// Heat 5 lanes: H7 A4 H2 A6 (unlocked); heat 2: A7 H6 A6 H7 (reserve heat, locked).
describe('applyHeatSave refuses', () => {
  const cases: [
    string,
    () => MatchState,
    number,
    HeatSaveInput,
    { code: string; message: string; status: number },
  ][] = [
    [
      'a heat that does not exist',
      newMatch,
      16,
      {},
      { code: 'HEAT_NOT_FOUND', message: 'Heat 16 finns inte.', status: 400 },
    ],
    [
      'a heat before the one before it is complete',
      newMatch,
      3,
      {},
      { code: 'HEAT_LOCKED', message: 'Fyll i Heat 2 först', status: 409 },
    ],
    [
      'heat 15 before its nomination',
      () => play(newMatch(), 14),
      15,
      {},
      {
        code: 'NOMINATION_REQUIRED',
        message: 'Nominera heat 15 för att låsa upp registrering',
        status: 409,
      },
    ],
    [
      'an unknown lane',
      newMatch,
      1,
      { assignments: { '5': 'h3' } },
      { code: 'INVALID_LANE', message: 'Startspåret finns inte. Välj startspår 1–4.', status: 400 },
    ],
    [
      'an unknown rider',
      newMatch,
      1,
      { assignments: { '1': 'zz' }, rr: true },
      { code: 'UNKNOWN_RIDER', message: 'Föraren finns inte i laguppställningen.', status: 400 },
    ],
    [
      'a rider of the other team, even with manual unlock',
      newMatch,
      1,
      { assignments: { '1': 'a3' }, rr: true },
      {
        code: 'WRONG_TEAM',
        message: 'Platsen måste köras av en förare från samma lag.',
        status: 400,
      },
    ],
    [
      'a swap on a locked reserve-heat lane',
      () => awayLeads(1),
      2,
      { assignments: { '2': 'h1' } },
      {
        code: 'LANE_LOCKED',
        message: 'Den här platsen är låst för reservernas schemalagda heat.',
        status: 409,
      },
    ],
    [
      'a rider already in the heat for the team',
      () => awayLeads(4),
      5,
      { assignments: { '1': 'h2' } },
      {
        code: 'RIDER_ALREADY_IN_HEAT',
        message: 'Du kan inte välja föraren som redan kör detta heat för samma lag.',
        status: 400,
      },
    ],
    [
      'a rider twice in the heat even with manual unlock',
      newMatch,
      1,
      { assignments: { '1': 'h1' }, rr: true },
      {
        code: 'RIDER_ALREADY_IN_HEAT',
        message: 'Du kan inte välja föraren som redan kör detta heat för samma lag.',
        status: 400,
      },
    ],
    [
      'a tactical reserve for a team not trailing by 6',
      () => play(newMatch(), 4),
      5,
      { assignments: { '1': 'h1' } },
      {
        code: 'TACTICAL_NOT_ALLOWED',
        message: 'Taktisk reserv kräver att laget ligger under med minst 6 poäng.',
        status: 409,
      },
    ],
    [
      'a tactical reserve outside the window',
      () => awayLeads(2),
      3,
      { assignments: { '1': 'h1' } },
      {
        code: 'TACTICAL_NOT_ALLOWED',
        message: 'Taktisk reserv får bara användas i heat 5–14.',
        status: 409,
      },
    ],
    [
      'a tactical reserve for the leading team',
      () => awayLeads(4),
      5,
      { assignments: { '2': 'a1' } },
      {
        code: 'TACTICAL_NOT_ALLOWED',
        message: 'Taktisk reserv kräver att laget ligger under med minst 6 poäng.',
        status: 409,
      },
    ],
    [
      'two tactical reserves in one heat',
      () => awayLeads(4),
      5,
      { assignments: { '1': 'h1', '3': 'h3' } },
      {
        code: 'TOO_MANY_TACTICAL',
        message: 'Endast en taktisk reserv kan användas per heat.',
        status: 409,
      },
    ],
    [
      'incomplete placements',
      newMatch,
      1,
      { results: byLane(heat(newMatch(), 1), [1, 1, 2, 3]) },
      {
        code: 'INVALID_PLACEMENTS',
        message: 'Fyll i unika placeringar 1–4 för alla som inte är uteslutna.',
        status: 400,
      },
    ],
    [
      'an empty results list',
      newMatch,
      1,
      { results: [] },
      {
        code: 'INVALID_PLACEMENTS',
        message: 'Fyll i unika placeringar 1–4 för alla som inte är uteslutna.',
        status: 400,
      },
    ],
    [
      'nothing to save',
      newMatch,
      1,
      {},
      { code: 'NO_CHANGES', message: 'Inga ändringar att spara.', status: 400 },
    ],
    [
      'a swap to the rider already there',
      newMatch,
      1,
      { assignments: { '1': 'h2' } },
      {
        code: 'NO_CHANGES',
        message: 'Inga ändringar att spara.',
        status: 400,
      },
    ],
    [
      'the same results again',
      () => play(newMatch(), 1),
      1,
      { results: finish(newMatch(), 1), rr: true },
      {
        code: 'NO_CHANGES',
        message: 'Inga ändringar att spara.',
        status: 400,
      },
    ],
  ];

  it.each(cases)('%s', (_, build, n, input, error) => {
    expect(expectError(applyHeatSave(build(), n, input))).toEqual(error);
  });
});

describe('applyHeatSave saves', () => {
  it('results with computed points and bonus, and returns the match score', () => {
    const match = newMatch();
    const outcome = expectOk(
      applyHeatSave(match, 1, { results: byLane(heat(match, 1), [2, 4, 1, 3]) }),
    );
    expect(outcome.heat.status).toBe('completed');
    expect(outcome.heat.results.map((r) => [r.rider_id, r.points, r.bonus_points])).toEqual([
      ['h2', 2, 1],
      ['a1', 0, 0],
      ['h1', 3, 0],
      ['a2', 1, 0],
    ]);
    expect([outcome.home_score, outcome.away_score]).toEqual([5, 1]);
    expect(heat(outcome.match, 1)).toBe(outcome.heat);
    expect(heat(match, 1).status).toBe('upcoming');
  });

  it('an edit of a completed heat, counted once, leaving later heats as they are', () => {
    const match = play(newMatch(), 3, () => 'home');
    const edited = expectOk(
      applyHeatSave(match, 1, { results: byLane(heat(match, 1), [3, 1, 4, 2]) }),
    );
    expect([edited.home_score, edited.away_score]).toEqual([11, 7]);
    expect(heat(edited.match, 2)).toBe(heat(match, 2));
    const again = expectOk(
      applyHeatSave(edited.match, 1, { results: byLane(heat(match, 1), [1, 3, 2, 4]) }),
    );
    expect([again.home_score, again.away_score]).toEqual([15, 3]);
  });

  it('refuses a swap that leaves the saved results without their rider', () => {
    const match = play(awayLeads(4), 5);
    expect(expectError(applyHeatSave(match, 5, { assignments: { '1': 'h1' } })).code).toBe(
      'INVALID_RESULTS',
    );
  });
});

describe('heatSaveInputOf', () => {
  it('keeps placings only (points are never trusted), the lanes given and R/R as a flag', () => {
    const result = { rider_id: 'h1', position: 1 as const, status: 'completed' as const };
    expect(
      heatSaveInputOf({ results: [{ ...result, points: 6, bonus_points: 1 } as never] }),
    ).toEqual({ results: [result], rr: false });
    expect(heatSaveInputOf({ assignments: { '1': 'h6' }, rr: true })).toEqual({
      assignments: { '1': 'h6' },
      rr: true,
    });
    expect(heatSaveInputOf({})).toEqual({ rr: false });
  });
});
