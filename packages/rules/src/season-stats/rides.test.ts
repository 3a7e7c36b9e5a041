import { describe, expect, it } from 'vitest';
import { applyHeatSave } from '../heat-save';
import type { MatchState } from '../match';
import { byLane, expectOk, heat, lineups, newMatch, play } from '../test-support/fixtures';
import type { Heat, HeatResult, Lane, Position, ResultCode } from '../types';
import { headToHead, seasonStatistics } from './index';
import { aheadOf } from './meetings';
import { matchRides } from './rides';
import type { StatsMatch } from './types';

// The kinds of ride and the edges of the counting, on small hand-made matches (the classic
// programme, fixtures' riders h1…h7 and a1…a7).

function stats(match: Pick<MatchState, 'heats'>, extra: Partial<StatsMatch> = {}): StatsMatch {
  return {
    id: 'm1',
    season: 2026,
    starts_at: '2026-05-01T19:00:00+02:00',
    rulebook: 'elitserien-klassisk',
    home_team_id: 'hemma',
    away_team_id: 'borta',
    home_score: 0,
    away_score: 0,
    lineups: lineups(),
    heats: match.heats,
    ...extra,
  };
}

/** An official heat's stand-in: `riderId` rides the lane for its programmed rider. */
function standIn(h: Heat, lane: Lane, riderId: string, code?: ResultCode): Heat {
  const old = h.riders[lane]!;
  const rider = [...lineups().home, ...lineups().away].find((r) => r.rider_id === riderId)!;
  return {
    ...h,
    rr: true,
    riders: { ...h.riders, [lane]: { ...old, ...rider, replaces: old.lineup_no } },
    results: h.results.map((r) =>
      r.rider_id === old.rider_id ? { ...r, rider_id: riderId, ...(code ? { code } : {}) } : r,
    ),
  };
}

const kindsOf = (match: StatsMatch) =>
  Object.fromEntries(
    matchRides(match)
      .filter((ride) => ride.kind !== 'programmed')
      .map((ride) => [`${ride.heat_number}:${ride.rider.rider_id}`, ride.kind]),
  );

/** Home 16 down after heats 1–4 (away 5–1 each), heats 1–10 ridden. */
const trailing = () => play(newMatch(), 10, (n) => (n <= 4 ? 'away' : null));

function withHeat(match: MatchState, replaced: Heat): MatchState {
  return {
    ...match,
    heats: match.heats.map((h) => (h.heat_number === replaced.heat_number ? replaced : h)),
  };
}

describe('matchRides: the kind of each ride', () => {
  it("a protocol heat's tactical reserve is tactical", () => {
    const before = trailing();
    // Heat 5 (H7 A4 H2 A6): home brings h1 in for h7 on lane 1.
    const saved = expectOk(
      applyHeatSave(
        play(newMatch(), 4, () => 'away'),
        5,
        {
          assignments: { '1': 'h1' },
          results: byLane(heat(before, 5), [1, 2, 3, 4]).map((r, i) =>
            i === 0 ? { ...r, rider_id: 'h1' } : r,
          ),
        },
      ),
    ).match;
    expect(heat(saved, 5).tactical).toBe(true);
    expect(kindsOf(stats(saved))).toEqual({ '5:h1': 'tactical' });
  });

  it('an official stand-in is tactical only where the tactical rules allow one and RR is not given', () => {
    const match = trailing();
    // Heat 6 (A2 H3 A1 H4): home, 16 down, in the window: h5 for h3 with no code is tactical.
    expect(kindsOf(stats(withHeat(match, standIn(heat(match, 6), '2', 'h5'))))).toEqual({
      '6:h5': 'tactical',
    });
    // The same with the source's RR: a rider replacement.
    expect(kindsOf(stats(withHeat(match, standIn(heat(match, 6), '2', 'h5', 'RR'))))).toEqual({
      '6:h5': 'reserve',
    });
    // Away is ahead: its stand-in cannot be a tactical reserve.
    expect(kindsOf(stats(withHeat(match, standIn(heat(match, 6), '1', 'a5'))))).toEqual({
      '6:a5': 'reserve',
    });
    // Heat 3 is before the window (5–14).
    expect(kindsOf(stats(withHeat(match, standIn(heat(match, 3), '1', 'h5'))))).toEqual({
      '3:h5': 'reserve',
    });
  });

  it("no tactical reserve in the reserves' heat, nor two in one heat", () => {
    const match = play(newMatch(), 12, (n) => (n <= 4 ? 'away' : null));
    // Heat 11 is the reserve heat (H6 A6 H7 A7): its lanes are locked.
    expect(kindsOf(stats(withHeat(match, standIn(heat(match, 11), '1', 'h1'))))).toEqual({
      '11:h1': 'reserve',
    });
    // Heat 6 with both home riders replaced: more than a heat's one tactical reserve.
    const two = standIn(standIn(heat(match, 6), '2', 'h5'), '4', 'h1');
    expect(kindsOf(stats(withHeat(match, two)))).toEqual({ '6:h5': 'reserve', '6:h1': 'reserve' });
  });

  it("a rider who is not the programme's number for the gate is a stand-in even without replaces", () => {
    const match = play(newMatch(), 1);
    const h = heat(match, 1);
    // Lane 1 is H2's; the stored rider says he is no. 3 and names no one replaced.
    const odd: Heat = {
      ...h,
      riders: { ...h.riders, '1': { ...h.riders['1']!, rider_id: 'h3', lineup_no: 3 } },
      results: h.results.map((r) => (r.rider_id === 'h2' ? { ...r, rider_id: 'h3' } : r)),
    };
    expect(kindsOf(stats(withHeat(match, odd)))).toEqual({ '1:h3': 'reserve' });
  });

  it('gives every rider of a nominated heat the nominated kind, and nothing for heats not ridden', () => {
    const done = play(newMatch(), 15);
    const rides = matchRides(stats(done));
    expect(rides).toHaveLength(60);
    expect(rides.filter((r) => r.kind === 'nominated').map((r) => r.heat_number)).toEqual([
      15, 15, 15, 15,
    ]);
    // Heats 11–15 not ridden (15 not even nominated): no rides.
    expect(matchRides(stats(play(newMatch(), 10)))).toHaveLength(40);
  });
});

describe('aheadOf', () => {
  const result = (position: Position, excluded = false): HeatResult => ({
    rider_id: 'x',
    position: excluded ? 0 : position,
    status: excluded ? 'excluded' : 'completed',
    points: 0,
    bonus_points: 0,
  });

  it('places beat exclusions; two exclusions put nobody ahead', () => {
    expect(aheadOf(result(2), result(1))).toBe('opponent');
    expect(aheadOf(result(1), result(4))).toBe('rider');
    expect(aheadOf(result(4), result(0, true))).toBe('rider');
    expect(aheadOf(result(0, true), result(3))).toBe('opponent');
    expect(aheadOf(result(0, true), result(0, true))).toBeNull();
  });
});

describe('seasonStatistics: matches and order', () => {
  it('counts a match without heats for the teams only, and orders matches by start', () => {
    const ridden = stats(play(newMatch(), 15), {
      id: 'sent',
      starts_at: '2026-06-01T19:00:00+02:00',
      home_score: 45,
      away_score: 45,
    });
    const undated = stats(
      { heats: [] },
      { id: 'utan-start', starts_at: null, home_score: 50, away_score: 40 },
    );
    const early = stats(
      { heats: [] },
      {
        id: 'tidig',
        starts_at: '2026-04-01T19:00:00+02:00',
        home_team_id: 'borta',
        away_team_id: 'hemma',
        home_score: 40,
        away_score: 50,
      },
    );
    const season = seasonStatistics([undated, ridden, early]);
    expect(season.teams.hemma!.form.map((f) => [f.match_id, f.side, f.result])).toEqual([
      ['tidig', 'away', 'V'],
      ['sent', 'home', 'O'],
      ['utan-start', 'home', 'V'],
    ]);
    expect(season.teams.hemma!.home).toMatchObject({ matches: 2, wins: 1, draws: 1, losses: 0 });
    expect(season.teams.borta!.home).toMatchObject({ matches: 1, losses: 1, points_for: 40 });
    // Riders ride only in the match with heats.
    expect(season.riders.h1!.line.matches).toBe(1);
    expect(season.riders.h1!.matches.map((m) => m.match_id)).toEqual(['sent']);
    expect(seasonStatistics([undated]).riders).toEqual({});
  });

  it('lists opponents by meetings, then name, then id (two riders may share a name)', () => {
    const match = stats(play(newMatch(), 1));
    const h = heat(match, 1);
    const same: Heat = {
      ...h,
      riders: { ...h.riders, '4': { ...h.riders['4']!, name: h.riders['2']!.name } },
    };
    const season = seasonStatistics([{ ...match, heats: [same] }]);
    // Heat 1: H2 A1 H1 A2, a2 renamed as a1.
    expect(season.riders.h2!.opponents.map((o) => [o.rider_id, o.name])).toEqual([
      ['h1', 'Alva Ek'],
      ['a1', 'Hugo Ås'],
      ['a2', 'Hugo Ås'],
    ]);
  });

  it('has nobody meet himself', () => {
    const match = stats(play(newMatch(), 15));
    expect(headToHead([match], 'h1', 'h1')).toMatchObject({ met: 0, meetings: [] });
    expect(headToHead([match], 'h1', 'a1').met).toBeGreaterThan(0);
  });
});
