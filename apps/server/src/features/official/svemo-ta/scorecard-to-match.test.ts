import type { OfficialHeat } from '@speedway/contracts';
import { fitRulebooks } from '@speedway/rules';
import { describe, expect, it } from 'vitest';
import { savedPages } from '../../../../test/svemo-ta/saved-pages';
import { parseScorecard, type ScorecardPage } from './scorecard-page';
import { programmedRides, scorecardToMatch } from './scorecard-to-match';

const SLUGS = { home: 'piraterna', away: 'hammarby' };
const FALLBACK = { date: null, competitionId: 0, season: 2012 };
const fresh = (): ScorecardPage => parseScorecard(savedPages.pirHam());
const convert = (page: ScorecardPage) => scorecardToMatch(page, SLUGS, FALLBACK);

/** gate, team, number (/replaced number), helmet, position or 'ex', code: as read off the page. */
const EXPECTED_HEATS: Record<number, [string, [number, number]]> = {
  1: ['1H2 blå 1, 2A1 vit 2, 3H1 röd 3, 4A2 gul 4', [4, 2]],
  2: ['1A7 gul 1, 2H6 röd 2, 3A6 vit 3, 4H7 blå 4 R', [2, 4]],
  3: ['1H2/3 röd 1 RR, 2A3 vit 4, 3H4 blå 2, 4A4 gul 3', [5, 1]],
  4: ['1A5 vit 3, 2H5 blå 2, 3A7 gul 4, 4H6 röd 1', [5, 1]],
  5: ['1H7 blå 1, 2A4 gul 4, 3H2 röd 2, 4A6 vit 3', [5, 1]],
  6: ['1A2 gul 4, 2H6/3 röd 1 RR, 3A1 vit 3, 4H4 blå 2', [5, 1]],
  7: ['1A4 gul 1, 2H1 röd 3, 3A3 vit 2, 4H2 blå ex X', [1, 5]],
  8: ['1H4 blå 1, 2A7 gul 3, 3H7/3 röd 2 RR, 4A5 vit 4', [5, 1]],
  9: ['1H5 blå 1, 2A4/2 gul 2, 3H6 röd 4, 4A1 vit 3', [3, 3]],
  10: ['1A6 vit 3, 2H7 blå 2, 3A5 gul ex M, 4H1 röd 1', [5, 1]],
  11: ['1H6 röd ex FX, 2A6 vit 1, 3H7 blå 3, 4A7 gul 2', [1, 5]],
  12: ['1A3 vit 2, 2H4 blå 1, 3A2 gul 4, 4H5 röd 3', [4, 2]],
  13: ['1A1 vit 1, 2H2 blå 3, 3A4 gul 4, 4H4/3 röd 2 RR', [3, 3]],
  14: ['1H1 röd 1, 2A5 gul 2, 3H5 blå 4, 4A3 vit 3', [3, 3]],
  15: ['1H2 röd 1, 2A1 vit 3, 3H1 blå 2, 4A3 gul 4 F', [5, 1]],
};

const compact = (heat: OfficialHeat) =>
  heat.riders
    .map(
      (r) =>
        `${r.gate}${r.team}${r.no}${r.replaces ? `/${r.replaces}` : ''} ${r.helmet} ` +
        `${r.status === 'excluded' ? 'ex' : r.position}${r.code ? ` ${r.code}` : ''}`,
    )
    .join(', ');

describe('scorecardToMatch', () => {
  it('turns the saved scorecard into the import model: every heat, as the page shows it', () => {
    const converted = convert(fresh());
    expect(converted.ok && converted.state).toBe('finished');
    if (!converted.ok) return;
    const { match } = converted;
    expect(match).toMatchObject({
      external_id: 'svemo-ta-1259',
      competition: 'Elitserien',
      season: 2012,
      round: 11,
      start: '2012-07-24T19:00:00+02:00',
      home: 'piraterna',
      away: 'hammarby',
      attendance: 2887,
      rulebook: 'elitserien-klassisk',
      lineups: {
        home: { '1': 'Chris Holder', '3': 'Maciej Janowski', '7': 'Anton Rosén' },
        away: { '2': 'Sebastian Aldén', '5': 'Magnus Zetterström' },
      },
    });
    expect([match.result!.home_score, match.result!.away_score]).toEqual([56, 34]);
    const heats = match.result!.heats!;
    expect(heats).toHaveLength(15);
    for (const heat of heats) {
      expect([compact(heat), heat.heat_score], `heat ${heat.heat}`).toEqual(
        EXPECTED_HEATS[heat.heat],
      );
    }
  });

  it('refuses a page whose heat points do not make its team score, naming heat and team', () => {
    const page = fresh();
    const holder = page.teams[0]!.riders[0]!;
    holder.cells.find((c) => c.heat === 7)!.result = { points: 2 };
    holder.sum = 11;
    expect(convert(page)).toEqual({
      ok: false,
      reason:
        'sidan stämmer inte med sina egna summor: heat 7, Piraterna: lagets heatpoäng 1 ' +
        'stämmer inte med förarnas poäng 2',
    });
  });

  it('refuses a running score, a rider S:a or a final score that does not add up', () => {
    const running = fresh();
    running.teams[1]!.runningScores[9] = 21;
    expect(convert(running)).toMatchObject({
      reason: expect.stringContaining(
        'heat 10, Hammarby: ställningen 21 stämmer inte med heatpoängen, som ger 20',
      ),
    });
    const sum = fresh();
    sum.teams[1]!.riders[2]!.sum = 6;
    expect(convert(sum)).toMatchObject({
      reason: expect.stringContaining(
        'Hammarby, nr 3 Adrian Miedzinski: S:a 6 stämmer inte med heatens poäng 5',
      ),
    });
    const final = fresh();
    final.scores[0]!.score = 55;
    expect(convert(final)).toMatchObject({
      reason: expect.stringContaining(
        'Piraterna: slutresultatet 55 stämmer inte med ställningen efter heat 15, 56',
      ),
    });
  });

  it('refuses a heat-16 column until a rulebook has such a heat', () => {
    const page = fresh();
    page.heatColumns = 16;
    expect(convert(page)).toMatchObject({
      ok: false,
      reason: expect.stringContaining(
        'heat 16 (ett avgörande heat) finns inte i någon tävlingsform',
      ),
    });
  });

  it('refuses programmed rides no rulebook has, saying where each disagrees', () => {
    const page = fresh();
    // Chris Holder shown on gate 1 in heat 1, where both programmes put number 2 (blå).
    page.teams[0]!.riders[0]!.cells[0]!.gate = 1;
    page.teams[0]!.riders[1]!.cells[0]!.gate = 3;
    const converted = convert(page);
    expect(converted.ok).toBe(false);
    if (converted.ok) return;
    expect(converted.reason).toContain(
      'elitserien-klassisk: heat 1 spår 1: elitserien-klassisk programmerar hemmalagets nr 2 (blå)',
    );
    expect(converted.reason).toContain('elitserien-2019: heat 1 spår 1');
  });

  it('tells the page apart from elitserien-2019, whose programme differs from heat 11', () => {
    const page = fresh();
    const fits = fitRulebooks(programmedRides({ home: page.teams[0]!, away: page.teams[1]! }));
    expect(fits).toEqual([
      { rulebook: 'elitserien-klassisk', disagreement: null },
      {
        rulebook: 'elitserien-2019',
        disagreement:
          'heat 11 spår 1: elitserien-2019 programmerar bortalagets nr 3 (vit), sidan visar ' +
          'hemmalagets nr 6 (röd)',
      },
    ]);
  });

  it('a page with no heat ridden is a coming match with its line-ups and no result', () => {
    const page = fresh();
    for (const team of page.teams) {
      team.heatScores = team.heatScores.map(() => null);
      team.runningScores = team.runningScores.map(() => null);
      for (const rider of team.riders) {
        rider.sum = null;
        rider.cells.forEach((c) => (c.result = null));
      }
    }
    page.scores.forEach((s) => (s.score = null));
    const converted = convert(page);
    expect(converted).toMatchObject({
      ok: true,
      state: 'coming',
      match: { rulebook: 'elitserien-klassisk' },
    });
    expect(converted.ok && converted.match.result).toBeUndefined();
    expect(converted.ok && Object.keys(converted.match.lineups!.home!)).toHaveLength(7);
  });

  it('a page with some heats ridden is a match under way: line-ups, no official result yet', () => {
    const page = fresh();
    for (const team of page.teams) {
      for (let heat = 9; heat <= 15; heat++) {
        team.heatScores[heat - 1] = null;
        team.runningScores[heat - 1] = null;
      }
      for (const rider of team.riders) {
        rider.sum = null;
        rider.cells.filter((c) => c.heat >= 9).forEach((c) => (c.result = null));
      }
    }
    const converted = convert(page);
    expect(converted).toMatchObject({ ok: true, state: 'under-way' });
    expect(converted.ok && converted.match.result).toBeUndefined();
  });

  it('a page without a grid (no line-ups yet) is a coming match from its title', () => {
    const page = fresh();
    page.teams = [];
    expect(convert(page)).toMatchObject({
      ok: true,
      state: 'coming',
      match: { external_id: 'svemo-ta-1259', start: '2012-07-24T19:00:00+02:00' },
    });
  });
});
