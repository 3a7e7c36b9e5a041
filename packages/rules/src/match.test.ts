import { describe, expect, it } from 'vitest';
import {
  buildHeats,
  canSaveProtocol,
  completedCount,
  createMatch,
  heatLockReason,
  nextHeatToFill,
  nominationLockReason,
  runningScores,
} from './match';
import { messages } from './messages';
import { byLane, heat, lineups, newMatch, play, save } from './test-support/fixtures';
import { laneRiders } from './scoring';

describe('building a match', () => {
  it("builds 15 heats with the programme's riders, helmets and locks", () => {
    const heats = buildHeats('elitserien-klassisk', lineups());
    expect(heats.map((h) => h.heat_number)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
    ]);
    expect(heats[0]).toEqual({
      heat_number: 1,
      status: 'upcoming',
      riders: {
        '1': {
          rider_id: 'h2',
          name: 'Bo Lind',
          team: 'home',
          lineup_no: 2,
          helmet_color: 'blå',
          locked: false,
        },
        '2': {
          rider_id: 'a1',
          name: 'Hugo Ås',
          team: 'away',
          lineup_no: 1,
          helmet_color: 'vit',
          locked: false,
        },
        '3': {
          rider_id: 'h1',
          name: 'Alva Ek',
          team: 'home',
          lineup_no: 1,
          helmet_color: 'röd',
          locked: false,
        },
        '4': {
          rider_id: 'a2',
          name: 'Ida Vik',
          team: 'away',
          lineup_no: 2,
          helmet_color: 'gul',
          locked: false,
        },
      },
      results: [],
      rr: false,
      tactical: false,
    });
    expect(Object.values(heats[1]!.riders).every((r) => r.locked)).toBe(true);
    expect(Object.values(heats[10]!.riders).map((r) => r.lineup_no)).toEqual([6, 6, 7, 7]);
    expect(heats[14]!.riders).toEqual({});
  });

  it('leaves both nominated heats of the 2019 format empty', () => {
    const match = createMatch('elitserien-2019', lineups());
    expect(match.rulebook).toBe('elitserien-2019');
    expect(heat(match, 14).riders).toEqual({});
    expect(heat(match, 15).riders).toEqual({});
    expect(heat(match, 11).riders['1']?.rider_id).toBe('a3');
    expect(heat(match, 11).riders['1']?.locked).toBe(false);
  });

  it('leaves lanes empty while numbers are missing from a line-up', () => {
    const heats = buildHeats('elitserien-klassisk', lineups(5));
    expect(laneRiders(heats[1]!.riders)).toEqual([]);
    expect(laneRiders(heats[3]!.riders).map((r) => r.rider_id)).toEqual(['a5', 'h5']);
  });
});

describe('sequential unlocking', () => {
  it('opens heat 1 and locks heat n until heat n−1 is complete', () => {
    const match = newMatch();
    expect(heatLockReason(match, 1)).toBeNull();
    expect(heatLockReason(match, 2)).toBe('Fyll i Heat 1 först');
    expect(heatLockReason(match, 9)).toBe('Fyll i Heat 8 först');
    const after1 = save(match, 1, { results: byLane(heat(match, 1), [1, 2, 3, 4]) });
    expect(heatLockReason(after1, 2)).toBeNull();
    expect(heatLockReason(after1, 16)).toBe('Heat 16 finns inte.');
  });

  it('locks a nominated heat until it is nominated, and nominating until the heats before are done', () => {
    const match = play(newMatch(), 13);
    expect(heatLockReason(match, 15)).toBe('Fyll i Heat 14 först');
    expect(nominationLockReason(match, 15)).toBe('Nominering låses upp efter heat 14');
    const after14 = play(match, 14);
    expect(heatLockReason(after14, 15)).toBe('Nominera heat 15 för att låsa upp registrering');
    expect(nominationLockReason(after14, 15)).toBeNull();
  });

  it("names the 2019 format's nominated heat 14 in its texts", () => {
    const match = play(newMatch('elitserien-2019'), 12);
    expect(nominationLockReason(match, 14)).toBe('Nominering låses upp efter heat 13');
    const after13 = play(match, 13);
    expect(heatLockReason(after13, 14)).toBe('Nominera heat 14 för att låsa upp registrering');
    expect(nextHeatToFill(after13)).toEqual({ heat_number: 14, message: 'Nominera heat 14 först' });
  });

  it('points the carousel at the first heat to fill', () => {
    expect(nextHeatToFill(newMatch())).toEqual({ heat_number: 1, message: 'Fyll i Heat 1 först' });
    expect(nextHeatToFill(play(newMatch(), 6))).toEqual({
      heat_number: 7,
      message: 'Fyll i Heat 7 först',
    });
    expect(nextHeatToFill(play(newMatch(), 14))).toEqual({
      heat_number: 15,
      message: 'Nominera heat 15 först',
    });
    expect(nextHeatToFill(play(newMatch(), 15))).toBeNull();
  });
});

describe('match progress', () => {
  it('counts complete heats for "x/15 Heat komplett"', () => {
    const match = play(newMatch(), 7);
    expect(completedCount(match.heats)).toBe(7);
    expect(messages.heatsComplete(completedCount(match.heats), 15)).toBe('7/15 Heat komplett');
  });

  it('gives the running score after every heat, recomputed', () => {
    const match = play(newMatch(), 3, (n) => (n === 2 ? 'away' : 'home'));
    const running = runningScores([...match.heats].reverse());
    expect(running.slice(0, 4)).toEqual([
      { heat_number: 1, home_score: 5, away_score: 1, complete: true },
      { heat_number: 2, home_score: 6, away_score: 6, complete: true },
      { heat_number: 3, home_score: 11, away_score: 7, complete: true },
      { heat_number: 4, home_score: 11, away_score: 7, complete: false },
    ]);
  });
});

describe('canSaveProtocol', () => {
  it('needs 15 completed heats with four results each', () => {
    const full = play(newMatch(), 15);
    expect(canSaveProtocol(full)).toEqual({ ok: true });
    expect(canSaveProtocol(play(newMatch(), 6))).toEqual({
      ok: false,
      reason: 'Heat 7 är inte registrerat.',
    });
    expect(canSaveProtocol({ ...full, heats: full.heats.slice(0, 14) })).toEqual({
      ok: false,
      reason: 'Protokollet måste ha 15 heat.',
    });
  });

  it('looks at the heat status and at the results themselves', () => {
    const full = play(newMatch(), 15);
    const live = full.heats.map((h) =>
      h.heat_number === 4 ? { ...h, status: 'live' as const } : h,
    );
    expect(canSaveProtocol({ ...full, heats: live })).toEqual({
      ok: false,
      reason: 'Heat 4 är inte registrerat.',
    });
    const short = full.heats.map((h) =>
      h.heat_number === 9 ? { ...h, results: h.results.slice(1) } : h,
    );
    expect(canSaveProtocol({ ...full, heats: short })).toEqual({
      ok: false,
      reason: 'Heat 9 är inte registrerat.',
    });
    const shared = full.heats.map((h) =>
      h.heat_number === 12
        ? { ...h, results: h.results.map((r) => ({ ...r, position: 1 as const })) }
        : h,
    );
    expect(canSaveProtocol({ ...full, heats: shared })).toEqual({
      ok: false,
      reason: 'Heat 12 är inte registrerat.',
    });
  });
});
