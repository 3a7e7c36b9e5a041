import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createMatch, type MatchState } from './match';
import {
  heatTag,
  NOMINATION_TAG_HEATS,
  nominationsTag,
  protocolDerived,
  protocolTag,
  TAG_PATTERN,
  type ProtocolDerived,
} from './protocol-view';
import { RULE_ERROR_CODES } from './rule-errors';
import {
  reference,
  replayHeat,
  syntheticMatch,
  type OfficialFixture,
} from './test-support/reference';
import type { Heat, Position } from './types';

function replayStates(fixture: OfficialFixture): MatchState[] {
  const states = [createMatch(fixture.rulebook, fixture.lineups)];
  for (const official of fixture.heats) states.push(replayHeat(states.at(-1)!, official));
  return states;
}

const referenceStates = replayStates(reference);
const finalHeats = referenceStates.at(-1)!.heats;

describe.each([
  ['the reference match', reference],
  ['the synthetic classic match', syntheticMatch],
] as const)('protocolDerived over the replay of %s', (_, fixture) => {
  const states = replayStates(fixture);

  // What the server's derivedFields answered before it moved here (checked against it once).
  it('gives the running score and progress after every heat, for every stored status', () => {
    states.forEach((state, done) => {
      const score = done === 0 ? '0-0' : fixture.running[String(done)];
      const status = done === 0 ? 'upcoming' : done === 15 ? 'completed' : 'live';
      for (const current of [undefined, 'upcoming', 'live', 'completed', 'confirmed'] as const) {
        const derived = protocolDerived(state, current);
        expect(`${derived.home_score}-${derived.away_score}`).toBe(score);
        expect(derived.completed_heats).toBe(done);
        expect(derived.status).toBe(current === 'confirmed' ? 'confirmed' : status);
      }
    });
  });

  it('is upcoming, then live with the running score, then completed, and stays confirmed', () => {
    expect(protocolDerived(states[0]!)).toEqual<ProtocolDerived>({
      home_score: 0,
      away_score: 0,
      completed_heats: 0,
      status: 'upcoming',
    });
    states.slice(1, -1).forEach((state, i) => {
      const derived = protocolDerived(state);
      expect(`${derived.home_score}-${derived.away_score}`).toBe(fixture.running[String(i + 1)]);
      expect([derived.completed_heats, derived.status]).toEqual([i + 1, 'live']);
    });
    expect(protocolDerived(states.at(-1)!)).toEqual<ProtocolDerived>({
      home_score: fixture.home_score,
      away_score: fixture.away_score,
      completed_heats: 15,
      status: 'completed',
    });
    expect(protocolDerived(states[3]!, 'confirmed').status).toBe('confirmed');
  });
});

/** The same value with every object's keys in another order (seeded), at every level. */
function reorderKeys(value: unknown, seed: number): unknown {
  if (Array.isArray(value)) return value.map((v) => reorderKeys(v, seed));
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value);
  const order = entries.map((_, i) => ((i + 1) * 2654435761 * (seed + 1)) % 1009);
  return Object.fromEntries(
    entries
      .map((entry, i) => [entry, order[i]!] as const)
      .sort((a, b) => a[1] - b[1])
      .map(([[k, v]]) => [k, reorderKeys(v, seed + 1)]),
  );
}

const anyHeat = fc.constantFrom(...finalHeats);

describe('heatTag', () => {
  it('is 14 hex digits and the same for the same heat in any key order or after JSON', () => {
    fc.assert(
      fc.property(anyHeat, fc.nat(), (heat, seed) => {
        const tag = heatTag(heat);
        expect(tag).toMatch(TAG_PATTERN);
        expect(heatTag(reorderKeys(heat, seed) as Heat)).toBe(tag);
        expect(heatTag(JSON.parse(JSON.stringify(heat)) as Heat)).toBe(tag);
        // Results in another order are the same results.
        expect(heatTag({ ...heat, results: [...heat.results].reverse() })).toBe(tag);
      }),
    );
  });

  it('differs for any changed place', () => {
    fc.assert(
      fc.property(
        anyHeat,
        fc.nat(3),
        fc.constantFrom<Position>(0, 1, 2, 3, 4),
        (heat, index, position) => {
          const result = heat.results[index]!;
          fc.pre(result.position !== position);
          const results = heat.results.map((r, i) => (i === index ? { ...r, position } : r));
          expect(heatTag({ ...heat, results })).not.toBe(heatTag(heat));
        },
      ),
    );
  });

  it('differs for a changed rider, helmet, lock, status, points, bonus or R/R', () => {
    const heat = finalHeats[0]!;
    const tag = heatTag(heat);
    const lane = heat.riders['1']!;
    const [first, ...rest] = heat.results;
    const changed: Heat[] = [
      { ...heat, riders: { ...heat.riders, '1': { ...lane, rider_id: 'x' } } },
      { ...heat, riders: { ...heat.riders, '1': { ...lane, helmet_color: 'gul' } } },
      { ...heat, riders: { ...heat.riders, '1': { ...lane, locked: !lane.locked } } },
      { ...heat, riders: { ...heat.riders, '1': undefined } },
      { ...heat, results: [{ ...first!, status: 'excluded' }, ...rest] },
      { ...heat, results: [{ ...first!, points: first!.points + 1 }, ...rest] },
      { ...heat, results: [{ ...first!, bonus_points: 1 - first!.bonus_points }, ...rest] },
      { ...heat, results: rest },
      { ...heat, rr: !heat.rr },
    ];
    const tags = changed.map(heatTag);
    expect(tags).not.toContain(tag);
    expect(new Set(tags).size).toBe(changed.length);
  });

  it('ignores what a save does not change: names, replaced numbers, the heat status', () => {
    const heat = finalHeats[0]!;
    const lane = heat.riders['2']!;
    const same: Heat = {
      ...heat,
      status: 'live',
      tactical: !heat.tactical,
      riders: { ...heat.riders, '2': { ...lane, name: 'Annan', replaces: 7 } },
    };
    expect(heatTag(same)).toBe(heatTag(heat));
  });

  it('reads a missing lock or R/R flag as false', () => {
    const heat = finalHeats[1]!;
    const { locked: _locked, ...lane } = heat.riders['3']!;
    const { rr: _rr, ...rest } = heat;
    const loose = { ...rest, riders: { ...heat.riders, '3': lane } } as unknown as Heat;
    expect(heatTag(loose)).toBe(
      heatTag({ ...heat, rr: false, riders: { ...heat.riders, '3': { ...lane, locked: false } } }),
    );
  });
});

describe('protocolTag and nominationsTag', () => {
  const start = referenceStates[0]!;
  const done = referenceStates.at(-1)!;

  it('move with any heat, not with the heats order', () => {
    expect(protocolTag(done)).toMatch(TAG_PATTERN);
    expect(protocolTag({ heats: [...done.heats].reverse() })).toBe(protocolTag(done));
    const tags = referenceStates.map(protocolTag);
    expect(new Set(tags).size).toBe(tags.length);
  });

  it('for nominations, move only with heats 14 and 15', () => {
    expect(NOMINATION_TAG_HEATS).toEqual([14, 15]);
    // Heats 1–13 change nothing of heats 14 and 15.
    expect(nominationsTag(referenceStates[13]!)).toBe(nominationsTag(start));
    expect(nominationsTag(referenceStates[14]!)).not.toBe(nominationsTag(referenceStates[13]!));
    expect(nominationsTag(done)).not.toBe(nominationsTag(referenceStates[14]!));
    expect(nominationsTag(done)).not.toBe(protocolTag(done));
  });
});

describe('RULE_ERROR_CODES', () => {
  const sources = import.meta.glob<string>(['./*.ts', '!./*.test.ts'], {
    query: '?raw',
    import: 'default',
    eager: true,
  });

  it('names every code the engine refuses with, and nothing else', () => {
    const used = new Set<string>();
    for (const text of Object.values(sources)) {
      for (const m of text.matchAll(/(?:fail\(\s*|code: )'([A-Z_]+)'/g)) used.add(m[1]!);
    }
    expect(Object.keys(sources).length).toBeGreaterThan(10);
    expect(Object.values(RULE_ERROR_CODES).sort()).toEqual([...used].sort());
    for (const [name, code] of Object.entries(RULE_ERROR_CODES)) expect(code).toBe(name);
  });
});
