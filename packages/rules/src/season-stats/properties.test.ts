import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { heatScore } from '../scoring';
import type { OfficialHeatRider } from '../official';
import { headToHead, rankRiders, RIDER_RANK_SORTS, seasonStatistics } from './index';
import { playSeason, seasonSpec, type PlayedMatch } from './test-support/random-season';
import type { RiderSeasonLine } from './types';

// The statistics against an independent model: a deliberately naive hand count of the official
// heats as written in the file (gate, team, number, position, status, code), with its own points
// and bonus, and the generator's record of why each rider rode.

const POINTS = [0, 3, 2, 1, 0];
const KINDS = ['programmed', 'reserve', 'tactical', 'nominated'];

interface Count {
  name: string;
  teams: string[];
  matches: Set<string>;
  heats: number;
  points: number;
  bonus: number;
  wins: number;
  exclusions: number;
  codes: Record<string, number>;
  /** [starts, wins, points] per gate 1–4. */
  gates: number[][];
  /** [heats, points, bonus] per kind, in KINDS order. */
  kinds: number[][];
  /** Per match: [won, won or 2nd with bonus] per ride. */
  rides: Map<string, [boolean, boolean][]>;
  met: Map<string, { met: number; ahead: number; behind: number }>;
}

function newCount(name: string): Count {
  return {
    name,
    teams: [],
    matches: new Set(),
    heats: 0,
    points: 0,
    bonus: 0,
    wins: 0,
    exclusions: 0,
    codes: {},
    gates: [0, 1, 2, 3].map(() => [0, 0, 0]),
    kinds: [0, 1, 2, 3].map(() => [0, 0, 0]),
    rides: new Map(),
    met: new Map(),
  };
}

function chronologicalMatches(played: readonly PlayedMatch[]): PlayedMatch[] {
  const key = (p: PlayedMatch) => p.stats.starts_at ?? '9999';
  return [...played].sort(
    (a, b) =>
      (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0) || (a.stats.id < b.stats.id ? -1 : 1),
  );
}

/** The hand count: loops over the written heats, nothing of the statistics' code. */
function handCount(played: readonly PlayedMatch[], onlyTeam?: string): Map<string, Count> {
  const counts = new Map<string, Count>();
  for (const { stats, official, kinds } of chronologicalMatches(played)) {
    for (const heat of official) {
      const idOf = (r: OfficialHeatRider) =>
        stats.lineups[r.team === 'H' ? 'home' : 'away'].find((x) => x.lineup_no === r.no)!;
      const placed = (r: OfficialHeatRider) => r.status === 'completed';
      for (const r of heat.riders) {
        const rider = idOf(r);
        const team = r.team === 'H' ? stats.home_team_id : stats.away_team_id;
        if (onlyTeam !== undefined && team !== onlyTeam) continue;
        const count = counts.get(rider.rider_id) ?? newCount(rider.name);
        counts.set(rider.rider_id, count);
        count.name = rider.name;
        if (!count.teams.includes(team)) count.teams.push(team);
        count.matches.add(stats.id);
        const points = placed(r) ? POINTS[r.position]! : 0;
        const mateAhead = heat.riders.some(
          (o) => o.team === r.team && placed(o) && o.position === r.position - 1,
        );
        const bonus = placed(r) && (r.position === 2 || r.position === 3) && mateAhead ? 1 : 0;
        const won = placed(r) && r.position === 1;
        count.heats += 1;
        count.points += points;
        count.bonus += bonus;
        count.wins += won ? 1 : 0;
        count.exclusions += placed(r) ? 0 : 1;
        if (r.code !== undefined && r.code !== 'OK') {
          count.codes[r.code] = (count.codes[r.code] ?? 0) + 1;
        }
        const gate = count.gates[r.gate - 1]!;
        gate[0]! += 1;
        gate[1]! += won ? 1 : 0;
        gate[2]! += points;
        const kind = count.kinds[KINDS.indexOf(kinds.get(`${heat.heat}:${rider.rider_id}`)!)]!;
        kind[0]! += 1;
        kind[1]! += points;
        kind[2]! += bonus;
        const rides = count.rides.get(stats.id) ?? [];
        rides.push([won, won || (placed(r) && r.position === 2 && bonus === 1)]);
        count.rides.set(stats.id, rides);
        for (const o of heat.riders) {
          if (o === r) continue;
          const other = idOf(o).rider_id;
          const met = count.met.get(other) ?? { met: 0, ahead: 0, behind: 0 };
          met.met += 1;
          if (placed(r) && (!placed(o) || r.position < o.position)) met.ahead += 1;
          if (placed(o) && (!placed(r) || o.position < r.position)) met.behind += 1;
          count.met.set(other, met);
        }
      }
    }
  }
  return counts;
}

function expectedLine(id: string, count: Count) {
  const rides = [...count.rides.values()];
  const full = rides.filter((r) => r.length >= 4 && r.every(([won]) => won)).length;
  const paid = rides.filter(
    (r) => r.length >= 4 && r.every(([, paid]) => paid) && !r.every(([won]) => won),
  ).length;
  return {
    rider_id: id,
    name: count.name,
    team_ids: count.teams,
    matches: count.matches.size,
    heats: count.heats,
    points: count.points,
    bonus_points: count.bonus,
    average: count.points / count.heats,
    paid_average: (count.points + count.bonus) / count.heats,
    wins: count.wins,
    full_maximums: full,
    paid_maximums: paid,
    exclusions: count.exclusions,
    codes: count.codes,
  };
}

const RUNS = { numRuns: 60 };

describe('season statistics against a hand count (properties)', () => {
  it("every rider's line, gates, kinds and meetings are what the hand count gives", () => {
    fc.assert(
      fc.property(seasonSpec, (specs) => {
        const played = playSeason(specs);
        const stats = seasonStatistics(played.map((p) => p.stats));
        const counts = handCount(played);
        expect(Object.keys(stats.riders).sort()).toEqual([...counts.keys()].sort());
        for (const [id, count] of counts) {
          const rider = stats.riders[id]!;
          expect(rider.line).toEqual(expectedLine(id, count));
          expect(rider.gates.map((g) => [g.starts, g.wins, g.points])).toEqual(count.gates);
          expect(rider.gates.map((g) => g.gate)).toEqual([1, 2, 3, 4]);
          for (const g of rider.gates) {
            expect(g.points_per_start).toBe(g.starts === 0 ? 0 : g.points / g.starts);
          }
          expect(rider.kinds.map((k) => [k.heats, k.points, k.bonus_points])).toEqual(count.kinds);
          expect(rider.kinds.map((k) => k.kind)).toEqual(KINDS);
          expect(
            new Map(
              rider.opponents.map(({ rider_id, met, ahead, behind }) => [
                rider_id,
                { met, ahead, behind },
              ]),
            ),
          ).toEqual(count.met);
          expect(rider.matches.map((m) => m.match_id)).toEqual([...count.matches].reverse());
          expect(rider.matches.reduce((sum, m) => sum + m.points, 0)).toBe(count.points);
        }
      }),
      RUNS,
    );
  });

  it('riders share out every heat point, and head to head is the same meetings from both sides', () => {
    fc.assert(
      fc.property(seasonSpec, fc.nat(), fc.nat(), (specs, a, b) => {
        const played = playSeason(specs);
        const matches = played.map((p) => p.stats);
        const stats = seasonStatistics(matches);
        const heatPoints = matches
          .flatMap((m) => m.heats)
          .reduce((sum, heat) => sum + heatScore(heat).home + heatScore(heat).away, 0);
        const riders = Object.values(stats.riders);
        expect(riders.reduce((sum, r) => sum + r.line.points, 0)).toBe(heatPoints);
        if (riders.length < 2) return;
        const rider = riders[a % riders.length]!.line.rider_id;
        const opponent = riders[b % riders.length]!.line.rider_id;
        const there = headToHead(matches, rider, opponent);
        const back = headToHead(matches, opponent, rider);
        expect([back.met, back.ahead, back.behind]).toEqual([there.met, there.behind, there.ahead]);
        const met =
          rider === opponent ? undefined : handCount(played).get(rider)!.met.get(opponent);
        expect({ met: there.met, ahead: there.ahead, behind: there.behind }).toEqual(
          met ?? { met: 0, ahead: 0, behind: 0 },
        );
        expect(there.meetings.map((m) => m.ahead)).toEqual(
          back.meetings.map((m) =>
            m.ahead === null ? null : m.ahead === 'rider' ? 'opponent' : 'rider',
          ),
        );
      }),
      RUNS,
    );
  });

  it("teams: home and away records from the official totals, their riders' starts and lines", () => {
    fc.assert(
      fc.property(seasonSpec, (specs) => {
        const played = playSeason(specs);
        const stats = seasonStatistics(played.map((p) => p.stats));
        for (const [teamId, team] of Object.entries(stats.teams)) {
          for (const side of ['home', 'away'] as const) {
            const mine = played.filter((p) => p.stats[`${side}_team_id`] === teamId);
            const score = (p: PlayedMatch) =>
              side === 'home'
                ? [p.stats.home_score, p.stats.away_score]
                : [p.stats.away_score, p.stats.home_score];
            expect(team[side]).toEqual({
              matches: mine.length,
              wins: mine.filter((p) => score(p)[0]! > score(p)[1]!).length,
              draws: mine.filter((p) => score(p)[0] === score(p)[1]).length,
              losses: mine.filter((p) => score(p)[0]! < score(p)[1]!).length,
              points_for: mine.reduce((sum, p) => sum + score(p)[0]!, 0),
              points_against: mine.reduce((sum, p) => sum + score(p)[1]!, 0),
            });
          }
          expect(team.form).toHaveLength(team.home.matches + team.away.matches);
          const counts = handCount(played, teamId);
          const gates = [0, 1, 2, 3].map((g) =>
            [...counts.values()].reduce((sum, c) => sum + c.gates[g]![0]!, 0),
          );
          expect(team.gates.all.map((g) => g.starts)).toEqual(gates);
          expect(team.gates.all.map((g) => g.starts)).toEqual(
            team.gates.home.map((g, i) => g.starts + team.gates.away[i]!.starts),
          );
          expect(team.riders).toEqual(
            rankRiders([...counts].map(([id, count]) => expectedLine(id, count))),
          );
        }
      }),
      RUNS,
    );
  });
});

const line = fc.record({
  rider_id: fc.constantFrom('r1', 'r2', 'r3', 'r4', 'r5', 'r6'),
  name: fc.constantFrom('Åke', 'Ola', 'Örjan', 'Anna', 'Bo'),
  team_ids: fc.subarray(['t1', 't2', 't3']),
  matches: fc.nat(20),
  heats: fc.nat(100),
  points: fc.nat(300),
  bonus_points: fc.nat(50),
  average: fc.constantFrom(0, 1, 1.5, 2, 2.25),
  paid_average: fc.constantFrom(0, 1, 2.5),
  wins: fc.nat(40),
  full_maximums: fc.nat(3),
  paid_maximums: fc.nat(3),
  exclusions: fc.nat(5),
  codes: fc.constant({}),
}) satisfies fc.Arbitrary<RiderSeasonLine>;

describe('rankRiders (properties)', () => {
  it('keeps exactly the lines the filters let through, in the order asked for', () => {
    fc.assert(
      fc.property(
        fc.array(line, { maxLength: 12 }),
        fc.option(fc.constantFrom(...RIDER_RANK_SORTS), { nil: undefined }),
        fc.option(fc.constantFrom('t1', 't2', 't4'), { nil: undefined }),
        fc.option(fc.nat(100), { nil: undefined }),
        (lines, sort, team_id, min_heats) => {
          const ranked = rankRiders(lines, { sort, team_id, min_heats });
          const kept = lines.filter(
            (l) =>
              l.heats >= (min_heats ?? 0) &&
              (team_id === undefined || l.team_ids.includes(team_id)),
          );
          expect([...ranked].sort(byId)).toEqual([...kept].sort(byId));
          const key = (l: RiderSeasonLine): number | string => {
            switch (sort ?? 'average') {
              case 'maximums':
                return l.full_maximums + l.paid_maximums;
              case 'name':
                return l.name;
              default:
                return l[(sort ?? 'average') as 'average'];
            }
          };
          for (let i = 1; i < ranked.length; i += 1) {
            const [a, b] = [ranked[i - 1]!, ranked[i]!];
            if (sort === 'name') {
              expect(a.name.localeCompare(b.name, 'sv')).toBeLessThanOrEqual(0);
              continue;
            }
            expect(key(a)).toBeGreaterThanOrEqual(key(b) as number);
            if (key(a) === key(b)) {
              expect(a.average).toBeGreaterThanOrEqual(b.average);
              if (a.average === b.average) {
                expect(a.heats).toBeGreaterThanOrEqual(b.heats);
                if (a.heats === b.heats) {
                  expect(a.name.localeCompare(b.name, 'sv')).toBeLessThanOrEqual(0);
                }
              }
            }
          }
        },
      ),
    );
  });
});

const byId = (a: RiderSeasonLine, b: RiderSeasonLine) =>
  JSON.stringify(a) < JSON.stringify(b) ? -1 : 1;
