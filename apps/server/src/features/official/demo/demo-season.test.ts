import { describe, expect, it } from 'vitest';
import { addDays, swedishDay, swedishTime } from './demo-calendar';
import { buildDemoSeason, DEMO_ROUNDS, roundRobin } from './demo-season';
import { DEMO_TEAMS } from './demo-squads';

describe('the demo calendar', () => {
  it('reads Swedish wall-clock time in summer and winter, across midnight', () => {
    expect(swedishTime({ year: 2026, month: 6, day: 2 }, 19).toISOString()).toBe(
      '2026-06-02T17:00:00.000Z',
    );
    expect(swedishTime({ year: 2026, month: 1, day: 15 }, 19).toISOString()).toBe(
      '2026-01-15T18:00:00.000Z',
    );
    expect(swedishDay(new Date('2026-06-02T22:30:00Z'))).toEqual({ year: 2026, month: 6, day: 3 });
    expect(addDays({ year: 2026, month: 12, day: 30 }, 7)).toEqual({
      year: 2027,
      month: 1,
      day: 6,
    });
    // The spring switch (29 March 2026): midnight is still CET, the evening CEST.
    expect(swedishTime({ year: 2026, month: 3, day: 29 }, 0).toISOString()).toBe(
      '2026-03-28T23:00:00.000Z',
    );
    expect(swedishTime({ year: 2026, month: 3, day: 29 }, 19).toISOString()).toBe(
      '2026-03-29T17:00:00.000Z',
    );
  });
});

describe('the demo schedule', () => {
  it('is a double round robin: every team meets every other at home and away, once a round', () => {
    const pairings = roundRobin(DEMO_TEAMS);
    expect(pairings).toHaveLength(56);
    const keys = new Set(pairings.map((p) => `${p.home.slug}-${p.away.slug}`));
    expect(keys.size).toBe(56);
    for (let round = 1; round <= DEMO_ROUNDS; round += 1) {
      const teams = pairings.filter((p) => p.round === round).flatMap((p) => [p.home, p.away]);
      expect(new Set(teams).size, `round ${round}`).toBe(8);
    }
    for (const team of DEMO_TEAMS) {
      expect(pairings.filter((p) => p.home === team)).toHaveLength(7);
    }
  });

  it('is the same season for the same day, and its squads are seven invented riders', () => {
    const now = new Date('2026-05-20T10:00:00Z');
    expect(buildDemoSeason(now)).toEqual(buildDemoSeason(now));
    const names = DEMO_TEAMS.flatMap((team) => team.squad);
    expect(DEMO_TEAMS.every((team) => team.squad.length === 7)).toBe(true);
    expect(new Set(names).size).toBe(56);
  });

  it('puts the matches of today late in the evening still on the same Swedish day', () => {
    const now = new Date('2026-05-20T21:50:00Z'); // 23:50 in Sweden
    const today = buildDemoSeason(now).matches!.filter((m) => m.round === 8);
    const starts = today.map((m) => new Date(m.start!));
    expect(starts[0]!.getTime()).toBeLessThanOrEqual(now.getTime());
    for (const start of starts.slice(1)) {
      expect(start.getTime()).toBeGreaterThan(now.getTime());
      expect(swedishDay(start)).toEqual({ year: 2026, month: 5, day: 20 });
    }
  });
});
