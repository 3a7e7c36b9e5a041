import { describe, expect, it } from 'vitest';
import { compareWithOfficial } from './comparison';
import { heatOf } from './match';
import { officialToHeats } from './official';
import { byLane, expectOk, heat, lineups, newMatch, play, save } from './test-support/fixtures';

describe('compareWithOfficial', () => {
  const official = play(newMatch(), 15);

  it('finds nothing when the protocol matches', () => {
    expect(compareWithOfficial(official.heats, official.heats)).toEqual({
      discrepancies: [],
      heats: [],
    });
  });

  it("ignores an official heat's codes: same placings, no difference", () => {
    // Heat 1 (H2 A1 H1 A2): 2nd, 1st excluded (X), 3rd, 4th after a fall (F).
    const protocol = save(newMatch(), 1, { results: byLane(heat(newMatch(), 1), [2, 0, 1, 3]) });
    const { heats } = expectOk(
      officialToHeats('elitserien-klassisk', lineups(), {
        heats: [
          {
            heat: 1,
            riders: [
              { gate: 1, team: 'H', no: 2, position: 2, status: 'completed', code: 'OK' },
              { gate: 2, team: 'A', no: 1, position: 0, status: 'excluded', code: 'X' },
              { gate: 3, team: 'H', no: 1, position: 1, status: 'completed' },
              { gate: 4, team: 'A', no: 2, position: 3, status: 'completed', code: 'F' },
            ],
          },
        ],
      }),
    );
    expect(heatOf({ heats }, 1)!.results.filter((r) => r.code)).toHaveLength(2);
    expect(compareWithOfficial(protocol.heats, heats)).toEqual({ discrepancies: [], heats: [] });
  });

  it("reports totals as the spec's discrepancies and the heats and riders that differ", () => {
    // Heat 3 lanes: H3 A3 H4 A4; official 1-2-3-4 gives 4–2, the user wrote 2-1-3-4 (3–3).
    const mine = save(official, 3, { results: byLane(heat(official, 3), [2, 1, 3, 4]) });
    const comparison = compareWithOfficial(mine.heats, official.heats);
    expect(comparison.discrepancies).toEqual([
      { type: 'home_score', user_value: 45, official_value: 46 },
      { type: 'away_score', user_value: 45, official_value: 44 },
    ]);
    expect(comparison.heats).toEqual([
      {
        heat_number: 3,
        user: { home: 3, away: 3 },
        official: { home: 4, away: 2 },
        riders: [
          {
            rider_id: 'h3',
            name: 'Cilla Ström',
            user: { position: 2, status: 'completed' },
            official: { position: 1, status: 'completed' },
          },
          {
            rider_id: 'a3',
            name: 'Jon Strand',
            user: { position: 1, status: 'completed' },
            official: { position: 2, status: 'completed' },
          },
        ],
      },
    ]);
  });

  it('reports a status difference even when the heat score agrees', () => {
    // Heat 1 lanes: H2 A1 H1 A2; a 4th place and an exclusion both score 0.
    const mine = save(official, 1, { results: byLane(heat(official, 1), [1, 2, 3, 0]) });
    const comparison = compareWithOfficial(mine.heats, official.heats);
    expect(comparison.discrepancies).toEqual([]);
    expect(comparison.heats).toEqual([
      {
        heat_number: 1,
        user: { home: 4, away: 2 },
        official: { home: 4, away: 2 },
        riders: [
          {
            rider_id: 'a2',
            name: 'Ida Vik',
            user: { position: 0, status: 'excluded' },
            official: { position: 4, status: 'completed' },
          },
        ],
      },
    ]);
  });

  it('reports riders who rode in only one of them, and heats missing on one side', () => {
    const mine = save(official, 5, {
      assignments: { '1': 'h1' },
      rr: true,
      results: byLane(heat(official, 5), [1, 2, 3, 4]).map((r) =>
        r.rider_id === 'h7' ? { ...r, rider_id: 'h1' } : r,
      ),
    });
    const comparison = compareWithOfficial(mine.heats.slice(0, 14), official.heats);
    expect(comparison.heats.map((h) => h.heat_number)).toEqual([5, 15]);
    expect(
      comparison.heats[0]!.riders.map((r) => [
        r.rider_id,
        r.user?.position ?? null,
        r.official?.position ?? null,
      ]),
    ).toEqual([
      ['h1', 1, null],
      ['h7', null, 1],
    ]);
    expect(comparison.heats[1]).toMatchObject({
      heat_number: 15,
      user: null,
      official: { home: 4, away: 2 },
    });
    expect(comparison.heats[1]!.riders.every((r) => r.user === null)).toBe(true);
    const noOfficial15 = compareWithOfficial(official.heats, official.heats.slice(0, 14));
    expect(noOfficial15.heats).toHaveLength(1);
    expect(noOfficial15.heats[0]).toMatchObject({
      heat_number: 15,
      user: { home: 4, away: 2 },
      official: null,
    });
  });

  it('takes the official totals when given', () => {
    const comparison = compareWithOfficial(official.heats, official.heats, {
      home_score: 47,
      away_score: 44,
    });
    expect(comparison.discrepancies).toEqual([
      { type: 'home_score', user_value: 46, official_value: 47 },
    ]);
  });

  it('compares an unregistered protocol heat with the official one', () => {
    const comparison = compareWithOfficial(newMatch().heats, official.heats);
    expect(comparison.heats).toHaveLength(15);
    expect(comparison.heats[0]).toMatchObject({
      user: { home: 0, away: 0 },
      official: { home: 4, away: 2 },
    });
  });
});
