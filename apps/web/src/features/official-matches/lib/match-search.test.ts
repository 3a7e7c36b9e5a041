import { describe, expect, it } from 'vitest';
import { makeOfficialMatch } from '@/testing/protocol-data';
import { searchMatches } from './match-search';

describe('searchMatches', () => {
  it('finds by team, short name or date, every word counting', () => {
    const a = makeOfficialMatch({
      home_team: 'Vargarna',
      away_team: 'Dackarna',
      start: '2026-11-28T17:00:00Z',
    });
    const b = makeOfficialMatch({
      home_team: 'Lejonen',
      away_team: 'Smederna',
      home_short: 'LEJ',
      away_short: 'SME',
      start: '2026-12-05T17:00:00Z',
    });
    expect(searchMatches([a, b], 'varg')).toEqual([a]);
    expect(searchMatches([a, b], 'sme')).toEqual([b]);
    expect(searchMatches([a, b], '28 nov')).toEqual([a]);
    expect(searchMatches([a, b], '2026-12-05')).toEqual([b]);
    expect(searchMatches([a, b], 'lejonen 28 nov')).toEqual([]);
    expect(searchMatches([a, b], '  ')).toEqual([a, b]);
  });

  it('matches with or without å, ä and ö, both ways', () => {
    const vasteras = makeOfficialMatch({
      home_team: 'Västerås',
      away_team: 'Örebro',
      venue: 'Hammarby Arena',
    });
    const other = makeOfficialMatch({ home_team: 'Vargarna', away_team: 'Dackarna' });
    expect(searchMatches([vasteras, other], 'vasteras')).toEqual([vasteras]);
    expect(searchMatches([vasteras, other], 'VASTERÅS')).toEqual([vasteras]);
    expect(searchMatches([vasteras, other], 'orebro')).toEqual([vasteras]);
    expect(searchMatches([vasteras, other], 'Västerås Örebro')).toEqual([vasteras]);
    // Dates too: 'lördag' without its dots.
    const saturday = makeOfficialMatch({ start: '2026-11-28T17:00:00Z' });
    expect(searchMatches([saturday], 'lordag')).toEqual([saturday]);
  });
});

describe('searchMatches with a date', () => {
  // Local times: the date typed is the date the list shows.
  const fifth = makeOfficialMatch({
    home_team: 'Lejonen',
    away_team: 'Smederna',
    start: new Date(2026, 11, 5, 19).toISOString(),
  });
  const twelfth = makeOfficialMatch({
    home_team: 'Vargarna',
    away_team: 'Dackarna',
    start: new Date(2026, 11, 12, 19).toISOString(),
  });
  const next = makeOfficialMatch({
    home_team: 'Indianerna',
    away_team: 'Lejonen',
    start: new Date(2027, 11, 12, 19).toISOString(),
  });
  const undated = makeOfficialMatch({ home_team: 'Utan datum', start: null });
  const all = [fifth, twelfth, next, undated];

  it("matches the match's date, not digits elsewhere in it ('12 dec')", () => {
    expect(searchMatches(all, '12 dec')).toEqual([twelfth, next]);
    expect(searchMatches(all, '12 december')).toEqual([twelfth, next]);
    expect(searchMatches(all, '12 dec 2026')).toEqual([twelfth]);
    expect(searchMatches(all, '12/12')).toEqual([twelfth, next]);
    expect(searchMatches(all, '12/12/26')).toEqual([twelfth]);
    expect(searchMatches(all, '5/12')).toEqual([fifth]);
    expect(searchMatches(all, '2026-12-12')).toEqual([twelfth]);
    expect(searchMatches(all, '5 dec')).toEqual([fifth]);
  });

  it('takes a lone number as the day and four digits as the year', () => {
    expect(searchMatches(all, '12')).toEqual([twelfth, next]);
    expect(searchMatches(all, '2027')).toEqual([next]);
    expect(searchMatches(all, '2026-12')).toEqual([fifth, twelfth]);
  });

  it('needs every word and every date to fit', () => {
    expect(searchMatches(all, 'lejonen 12 dec')).toEqual([next]);
    expect(searchMatches(all, 'lejonen 5 dec')).toEqual([fifth]);
    expect(searchMatches(all, 'december lejonen')).toEqual([fifth, next]);
    expect(searchMatches(all, 'vargarna 5 dec')).toEqual([]);
    expect(searchMatches(all, 'utan')).toEqual([undated]);
    expect(searchMatches(all, 'utan 12')).toEqual([]);
  });
});
