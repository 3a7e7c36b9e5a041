import type { RiderRanking, RiderStats, TeamSeasonStats } from '@speedway/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { userWithRole } from './official-data';
import { api } from './protocol-api';
import { PIR_HAM_ID, savedPages } from './svemo-ta/saved-pages';
import { serve2012, syncOnce, taTestBed } from './svemo-ta/sync-harness';

// The real 2012 scorecard (Piraterna 56–34 Hammarby) through the sync against the TA stand-in on
// loopback: each rider's season in the statistics shows what the saved page itself prints in its
// `S:a` (points without bonus) and `H` (rides) columns, read here straight off the HTML.

const bed = taTestBed();
let token: string;
beforeAll(async () => {
  token = await userWithRole(bed.t, 'ta-statistik@example.se', 'user');
  serve2012(bed.standIn, { [PIR_HAM_ID]: savedPages.pirHam() });
  const { run } = await syncOnce(bed.ctx, bed.standIn);
  expect(run).toMatchObject({ status: 'done', counts: { imported: 1 } });
});

/** Name → the page's S:a and H of each rider row (`tr.Driver`), without the app's parser. */
function pageTotals(html: string): Map<string, { points: number; heats: number }> {
  const totals = new Map<string, { points: number; heats: number }>();
  for (const row of html.split(/<tr class="[^"]*\bDriver"/).slice(1)) {
    const name = /class=" DriverName"[^>]*>\s*\d\.\s*([^<]+?)\s*</.exec(row)?.[1];
    const points = /class=" Sum[^"]*"[^>]*>\s*(\d*)\s*</.exec(row)?.[1];
    const heats = /class=" TotalHeats[^"]*"[^>]*>\s*(\d*)\s*</.exec(row)?.[1];
    if (name === undefined) continue;
    totals.set(name, { points: Number(points || 0), heats: Number(heats || 0) });
  }
  return totals;
}

const get = async <T>(url: string): Promise<T> => {
  const res = await api(bed.t, token)('GET', url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
};

describe('statistics of the real 2012 scorecard, through the sync', () => {
  it("shows Chris Holder's season as the saved page prints it: 10 points in 5 heats", async () => {
    const page = pageTotals(savedPages.pirHam());
    expect(page.get('Chris Holder')).toEqual({ points: 10, heats: 5 });
    const ranking = await get<RiderRanking>('/api/stats/riders');
    expect(ranking.season).toBe(2012);
    const holder = ranking.riders.find((r) => r.name === 'Chris Holder')!;
    const stats = await get<RiderStats>(`/api/stats/riders/${holder.rider_id}?season=2012`);
    expect(stats.line).toMatchObject({
      name: 'Chris Holder',
      matches: 1,
      heats: 5,
      points: 10,
      average: 2,
      teams: [{ name: 'Piraterna' }],
    });
    expect(stats.gates.reduce((sum, g) => sum + g.starts, 0)).toBe(5);
    expect(stats.matches).toEqual([
      expect.objectContaining({
        heats: 5,
        points: 10,
        side: 'home',
        opponent: expect.objectContaining({ name: 'Hammarby' }),
      }),
    ]);
  });

  it('gives every rider of the page its S:a and H, and no line to riders who did not ride', async () => {
    const page = pageTotals(savedPages.pirHam());
    expect(page.size).toBe(14);
    const ranking = await get<RiderRanking>('/api/stats/riders?season=2012&sort=name');
    const rode = [...page].filter(([, t]) => t.heats > 0);
    expect(
      Object.fromEntries(ranking.riders.map((r) => [r.name, { points: r.points, heats: r.heats }])),
    ).toEqual(Object.fromEntries(rode));
    for (const line of ranking.riders) expect(line.average).toBe(line.points / line.heats);
  });

  it("shows the teams' home and away record from the official score", async () => {
    const ranking = await get<RiderRanking>('/api/stats/riders?season=2012');
    const piraterna = ranking.riders.find((r) => r.name === 'Chris Holder')!.teams[0]!;
    const team = await get<TeamSeasonStats>(`/api/stats/teams/${piraterna.id}`);
    expect(team.season).toBe(2012);
    expect(team.home).toEqual({
      matches: 1,
      wins: 1,
      draws: 0,
      losses: 0,
      points_for: 56,
      points_against: 34,
    });
    expect(team.away.matches).toBe(0);
    expect(team.form).toEqual([expect.objectContaining({ score_for: 56, score_against: 34 })]);
  });
});
