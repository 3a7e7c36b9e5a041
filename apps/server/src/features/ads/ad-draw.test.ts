import { AD_PACKAGE_WEIGHTS, AD_PACKAGES, type AdPackage } from '@speedway/contracts';
import { describe, expect, it } from 'vitest';
import {
  candidatesFor,
  drawWeighted,
  pickAd,
  runsOn,
  swedishDay,
  type DrawableAd,
} from './ad-draw';

/** A small seeded generator (mulberry32): the same draws on every run. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ad = (id: string, overrides: Partial<DrawableAd> = {}): DrawableAd => ({
  id,
  placement: null,
  startDate: '2026-05-01',
  endDate: '2026-05-31',
  package: 'bronze',
  clubSlug: null,
  ...overrides,
});

const request = (overrides: Partial<Parameters<typeof candidatesFor>[1]> = {}) => ({
  placement: 'protocol-top' as const,
  clubs: new Set<string>(),
  day: '2026-05-15',
  ...overrides,
});

describe('swedishDay', () => {
  it('is the date in Sweden, not in UTC or the server zone', () => {
    // 23:30 UTC on 31 May is 01:30 on 1 June in Stockholm (summer time, UTC+2).
    expect(swedishDay(new Date('2026-05-31T23:30:00Z'))).toBe('2026-06-01');
    expect(swedishDay(new Date('2026-05-31T21:59:59Z'))).toBe('2026-05-31');
    expect(swedishDay(new Date('2026-05-31T22:00:00Z'))).toBe('2026-06-01');
    // Winter time, UTC+1.
    expect(swedishDay(new Date('2026-01-15T22:59:59Z'))).toBe('2026-01-15');
    expect(swedishDay(new Date('2026-01-15T23:00:00Z'))).toBe('2026-01-16');
  });
});

describe('the date window', () => {
  it('includes the first and the last day', () => {
    const a = ad('a', { startDate: '2026-05-10', endDate: '2026-05-12' });
    expect(
      ['2026-05-09', '2026-05-10', '2026-05-12', '2026-05-13'].map((d) => runsOn(a, d)),
    ).toEqual([false, true, true, false]);
  });

  it('leaves out ads that have not started or have ended', () => {
    const ads = [
      ad('future', { startDate: '2026-05-16' }),
      ad('past', { endDate: '2026-05-14' }),
      ad('today', { startDate: '2026-05-15', endDate: '2026-05-15' }),
    ];
    expect(candidatesFor(ads, request()).map((a) => a.id)).toEqual(['today']);
  });
});

describe('candidates', () => {
  it('keeps ads for every slot and for the slot asked for', () => {
    const ads = [
      ad('all'),
      ad('top', { placement: 'protocol-top' }),
      ad('bottom', { placement: 'protocol-bottom' }),
    ];
    expect(candidatesFor(ads, request()).map((a) => a.id)).toEqual(['all', 'top']);
    expect(candidatesFor(ads, request({ placement: 'protocol-bottom' })).map((a) => a.id)).toEqual([
      'all',
      'bottom',
    ]);
  });

  it("puts the match's clubs first: only their ads compete when they have any running", () => {
    const ads = [
      ad('house'),
      ad('home', { clubSlug: 'indianerna' }),
      ad('away', { clubSlug: 'dackarna' }),
      ad('other', { clubSlug: 'vetlanda', package: 'platinum' }),
      ad('home-ended', { clubSlug: 'indianerna', endDate: '2026-05-01' }),
    ];
    const clubs = new Set(['indianerna', 'dackarna']);
    expect(candidatesFor(ads, request({ clubs })).map((a) => a.id)).toEqual(['home', 'away']);
    // Without a running ad of the match's clubs, every running ad competes.
    expect(candidatesFor(ads, request({ clubs: new Set(['masarna']) })).map((a) => a.id)).toEqual([
      'house',
      'home',
      'away',
      'other',
    ]);
  });

  it('gives nothing when nothing runs', () => {
    expect(pickAd([], request(), Math.random)).toBeUndefined();
    expect(pickAd([ad('past', { endDate: '2026-05-01' })], request(), Math.random)).toBeUndefined();
  });
});

describe('the weighted draw', () => {
  it('weights platinum > gold > silver > bronze as AD_PACKAGE_WEIGHTS says (8 : 4 : 2 : 1)', () => {
    expect(AD_PACKAGE_WEIGHTS).toEqual({ bronze: 1, silver: 2, gold: 4, platinum: 8 });
  });

  it('draws each package in proportion to its weight over 150,000 seeded draws', () => {
    const ads = AD_PACKAGES.map((p) => ad(p, { package: p }));
    const random = seeded(20_260_515);
    const draws = 150_000;
    const counts: Record<AdPackage, number> = { bronze: 0, silver: 0, gold: 0, platinum: 0 };
    for (let i = 0; i < draws; i++) counts[drawWeighted(ads, random)!.package] += 1;

    const total = AD_PACKAGES.reduce((sum, p) => sum + AD_PACKAGE_WEIGHTS[p], 0);
    let chiSquare = 0;
    for (const p of AD_PACKAGES) {
      const expected = (draws * AD_PACKAGE_WEIGHTS[p]) / total;
      chiSquare += (counts[p] - expected) ** 2 / expected;
      // Each share within half a percentage point of its weight's share.
      expect(Math.abs(counts[p] / draws - AD_PACKAGE_WEIGHTS[p] / total), p).toBeLessThan(0.005);
    }
    // 3 degrees of freedom: 16.27 is the 0.1 % critical value.
    expect(chiSquare).toBeLessThan(16.27);
    expect(counts.platinum).toBeGreaterThan(counts.gold);
    expect(counts.gold).toBeGreaterThan(counts.silver);
    expect(counts.silver).toBeGreaterThan(counts.bronze);
  });

  it('gives two ads of one package even chances', () => {
    const ads = [ad('a', { package: 'gold' }), ad('b', { package: 'gold' })];
    const random = seeded(7);
    let a = 0;
    for (let i = 0; i < 20_000; i++) if (drawWeighted(ads, random)!.id === 'a') a++;
    expect(Math.abs(a / 20_000 - 0.5)).toBeLessThan(0.01);
  });

  it('maps the ends of the random range to the first and the last ad', () => {
    const ads = [ad('first', { package: 'bronze' }), ad('last', { package: 'platinum' })];
    expect(drawWeighted(ads, () => 0)!.id).toBe('first');
    expect(drawWeighted(ads, () => 0.999_999_999)!.id).toBe('last');
    // bronze covers [0, 1/9), platinum [1/9, 1).
    expect(drawWeighted(ads, () => 0.11)!.id).toBe('first');
    expect(drawWeighted(ads, () => 0.12)!.id).toBe('last');
  });
});
