import { describe, expect, it } from 'vitest';
import { reference } from '../test-support/reference';
import { formatAverage, headToHead, MAXIMUM_MIN_RIDES, seasonStatistics } from './index';
import { kumla, pirHam, pirHamMatch } from './test-support/matches';

/** "(3,2*,3,2*,2) 12+2" → its marks, points and bonus. */
function published(line: string) {
  const [, marks, points, bonus] = /^\((.*)\) (\d+)(?:\+(\d+))?$/.exec(line)!;
  return { marks: marks!.split(','), points: Number(points), bonus: Number(bonus ?? 0) };
}

const lastName = (name: string) => name.split(' ').at(-1)!;

describe('seasonStatistics on the reference match (Indianerna 37–53 Västervik)', () => {
  const stats = seasonStatistics([kumla()]);
  const riders = [...reference.lineups.home, ...reference.lineups.away];

  it.each(riders.map((rider) => [rider.name, rider] as const))(
    '%s: the published rider line',
    (_, rider) => {
      const line = published(reference.riderLines[lastName(rider.name)]!);
      const season = stats.riders[rider.rider_id]!;
      const team = rider.team === 'home' ? 'indianerna' : 'vastervik';
      expect(season.line).toMatchObject({
        name: rider.name,
        team_ids: [team],
        matches: 1,
        heats: line.marks.length,
        points: line.points,
        bonus_points: line.bonus,
        average: line.points / line.marks.length,
        paid_average: (line.points + line.bonus) / line.marks.length,
        // No exclusions and 3 points only for a win in this match.
        wins: line.marks.filter((mark) => mark === '3').length,
        exclusions: 0,
        codes: {},
      });
      expect(season.matches).toEqual([
        {
          match_id: 'kumla-vastervik',
          starts_at: null,
          team_id: team,
          opponent_id: team === 'indianerna' ? 'vastervik' : 'indianerna',
          side: rider.team,
          heats: line.marks.length,
          points: line.points,
          bonus_points: line.bonus,
          marks: line.marks,
        },
      ]);
      expect(season.gates.reduce((sum, gate) => sum + gate.points, 0)).toBe(line.points);
    },
  );

  it('gives Nicki Pedersen (3,3,3,3) the only full maximum, and nobody a paid one', () => {
    const lines = Object.values(stats.riders).map((rider) => rider.line);
    expect(MAXIMUM_MIN_RIDES).toBe(4);
    expect(lines.filter((line) => line.full_maximums > 0).map((line) => line.name)).toEqual([
      'Nicki Pedersen',
    ]);
    expect(lines.every((line) => line.paid_maximums === 0)).toBe(true);
    // Four wins from four gates: heat 3 gate 2, heat 7 gate 3, heat 11 gate 1, heat 13 gate 4.
    expect(stats.riders.a3!.gates).toEqual(
      [1, 2, 3, 4].map((gate) => ({ gate, starts: 1, wins: 1, points: 3, points_per_start: 3 })),
    );
  });

  it("gives Kenneth Bjerre's gate record and kinds of ride as the heats show them", () => {
    // Heats 3 (gate 3, 2nd), 6 (gate 4, 1st), 8 (gate 1, 1st), 11 (gate 2, 2nd), 15 (gate 1, 1st).
    expect(stats.riders.h4!.gates).toEqual([
      { gate: 1, starts: 2, wins: 2, points: 6, points_per_start: 3 },
      { gate: 2, starts: 1, wins: 0, points: 2, points_per_start: 2 },
      { gate: 3, starts: 1, wins: 0, points: 2, points_per_start: 2 },
      { gate: 4, starts: 1, wins: 1, points: 3, points_per_start: 3 },
    ]);
    // elitserien-2019 nominates heats 14 and 15: he rode 15.
    expect(stats.riders.h4!.kinds).toEqual([
      { kind: 'programmed', heats: 4, points: 10, bonus_points: 0 },
      { kind: 'reserve', heats: 0, points: 0, bonus_points: 0 },
      { kind: 'tactical', heats: 0, points: 0, bonus_points: 0 },
      { kind: 'nominated', heats: 1, points: 3, bonus_points: 0 },
    ]);
    expect(formatAverage(stats.riders.h4!.line.average)).toBe('2,600');
  });

  it('has Bjerre ahead of Martin Vaculik both times they met (heats 6 and 15)', () => {
    const meeting = headToHead([kumla()], 'h4', 'a1');
    expect(meeting).toMatchObject({
      rider_id: 'h4',
      opponent_id: 'a1',
      met: 2,
      ahead: 2,
      behind: 0,
    });
    expect(meeting.meetings[0]).toEqual({
      match_id: 'kumla-vastervik',
      starts_at: null,
      heat_number: 6,
      rider: {
        gate: 4,
        team_id: 'indianerna',
        position: 1,
        status: 'completed',
        points: 3,
        code: null,
      },
      opponent: {
        gate: 3,
        team_id: 'vastervik',
        position: 4,
        status: 'completed',
        points: 0,
        code: null,
      },
      ahead: 'rider',
    });
    expect(meeting.meetings.map((m) => [m.heat_number, m.opponent.position])).toEqual([
      [6, 4],
      [15, 2],
    ]);
    expect(stats.riders.h4!.opponents.find((o) => o.rider_id === 'a1')).toEqual({
      rider_id: 'a1',
      name: 'Martin Vaculik',
      met: 2,
      ahead: 2,
      behind: 0,
    });
  });

  it("gives the teams the result, every start per gate and the riders' averages", () => {
    const home = stats.teams.indianerna!;
    expect(home.home).toEqual({
      matches: 1,
      wins: 0,
      draws: 0,
      losses: 1,
      points_for: 37,
      points_against: 53,
    });
    expect(home.away.matches).toBe(0);
    expect(stats.teams.vastervik!.form).toEqual([
      {
        match_id: 'kumla-vastervik',
        starts_at: null,
        side: 'away',
        opponent_id: 'indianerna',
        score_for: 53,
        score_against: 37,
        result: 'V',
      },
    ]);
    // Two riders of each team in every one of 15 heats.
    expect(home.gates.all.reduce((sum, gate) => sum + gate.starts, 0)).toBe(30);
    expect(home.gates.all.reduce((sum, gate) => sum + gate.points, 0)).toBe(37);
    expect(home.gates.home).toEqual(home.gates.all);
    expect(home.gates.away.every((gate) => gate.starts === 0)).toBe(true);
    expect(home.riders.map((line) => line.name)).toEqual([
      'Kenneth Bjerre', // 13 / 5
      'Tai Woffinden', // 7 / 5
      'Anders Thomsen', // 6 / 5, as many heats: by name
      'Piotr Protasiewicz', // 6 / 5
      'Vaclav Milik', // 4 / 4
      'Christoffer Selvin', // 1 / 3
      'Jonathan Grahn', // 0 / 3
    ]);
  });
});

describe('seasonStatistics on a real 2012 scorecard (Piraterna 56–34 Hammarby)', () => {
  const stats = seasonStatistics([pirHamMatch()]);

  it("reproduces the page's own points (S:a) and rides (H) for every rider who rode", () => {
    for (const [id, [points, heats]] of Object.entries(pirHam.published)) {
      const line = stats.riders[id]?.line;
      if (heats === 0) expect(line).toBeUndefined();
      else expect([id, line?.points, line?.heats]).toEqual([id, points, heats]);
    }
  });

  it("keeps Svemo's codes: exclusions, a fall, a stop and the rider replacements", () => {
    const codes = Object.fromEntries(
      Object.entries(stats.riders).map(([id, rider]) => [id, rider.line.codes]),
    );
    expect(codes).toMatchObject({
      h2: { RR: 1, X: 1 }, // Sundström rode for Janowski in heat 3, excluded in heat 7
      h4: { RR: 1 },
      h6: { RR: 1, FX: 1 },
      h7: { RR: 1, R: 1 },
      a3: { F: 1 },
      a5: { M: 1 },
      a1: {},
    });
    expect(stats.riders.h2!.line.exclusions).toBe(1);
    expect(stats.riders.h7!.line.exclusions).toBe(0); // R: stopped, placed last
    expect(stats.riders.a5!.line).toMatchObject({ heats: 4, exclusions: 1, points: 3 });
  });

  it('tells rider replacements, the tactical reserve and nominations apart', () => {
    const kinds = (id: string) =>
      Object.fromEntries(stats.riders[id]!.kinds.map((kind) => [kind.kind, kind.heats]));
    // Sundström: four programmed rides, Janowski's in heat 3 (RR), nominated for heat 15.
    expect(kinds('h2')).toEqual({ programmed: 4, reserve: 1, tactical: 0, nominated: 1 });
    // Dennis Andersson for Aldén in heat 9, Hammarby 16 down: a tactical reserve.
    expect(kinds('a4')).toEqual({ programmed: 4, reserve: 0, tactical: 1, nominated: 0 });
    expect(stats.riders.a4!.kinds[2]).toEqual({
      kind: 'tactical',
      heats: 1,
      points: 2,
      bonus_points: 0,
    });
    // Zengota's own rides include the reserves' scheduled heats: those are programmed.
    expect(kinds('h6')).toEqual({ programmed: 4, reserve: 1, tactical: 0, nominated: 0 });
  });

  it('shows the code of a ride in a meeting', () => {
    const meeting = headToHead([pirHamMatch()], 'a3', 'h2');
    const heat15 = meeting.meetings.find((m) => m.heat_number === 15)!;
    expect(heat15.rider).toMatchObject({ position: 4, code: 'F', points: 0 });
    expect(heat15.ahead).toBe('opponent');
    // Heat 7: Sundström excluded, Miedzinski 2nd.
    const heat7 = meeting.meetings.find((m) => m.heat_number === 7)!;
    expect(heat7.opponent).toMatchObject({ status: 'excluded', position: 0, code: 'X' });
    expect(heat7.ahead).toBe('rider');
  });
});
