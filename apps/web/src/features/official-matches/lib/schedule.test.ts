import { describe, expect, it } from 'vitest';
import { makeOfficialMatch } from '@/testing/protocol-data';
import { headToHead, homeSlides, matchesOverview } from './schedule';

// A fixed noon, so "today" never straddles midnight.
const NOW = new Date(2026, 10, 21, 12, 0);
function at(days: number, hour: number, minute = 0): string {
  return new Date(2026, 10, 21 + days, hour, minute).toISOString();
}

describe('matchesOverview', () => {
  it('features every match of the first upcoming day and lists the rest by date, undated last', () => {
    const past = makeOfficialMatch({ start: at(-1, 19), status: 'completed' });
    const undated = makeOfficialMatch({ start: null, home_team: 'Utan datum' });
    const later = makeOfficialMatch({ start: at(9, 18) });
    const nextA = makeOfficialMatch({ start: at(2, 18) });
    const nextB = makeOfficialMatch({ start: at(2, 20) });
    const soon = makeOfficialMatch({ start: at(5, 18) });
    const taken = makeOfficialMatch({ start: at(6, 18), consumedByCurrentUser: true });
    const overview = matchesOverview([undated, later, past, nextB, soon, nextA, taken], NOW);
    expect(overview.featured).toEqual([nextA, nextB]);
    expect(overview.featuredIsToday).toBe(false);
    expect(overview.others).toEqual([soon, later, undated]);
  });

  it("features today's matches, also one already running, when one of them is still to come", () => {
    const running = makeOfficialMatch({ start: at(0, 11), status: 'live' });
    const tonight = makeOfficialMatch({ start: at(0, 19) });
    const overview = matchesOverview([tonight, running], NOW);
    expect(overview.featured).toEqual([running, tonight]);
    expect(overview.featuredIsToday).toBe(true);
  });

  it('has nothing to feature without a dated match ahead', () => {
    const undated = makeOfficialMatch({ start: null });
    expect(matchesOverview([undated], NOW)).toEqual({
      featured: [],
      featuredIsToday: false,
      others: [undated],
    });
  });
});

describe('homeSlides', () => {
  it("starts at the next match among its day's unfinished matches", () => {
    const done = makeOfficialMatch({ start: at(1, 15), status: 'completed' });
    const first = makeOfficialMatch({ start: at(1, 18) });
    const second = makeOfficialMatch({ start: at(1, 20) });
    const otherDay = makeOfficialMatch({ start: at(2, 18) });
    expect(homeSlides([otherDay, second, done, first], NOW)).toEqual({
      slides: [first, second],
      startIndex: 0,
    });
    expect(homeSlides([done], NOW)).toEqual({ slides: [], startIndex: 0 });
  });
});

describe('headToHead', () => {
  it('counts the same two teams in the same year with both scores, newest first', () => {
    const match = makeOfficialMatch({ start: '2026-11-28T17:00:00Z' });
    const swapped = makeOfficialMatch({
      start: '2026-10-03T17:00:00Z',
      home_team_id: match.away_team_id,
      away_team_id: match.home_team_id,
      home_score: 46,
      away_score: 44,
    });
    const earlier = makeOfficialMatch({
      start: '2026-05-03T17:00:00Z',
      home_score: 40,
      away_score: 50,
    });
    const lastYear = makeOfficialMatch({
      start: '2025-10-03T17:00:00Z',
      home_score: 45,
      away_score: 45,
    });
    const noScore = makeOfficialMatch({ start: '2026-09-03T17:00:00Z', home_score: 45 });
    const otherTeam = makeOfficialMatch({
      start: '2026-09-10T17:00:00Z',
      away_team_id: 'x',
      home_score: 1,
      away_score: 2,
    });
    expect(headToHead([match, earlier, lastYear, noScore, otherTeam, swapped], match)).toEqual([
      swapped,
      earlier,
    ]);
  });
});
