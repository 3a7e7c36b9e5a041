import { describe, expect, it } from 'vitest';
import { applyHeatSave } from './heat-save';
import type { MatchState } from './match';
import { applyAssignments, laneChoices } from './substitution';
import { byLane, expectOk, heat, newMatch, play, save } from './test-support/fixtures';

const awayLeads = (upTo: number) => play(newMatch(), upTo, () => 'away'); // home trails by 4 a heat
const finish = (match: MatchState, n: number) => byLane(heat(match, n), [1, 2, 3, 4]);

describe('laneChoices (what the heat dialog enables)', () => {
  const trailing = () => play(newMatch(), 4, () => 'away');

  it("offers the lane team's riders, marking those already in the heat", () => {
    const choices = laneChoices(trailing(), 5, '1', false); // H7 on lane 1, H2 on lane 3
    expect(choices.enabled).toBe(true);
    expect(choices.reason).toBeNull();
    expect(choices.riders.map((r) => r.label)).toEqual([
      'Alva Ek',
      'Bo Lind (i heatet)',
      'Cilla Ström',
      'Dan Berg',
      'Eva Holm',
      'Frej Dahl',
      'Gun Sjö',
    ]);
    expect(choices.riders.find((r) => r.rider_id === 'h7')?.in_heat).toBe(false);
    expect(choices.riders[1]).toEqual({
      rider_id: 'h2',
      name: 'Bo Lind',
      lineup_no: 2,
      in_heat: true,
      label: 'Bo Lind (i heatet)',
    });
  });

  it('explains why a lane is closed without manual unlock', () => {
    expect(laneChoices(newMatch(), 5, '1', false)).toMatchObject({
      enabled: false,
      reason: 'Taktisk reserv kräver att laget ligger under med minst 6 poäng.',
    });
    expect(laneChoices(trailing(), 2, '2', false)).toMatchObject({
      enabled: false,
      reason: 'Den här platsen är låst för reservernas schemalagda heat.',
    });
    expect(laneChoices(newMatch(), 2, '2', true)).toMatchObject({ enabled: true, reason: null });
    expect(laneChoices(newMatch(), 5, '1', true).enabled).toBe(true);
  });

  it('offers nothing for an empty nominated lane or an unknown heat', () => {
    expect(laneChoices(newMatch(), 15, '1', true)).toEqual({
      enabled: false,
      reason: null,
      riders: [],
    });
    expect(laneChoices(newMatch(), 16, '1', true)).toEqual({
      enabled: false,
      reason: null,
      riders: [],
    });
  });
});

describe('applyAssignments', () => {
  it('changes nothing for an empty set of assignments', () => {
    const match = newMatch();
    const h = heat(match, 1);
    expect(applyAssignments(match, h, {}, false)).toEqual({
      ok: true,
      riders: h.riders,
      tactical: false,
      changed: false,
    });
  });
});

// Heat 5 lanes: H7 A4 H2 A6 (unlocked); heat 2: A7 H6 A6 H7 (reserve heat, locked).
describe('swaps saved through applyHeatSave', () => {
  it('a tactical reserve before the heat is run, then its results', () => {
    const match = awayLeads(4);
    const swapped = expectOk(applyHeatSave(match, 5, { assignments: { '1': 'h1' } }));
    expect(swapped.heat.status).toBe('upcoming');
    expect(swapped.heat.tactical).toBe(true);
    expect(swapped.heat.rr).toBe(false);
    expect(swapped.heat.riders['1']).toEqual({
      rider_id: 'h1',
      name: 'Alva Ek',
      team: 'home',
      lineup_no: 1,
      helmet_color: 'blå',
      locked: false,
      replaces: 7,
    });
    const ridden = save(swapped.match, 5, {
      results: byLane(heat(swapped.match, 5), [1, 3, 2, 4]),
    });
    expect(heat(ridden, 5).results[0]).toMatchObject({ rider_id: 'h1', points: 3 });
    expect(heat(ridden, 5).tactical).toBe(true);
  });

  it('a tactical reserve together with the results', () => {
    const match = awayLeads(4);
    const h = heat(match, 5);
    const results = byLane(h, [1, 2, 3, 4]).map((r) =>
      r.rider_id === 'h7' ? { ...r, rider_id: 'h1' } : r,
    );
    const saved = expectOk(applyHeatSave(match, 5, { assignments: { '1': 'h1' }, results }));
    expect(saved.heat.results.map((r) => r.rider_id)).toEqual(['h1', 'a4', 'h2', 'a6']);
  });

  it('an undo of a tactical reserve without needing permission', () => {
    const swapped = save(awayLeads(4), 5, { assignments: { '1': 'h1' } });
    const closed = {
      ...swapped,
      tactical: { enabled: false, start_heat: 5, end_heat: 14, min_deficit: 6 },
    };
    const undone = expectOk(applyHeatSave(closed, 5, { assignments: { '1': 'h7' } }));
    expect(undone.heat.riders['1']).not.toHaveProperty('replaces');
    expect(undone.heat.tactical).toBe(false);
  });

  it('R/R with manual unlock past the swap limits, and remembers it', () => {
    const match = play(newMatch(), 1);
    const rr = expectOk(
      applyHeatSave(match, 2, { assignments: { '2': 'h1', '4': 'h2' }, rr: true }),
    );
    expect(rr.heat.rr).toBe(true);
    expect(rr.heat.tactical).toBe(false);
    expect([rr.heat.riders['2']?.replaces, rr.heat.riders['4']?.replaces]).toEqual([6, 7]);
    // Later saves without the toggle keep the R/R riders and the mark.
    const ridden = expectOk(applyHeatSave(rr.match, 2, { results: finish(rr.match, 2) }));
    expect(ridden.heat.rr).toBe(true);
    expect(ridden.heat.riders['2']?.rider_id).toBe('h1');
  });

  it('no R/R mark for manual unlock without a swap', () => {
    const match = newMatch();
    expect(expectOk(applyHeatSave(match, 1, { results: finish(match, 1), rr: true })).heat.rr).toBe(
      false,
    );
  });

  it('a tactical reserve kept or taken back under manual unlock', () => {
    const swapped = save(awayLeads(4), 5, { assignments: { '1': 'h1' } });
    const kept = expectOk(applyHeatSave(swapped, 5, { assignments: { '3': 'h3' }, rr: true }));
    expect(kept.heat.tactical).toBe(true);
    const back = expectOk(applyHeatSave(swapped, 5, { assignments: { '1': 'h7' }, rr: true }));
    expect(back.heat.tactical).toBe(false);
    const rrOnly = expectOk(
      applyHeatSave(awayLeads(4), 5, { assignments: { '1': 'h1' }, rr: true }),
    );
    expect(rrOnly.heat.tactical).toBe(false);
  });

  it("an exchange of two team-mates' lanes with manual unlock", () => {
    const saved = expectOk(
      applyHeatSave(newMatch(), 1, { assignments: { '1': 'h1', '3': 'h2' }, rr: true }),
    );
    expect([saved.heat.riders['1']?.rider_id, saved.heat.riders['3']?.rider_id]).toEqual([
      'h1',
      'h2',
    ]);
    expect(saved.heat.riders['1']?.helmet_color).toBe('blå');
  });
});
