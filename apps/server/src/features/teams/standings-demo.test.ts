import type { OfficialMatchSummary, Team } from '@speedway/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importDoc, listThisSeason, userWithRole } from '../../../test/official-data';
import { api } from '../../../test/protocol-api';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { recompareSavedMatches } from '../protocol/index';
import { seedDemoData } from '../official/demo/demo-seed';

// The league table (/tabell, the home page's table tab) on the demo season: every number checked
// against the official matches it comes from, none written down by hand.

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.db, recompareSavedMatches);
  token = await userWithRole(t, 'tabell@example.se', 'user');
});
afterAll(() => t.close());

const load = async () => {
  const call = api(t, token);
  return {
    teams: (await call('GET', '/api/teams')).json() as Team[],
    matches: (await call('GET', listThisSeason())).json() as OfficialMatchSummary[],
  };
};

type Finished = OfficialMatchSummary & { home_score: number; away_score: number };
const finishedOf = (matches: OfficialMatchSummary[]) =>
  matches
    .filter((m): m is Finished => m.status === 'completed')
    .sort((a, b) => a.start!.localeCompare(b.start!));

/** From one team's side: V, O or F, and its heat points for and against. */
function outcomes(team: string, finished: Finished[]) {
  return finished.flatMap((m) => {
    const side = m.home_team_id === team ? 'home' : m.away_team_id === team ? 'away' : null;
    if (!side) return [];
    const own = side === 'home' ? m.home_score : m.away_score;
    const other = side === 'home' ? m.away_score : m.home_score;
    return [{ mark: own > other ? 'V' : own < other ? 'F' : 'O', own, other }];
  });
}

/** Pairs that met home and away, and who won the aggregate (null: equal). */
function aggregates(finished: Finished[]): (string | null)[] {
  return finished.flatMap((first) => {
    const second = finished.find(
      (m) => m.home_team_id === first.away_team_id && m.away_team_id === first.home_team_id,
    );
    if (!second || first.home_team_id > first.away_team_id) return [];
    const a = first.home_score + second.away_score;
    const b = first.away_score + second.home_score;
    return [a === b ? null : a > b ? first.home_team_id : first.away_team_id];
  });
}

function expectConsistentTable(teams: Team[], matches: OfficialMatchSummary[]) {
  const finished = finishedOf(matches);
  const teamIds = new Set(matches.flatMap((m) => [m.home_team_id, m.away_team_id]));
  expect(teams.map((team) => team.id).sort()).toEqual([...teamIds].sort());
  const bonusWinners = aggregates(finished);
  const sum = (key: keyof Team) => teams.reduce((s, team) => s + (team[key] as number), 0);

  expect(sum('wins')).toBe(sum('losses'));
  expect(sum('matches_played')).toBe(2 * finished.length);
  expect(sum('heat_points_for')).toBe(sum('heat_points_against'));
  expect(sum('heat_points_for')).toBe(
    finished.reduce((s, m) => s + m.home_score + m.away_score, 0),
  );
  expect(sum('bonus_points')).toBe(bonusWinners.filter((w) => w !== null).length);

  for (const team of teams) {
    const own = outcomes(team.id, finished);
    const count = (mark: string) => own.filter((o) => o.mark === mark).length;
    expect(team, team.name).toMatchObject({
      matches_played: own.length,
      wins: count('V'),
      draws: count('O'),
      losses: count('F'),
      heat_points_for: own.reduce((s, o) => s + o.own, 0),
      heat_points_against: own.reduce((s, o) => s + o.other, 0),
      heat_point_difference: own.reduce((s, o) => s + o.own - o.other, 0),
      bonus_points: bonusWinners.filter((w) => w === team.id).length,
      points: 2 * count('V') + count('O') + team.bonus_points,
      form: own.slice(-5).map((o) => o.mark),
    });
  }

  // Ranked by points, then heat-point difference; ranks 1…n without gaps.
  expect(teams.map((team) => team.rank)).toEqual(teams.map((_, i) => i + 1));
  for (const [i, team] of teams.slice(1).entries()) {
    const above = teams[i]!;
    expect(
      above.points > team.points ||
        (above.points === team.points && above.heat_point_difference >= team.heat_point_difference),
      `${above.name} above ${team.name}`,
    ).toBe(true);
  }
}

describe('GET /api/teams on the demo season', () => {
  it('has every team, counts every finished match, and adds up', async () => {
    const { teams, matches } = await load();
    expect(teams).toHaveLength(8);
    expect(finishedOf(matches).length).toBeGreaterThan(0);
    expect(teams.every((team) => team.form.length === Math.min(5, team.matches_played))).toBe(true);
    expectConsistentTable(teams, matches);
  });

  it('awards the aggregate bonus once a pair has met home and away', async () => {
    const before = await load();
    const finished = finishedOf(before.matches);
    const first = finished[0]!;
    const returnLeg = before.matches.find(
      (m) =>
        m.status !== 'completed' &&
        m.home_team_id === first.away_team_id &&
        m.away_team_id === first.home_team_id,
    )!;
    const slug = (id: string) => before.teams.find((team) => team.id === id)!.slug;
    // The return leg's home team wins by more than it lost the first: it takes the bonus.
    const margin = Math.abs(first.home_score - first.away_score) + 2;
    const home = 45 + Math.ceil(margin / 2);
    await importDoc(t, {
      format: 'speedway-official/1',
      matches: [
        {
          external_id: returnLeg.external_id,
          home: slug(returnLeg.home_team_id),
          away: slug(returnLeg.away_team_id),
          result: { home_score: home, away_score: 90 - home },
        },
      ],
    });
    const after = await load();
    expectConsistentTable(after.teams, after.matches);
    const winner = after.teams.find((team) => team.id === returnLeg.home_team_id)!;
    const earlier = before.teams.find((team) => team.id === returnLeg.home_team_id)!;
    expect(winner.bonus_points).toBe(earlier.bonus_points + 1);
    expect(winner.points).toBe(earlier.points + 3);
  });
});
