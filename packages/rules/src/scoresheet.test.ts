import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { matchScore } from './scoring';
import {
  scoresheet,
  scoresheetSourceOf,
  scoresheetTitle,
  type ScoresheetDetails,
} from './scoresheet';
import { riderLines } from './stats';
import { byLane, heat, newMatch, play, save } from './test-support/fixtures';

const DETAILS: ScoresheetDetails = {
  home_team: 'Hemmalaget',
  away_team: 'Bortalaget',
  date: '2026-05-12T17:00:00.000Z',
  venue: 'Arenan',
  competition: 'Elitserien',
  round: 3,
  referee: 'Greta Startgrind',
};

describe('scoresheet', () => {
  it('is blank before the match: gates and helmets from the programme, no results, heat 15 open', () => {
    const sheet = scoresheet(newMatch(), DETAILS);
    expect(sheet.heats).toHaveLength(15);
    expect(sheet.completed_heats).toBe(0);
    expect(sheet.score).toEqual({ home_score: 0, away_score: 0 });
    const first = sheet.heats[0]!;
    expect(first.entries.map((entry) => entry.gate)).toEqual(['1', '2', '3', '4']);
    expect(first.entries.map((entry) => [entry.name, entry.helmet])).toEqual(
      Object.values(heat(newMatch(), 1).riders).map((rider) => [rider.name, rider.helmet_color]),
    );
    expect(first.entries.every((entry) => entry.position === null && entry.mark === '')).toBe(true);
    expect(first).toMatchObject({ complete: false, heat_score: null, running_score: null });
    expect(sheet.heats[14]).toMatchObject({ nominated: true, entries: [] });
    expect(sheet.nominations).toEqual([{ heat_number: 15, home: [], away: [] }]);
    expect(sheet.teams.home.riders.map((rider) => rider.scorecard)).toEqual(Array(7).fill('0 (-)'));
    expect(scoresheetTitle(sheet)).toBe('Hemmalaget – Bortalaget');
  });

  it('shows each ride as scored, the heat and running score, and totals as the scorecard', () => {
    let match = newMatch();
    match = save(match, 1, { results: byLane(heat(match, 1), [2, 4, 1, 3]) }); // 5–1, h2 2*
    match = save(match, 2, { results: byLane(heat(match, 2), [1, 0, 2, 3]) }); // 1–5, h6 X
    const sheet = scoresheet(match, DETAILS);
    const [one, two, three] = sheet.heats;
    expect(one!.entries.map((entry) => entry.mark)).toEqual(['2*', '0', '3', '1']);
    expect(one!.entries[0]).toMatchObject({ position: 2, points: 2, bonus_points: 1 });
    expect(one).toMatchObject({
      heat_score: { home: 5, away: 1 },
      running_score: { home: 5, away: 1 },
    });
    expect(two!.entries.map((entry) => entry.mark)).toEqual(['3', 'X', '2*', '1']);
    expect(two!.entries[1]).toMatchObject({ status: 'excluded', points: 0 });
    expect(two!.running_score).toEqual({ home: 6, away: 6 });
    expect(three!.running_score).toBeNull();
    expect(sheet.completed_heats).toBe(2);
    expect(sheet.score).toEqual({ home_score: 6, away_score: 6 });
    expect(sheet.teams.home).toMatchObject({ name: 'Hemmalaget', points: 6, bonus_points: 1 });
    const h2 = sheet.teams.home.riders.find((rider) => rider.rider_id === 'h2');
    expect(h2).toMatchObject({ points: 2, bonus_points: 1, rides: 1, scorecard: '2+1 (2*)' });
  });

  it('names the nominated riders of heat 15 and marks a substitute', () => {
    let match = play(newMatch(), 15, (n) => (n % 2 ? 'home' : 'away'));
    const sheet = scoresheet(match, DETAILS);
    const nomination = sheet.nominations[0]!;
    expect(nomination.heat_number).toBe(15);
    expect(nomination.home).toHaveLength(2);
    expect(nomination.away).toHaveLength(2);
    expect(sheet.heats[14]!.entries.filter((e) => e.team === 'home').map((e) => e.name)).toEqual(
      nomination.home,
    );
    // A rider standing in for the programmed one keeps that rider's number beside his own.
    match = newMatch();
    const lane = heat(match, 1).riders['1']!;
    heat(match, 1).riders['1'] = {
      ...lane,
      rider_id: 'h6',
      name: 'Frej Dahl',
      lineup_no: 6,
      replaces: lane.lineup_no,
    };
    const entry = scoresheet(match, DETAILS).heats[0]!.entries[0]!;
    expect(entry).toMatchObject({ rider_id: 'h6', lineup_no: 6, replaces: lane.lineup_no });
    expect(scoresheet(newMatch(), DETAILS).heats[0]!.entries[0]!.replaces).toBeNull();
  });

  it('agrees with the engine for any played match: score, totals, last running score', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('home', 'away', null), { minLength: 15, maxLength: 15 }),
        (winners) => {
          const match = play(newMatch(), 15, (n) => winners[n - 1] ?? null);
          const sheet = scoresheet(match, DETAILS);
          const score = matchScore(match.heats);
          expect(sheet.score).toEqual(score);
          expect(sheet.heats[14]!.running_score).toEqual({
            home: score.home_score,
            away: score.away_score,
          });
          expect(
            [...sheet.teams.home.riders, ...sheet.teams.away.riders].map((r) => r.scorecard),
          ).toEqual(riderLines(match).map((line) => line.scorecard));
          const riderPoints = sheet.teams.home.riders.reduce((sum, r) => sum + r.points, 0);
          expect(riderPoints).toBe(sheet.teams.home.points);
          expect(sheet.heats.every((h) => h.complete && h.entries.length === 4)).toBe(true);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('takes a protocol as the API gives it, the referee only when given', () => {
    const match = newMatch();
    const { referee: _referee, ...details } = DETAILS;
    const protocol = { ...match, ...details, id: 'x', status: 'live' };
    expect(scoresheetSourceOf(protocol)).toEqual({
      sheet: { rulebook: match.rulebook, lineups: match.lineups, heats: match.heats },
      details: { ...details, referee: null },
    });
    expect(scoresheetSourceOf(protocol, 'Greta Startgrind').details).toEqual(DETAILS);
  });
});
