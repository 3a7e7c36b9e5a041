import { describe, expect, it } from 'vitest';
import programmes from './data/programmes.json' with { type: 'json' };
import {
  DEFAULT_RULEBOOK,
  getRulebook,
  isNominatedHeat,
  isRulebookId,
  parseRulebook,
  programmedGates,
  RULEBOOK_IDS,
  tacticalRules,
  type RawRulebook,
} from './rulebooks';
import { LANES } from './types';

// The repository's ../shared/rules, when it is there (this file sits four levels below the root).
const files = import.meta.glob<string>(
  [
    './data/programmes.json',
    './test-support/kumla-vastervik-2019.json',
    '../../../../shared/rules/programmes.json',
    '../../../../shared/rules/reference/kumla-vastervik-2019.json',
  ],
  { query: '?raw', import: 'default', eager: true },
);
const embedded = files['./data/programmes.json'];
const shared = files['../../../../shared/rules/programmes.json'];

describe('embedded programmes.json', () => {
  it('is a byte-for-byte copy of shared/rules/programmes.json when that folder exists', () => {
    expect(embedded).toBeDefined();
    if (shared !== undefined) {
      expect(embedded).toBe(shared);
    } else {
      // Without the shared folder, hold the copy to the facts it must carry.
      expect(JSON.parse(embedded!)).toEqual(programmes);
      expect(Object.keys(programmes.rulebooks)).toEqual(['elitserien-klassisk', 'elitserien-2019']);
      expect(programmes.rulebooks['elitserien-klassisk'].nominated_heats).toEqual([15]);
      expect(programmes.rulebooks['elitserien-2019'].nominated_heats).toEqual([14, 15]);
      for (const rulebook of Object.values(programmes.rulebooks)) {
        expect(Object.keys(rulebook.heats)).toHaveLength(15);
      }
    }
  });

  it('keeps the test copy of the reference match equal to the shared one when that exists', () => {
    const copy = files['./test-support/kumla-vastervik-2019.json']!;
    const source = files['../../../../shared/rules/reference/kumla-vastervik-2019.json'] ?? copy;
    expect(JSON.parse(copy)).toEqual(JSON.parse(source));
  });

  it.each(RULEBOOK_IDS)('%s: 15 heats, two riders per team per heat, helmets by team', (id) => {
    const rulebook = getRulebook(id);
    expect(rulebook.programme).toHaveLength(15);
    for (const gates of rulebook.programme) {
      if (gates === null) continue;
      const all = LANES.map((lane) => gates[lane]);
      expect(
        all
          .filter((g) => g.team === 'home')
          .map((g) => g.helmet_color)
          .sort(),
      ).toEqual(['blå', 'röd']);
      expect(
        all
          .filter((g) => g.team === 'away')
          .map((g) => g.helmet_color)
          .sort(),
      ).toEqual(['gul', 'vit']);
      for (const side of ['home', 'away'] as const) {
        const numbers = all.filter((g) => g.team === side).map((g) => g.lineup_no);
        expect(new Set(numbers).size).toBe(2);
      }
    }
  });

  it('gives every main rider four programmed rides in the classic format', () => {
    const rides = new Map<string, number>();
    for (const gates of getRulebook('elitserien-klassisk').programme) {
      for (const gate of gates ? LANES.map((lane) => gates[lane]) : []) {
        const key = `${gate.team}${gate.lineup_no}`;
        rides.set(key, (rides.get(key) ?? 0) + 1);
      }
    }
    expect(rides.get('home1')).toBe(4);
    expect(rides.get('away5')).toBe(4);
    expect(rides.get('home6')).toBe(4);
  });
});

describe('rulebooks', () => {
  it('defaults to the format the spec describes', () => {
    expect(DEFAULT_RULEBOOK).toBe('elitserien-klassisk');
    expect(isRulebookId('elitserien-2019')).toBe(true);
    expect(isRulebookId('elitserien-1999')).toBe(false);
    expect(isRulebookId(7)).toBe(false);
  });

  it.each([
    [
      'elitserien-klassisk',
      [15],
      { enabled: true, start_heat: 5, end_heat: 14, min_deficit: 6 },
      [2, 11],
    ],
    [
      'elitserien-2019',
      [14, 15],
      { enabled: true, start_heat: 5, end_heat: 13, min_deficit: 6 },
      [2],
    ],
  ] as const)(
    '%s: nominated %j, tactical %j, reserve heats %j',
    (id, nominated, tactical, reserveHeats) => {
      const rulebook = getRulebook(id);
      expect(rulebook.nominated_heats).toEqual(nominated);
      expect(tacticalRules(id)).toEqual(tactical);
      expect(rulebook.tactical.max_per_heat).toBe(1);
      expect(rulebook.reserve_heats).toEqual(reserveHeats);
      for (const n of nominated) {
        expect(isNominatedHeat(rulebook, n)).toBe(true);
        expect(programmedGates(rulebook, n)).toBeNull();
      }
      expect(isNominatedHeat(rulebook, 1)).toBe(false);
    },
  );

  it('reads who may be nominated per rulebook and heat', () => {
    expect(getRulebook('elitserien-klassisk').nominations[15]?.eligibility).toBe('top-three-main');
    expect(getRulebook('elitserien-2019').nominations[14]?.eligibility).toBe('any');
    expect(getRulebook('elitserien-2019').nominations[15]?.eligibility).toBe('main');
    expect(getRulebook('elitserien-2019').nominations[15]?.per_team).toBe(2);
  });

  it("programmes heat 1 as the spec's example and heats 11–13 of 2019 as classic 12–14", () => {
    const classic = getRulebook('elitserien-klassisk');
    const modern = getRulebook('elitserien-2019');
    expect(programmedGates(classic, 1)?.['1']).toEqual({
      team: 'home',
      lineup_no: 2,
      helmet_color: 'blå',
    });
    expect(programmedGates(modern, 11)).toEqual(programmedGates(classic, 12));
    expect(programmedGates(modern, 13)).toEqual(programmedGates(classic, 14));
    expect(programmedGates(classic, 16)).toBeNull();
  });
});

describe('parseRulebook', () => {
  const good = programmes.rulebooks['elitserien-2019'] as RawRulebook;
  const withHeat = (heat: string, cell: unknown): RawRulebook =>
    ({ ...good, heats: { ...good.heats, [heat]: cell } }) as RawRulebook;

  it.each([
    [
      'a gate with an unknown team',
      withHeat('1', [
        ['X', 1, 'röd'],
        ['A', 1, 'vit'],
        ['H', 1, 'röd'],
        ['A', 2, 'gul'],
      ]),
    ],
    [
      'a gate without a number',
      withHeat('1', [
        ['H', '1', 'röd'],
        ['A', 1, 'vit'],
        ['H', 1, 'röd'],
        ['A', 2, 'gul'],
      ]),
    ],
    [
      'a gate with an unknown helmet',
      withHeat('1', [
        ['H', 1, 'grön'],
        ['A', 1, 'vit'],
        ['H', 1, 'röd'],
        ['A', 2, 'gul'],
      ]),
    ],
    [
      'a heat with three gates',
      withHeat('3', [
        ['H', 1, 'röd'],
        ['A', 1, 'vit'],
        ['H', 2, 'blå'],
      ]),
    ],
    ['a heat that is missing', withHeat('5', undefined)],
    ['an unknown word for a heat', withHeat('5', 'reserved')],
    ['nominated heats that disagree with the heats', { ...good, nominated_heats: [15] }],
    [
      'a nominated heat without a nomination rule',
      { ...good, nominations: { '15': good.nominations['15'] } },
    ],
    [
      'a nominated heat the engine has no eligibility for',
      { ...withHeat('13', 'nominated'), nominated_heats: [13, 14, 15] },
    ],
  ])('refuses %s', (_, raw) => {
    expect(() => parseRulebook('elitserien-2019', raw)).toThrow(
      /programmes\.json: rulebook elitserien-2019/,
    );
  });
});
