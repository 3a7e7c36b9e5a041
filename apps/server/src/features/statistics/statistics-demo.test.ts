import type {
  HeadToHeadReply,
  RiderRanking,
  RiderStats,
  TeamSeasonStats,
} from '@speedway/contracts';
import type { Heat } from '@speedway/rules';
import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importDoc, userWithRole } from '../../../test/official-data';
import { api } from '../../../test/protocol-api';
import { createTestApp, startSecondInstance, type TestApp } from '../../../test/test-app';
import {
  officialMatches,
  officialResults,
  riderIdentities,
  riderIdentityEntries,
} from '../../db/schema/index';
import { buildDemoSeason } from '../official/demo/demo-season';
import { seedDemoData } from '../official/demo/demo-seed';
import { recompareSavedMatches } from '../protocol/index';

// The statistics of the demo season (DEMO_DATA) against a hand count: every figure below is
// counted here straight from the stored rows (official_results.heats and the scores), with plain
// loops, never through the rules engine's statistics.

let t: TestApp;
let token: string;
const now = new Date();
const season = buildDemoSeason(now).matches![0]!.season!;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.db, recompareSavedMatches, now);
  token = await userWithRole(t, 'statistik@example.se', 'user');
});
afterAll(() => t.close());

const get = async <T>(url: string, as = token): Promise<T> => {
  const res = await api(t, as)('GET', url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
};

type Stored = {
  id: string;
  externalId: string;
  homeTeamId: string;
  awayTeamId: string;
  homeScore: number;
  awayScore: number;
  heats: Heat[] | null;
};

async function storedSeason(): Promise<Stored[]> {
  return t.db
    .select({
      id: officialMatches.id,
      externalId: officialMatches.externalId,
      homeTeamId: officialMatches.homeTeamId,
      awayTeamId: officialMatches.awayTeamId,
      homeScore: officialResults.homeScore,
      awayScore: officialResults.awayScore,
      heats: officialResults.heats,
    })
    .from(officialMatches)
    .innerJoin(officialResults, eq(officialResults.officialMatchId, officialMatches.id))
    .where(eq(officialMatches.season, season));
}

/** One squad rider's season, counted by hand from the stored heats. */
function handCount(matches: Stored[], riderId: string) {
  const count = {
    matches: 0,
    heats: 0,
    points: 0,
    bonus: 0,
    wins: 0,
    exclusions: 0,
    gates: { 1: [0, 0, 0], 2: [0, 0, 0], 3: [0, 0, 0], 4: [0, 0, 0] } as Record<
      number,
      [starts: number, wins: number, points: number]
    >,
  };
  for (const match of matches) {
    let rode = false;
    for (const heat of match.heats ?? []) {
      for (const result of heat.results) {
        if (result.rider_id !== riderId) continue;
        rode = true;
        count.heats += 1;
        count.points += result.points;
        count.bonus += result.bonus_points;
        const won = result.status === 'completed' && result.position === 1;
        if (won) count.wins += 1;
        if (result.status === 'excluded') count.exclusions += 1;
        for (const [lane, rider] of Object.entries(heat.riders)) {
          if (rider?.rider_id !== riderId) continue;
          const gate = count.gates[Number(lane)]!;
          gate[0] += 1;
          gate[1] += won ? 1 : 0;
          gate[2] += result.points;
        }
      }
    }
    if (rode) count.matches += 1;
  }
  return count;
}

/** Every squad rider with a ride, with his rides. */
function ridesByRider(matches: Stored[]): Map<string, number> {
  const rides = new Map<string, number>();
  for (const match of matches) {
    for (const heat of match.heats ?? []) {
      for (const r of heat.results) rides.set(r.rider_id, (rides.get(r.rider_id) ?? 0) + 1);
    }
  }
  return rides;
}

/** The squad rider with the most rides (ties: the smallest id), so the pick is stable. */
function busiestRider(matches: Stored[]): string {
  return [...ridesByRider(matches)].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]![0];
}

function expectRiderMatchesHandCount(reply: RiderStats, count: ReturnType<typeof handCount>) {
  expect(reply.season).toBe(season);
  expect(reply.line).toMatchObject({
    matches: count.matches,
    heats: count.heats,
    points: count.points,
    bonus_points: count.bonus,
    wins: count.wins,
    exclusions: count.exclusions,
  });
  expect(reply.line!.average).toBeCloseTo(count.points / count.heats, 12);
  expect(reply.line!.paid_average).toBeCloseTo((count.points + count.bonus) / count.heats, 12);
  expect(reply.gates.map((g) => [g.gate, g.starts, g.wins, g.points])).toEqual(
    [1, 2, 3, 4].map((gate) => [gate, ...count.gates[gate]!]),
  );
  expect(reply.matches).toHaveLength(count.matches);
  expect(reply.matches.reduce((sum, m) => sum + m.heats, 0)).toBe(count.heats);
  expect(reply.kinds.reduce((sum, k) => sum + k.heats, 0)).toBe(count.heats);
}

describe('statistics of the demo season', () => {
  it('gives every rider of the stored line-ups an identity, one per squad rider here', async () => {
    const entries = await t.db.select().from(riderIdentityEntries);
    const matches = await t.db.select({ lineups: officialMatches.lineups }).from(officialMatches);
    const named = new Set(
      matches.flatMap((m) => [...m.lineups.home, ...m.lineups.away].map((r) => r.rider_id)),
    );
    expect(new Set(entries.map((e) => e.riderId))).toEqual(named);
    expect(entries.every((e) => e.season === season && !e.pinned)).toBe(true);
    // The demo's riders have names of their own: one identity each.
    expect(new Set(entries.map((e) => e.identityId)).size).toBe(named.size);
  });

  it("shows a rider's season as a hand count of the stored heats confirms", async () => {
    const matches = await storedSeason();
    const riderId = busiestRider(matches);
    const count = handCount(matches, riderId);
    expect(count.heats).toBeGreaterThan(10);

    const bySquadId = await get<RiderStats>(`/api/stats/riders/${riderId}`);
    expectRiderMatchesHandCount(bySquadId, count);
    expect(bySquadId.rider.id).not.toBe(riderId);
    expect(bySquadId.seasons).toEqual([season]);
    // The identity's id names the same rider.
    const byIdentity = await get<RiderStats>(
      `/api/stats/riders/${bySquadId.rider.id}?season=${season}`,
    );
    expect(byIdentity).toEqual(bySquadId);
  });

  it('meets an opponent as often as the stored heats say, with who finished ahead', async () => {
    const matches = await storedSeason();
    const riderId = busiestRider(matches);
    const rider = await get<RiderStats>(`/api/stats/riders/${riderId}`);
    const opponent = rider.opponents[0]!;
    const reply = await get<HeadToHeadReply>(
      `/api/stats/riders/${riderId}/head-to-head/${opponent.rider_id}`,
    );
    const opponentSquadId = (
      await t.db
        .select({ riderId: riderIdentityEntries.riderId })
        .from(riderIdentityEntries)
        .where(eq(riderIdentityEntries.identityId, opponent.rider_id))
    )[0]!.riderId;
    let met = 0;
    let ahead = 0;
    let behind = 0;
    for (const match of matches) {
      for (const heat of match.heats ?? []) {
        const mine = heat.results.find((r) => r.rider_id === riderId);
        const theirs = heat.results.find((r) => r.rider_id === opponentSquadId);
        if (!mine || !theirs) continue;
        met += 1;
        const placed = (r: typeof mine) => r.status === 'completed' && r.position > 0;
        if (placed(mine) && (!placed(theirs) || mine.position < theirs.position)) ahead += 1;
        else if (placed(theirs)) behind += 1;
      }
    }
    expect(met).toBeGreaterThan(0);
    expect(reply).toMatchObject({
      season,
      rider: rider.rider,
      opponent: { id: opponent.rider_id, name: opponent.name },
      met,
      ahead,
      behind,
    });
    expect(reply.meetings).toHaveLength(met);
    expect(opponent).toMatchObject({ met, ahead, behind });
  });

  it("shows a team's home and away record as the stored scores give it", async () => {
    const matches = await storedSeason();
    const teamId = matches[0]!.homeTeamId;
    const record = (side: 'home' | 'away') => {
      const own = matches.filter((m) => (side === 'home' ? m.homeTeamId : m.awayTeamId) === teamId);
      const score = (m: Stored) =>
        side === 'home' ? [m.homeScore, m.awayScore] : [m.awayScore, m.homeScore];
      return {
        matches: own.length,
        wins: own.filter((m) => score(m)[0]! > score(m)[1]!).length,
        draws: own.filter((m) => score(m)[0] === score(m)[1]).length,
        losses: own.filter((m) => score(m)[0]! < score(m)[1]!).length,
        points_for: own.reduce((s, m) => s + score(m)[0]!, 0),
        points_against: own.reduce((s, m) => s + score(m)[1]!, 0),
      };
    };
    const reply = await get<TeamSeasonStats>(`/api/stats/teams/${teamId}`);
    expect(reply.season).toBe(season);
    expect(reply.home).toEqual(record('home'));
    expect(reply.away).toEqual(record('away'));
    expect(reply.form).toHaveLength(record('home').matches + record('away').matches);
    // Its riders' lines count its matches: their heats add up to the team's starts.
    const starts = reply.gates.all.reduce((s, g) => s + g.starts, 0);
    expect(reply.riders.reduce((s, r) => s + r.heats, 0)).toBe(starts);
    expect(reply.team.id).toBe(teamId);
  });

  it('ranks by average with the minimum-heats filter, and sorts by name and points', async () => {
    const rides = ridesByRider(await storedSeason());
    const minHeats = 8;
    const ranking = await get<RiderRanking>(`/api/stats/riders?min_heats=${minHeats}`);
    expect(ranking.season).toBe(season);
    expect(ranking.seasons).toEqual([season]);
    expect(ranking.riders.length).toBe([...rides.values()].filter((n) => n >= minHeats).length);
    expect(ranking.riders.every((r) => r.heats >= minHeats)).toBe(true);
    for (const [a, b] of ranking.riders.slice(1).map((r, i) => [ranking.riders[i]!, r] as const)) {
      expect(a.average > b.average || (a.average === b.average && a.heats >= b.heats)).toBe(true);
    }
    for (const line of ranking.riders) {
      expect(line.average).toBeCloseTo(line.points / line.heats, 12);
    }

    const all = await get<RiderRanking>('/api/stats/riders');
    expect(all.riders.length).toBe(rides.size);
    const byName = await get<RiderRanking>('/api/stats/riders?sort=name');
    expect(byName.riders.map((r) => r.name)).toEqual(
      [...byName.riders.map((r) => r.name)].sort((a, b) => a.localeCompare(b, 'sv')),
    );
    const byPoints = await get<RiderRanking>('/api/stats/riders?sort=points');
    expect(byPoints.riders.map((r) => r.points)).toEqual(
      [...byPoints.riders.map((r) => r.points)].sort((a, b) => b - a),
    );

    const teamId = ranking.riders[0]!.teams[0]!.id;
    const ofTeam = await get<RiderRanking>(`/api/stats/riders?team_id=${teamId}`);
    expect(ofTeam.riders.length).toBeGreaterThan(0);
    expect(ofTeam.riders.every((r) => r.teams.some((team) => team.id === teamId))).toBe(true);
  });

  it('answers a season without heats empty, and unknown riders and teams 404', async () => {
    const empty = await get<RiderRanking>('/api/stats/riders?season=1999');
    expect(empty).toEqual({ season: null, seasons: [season], riders: [] });

    const call = api(t, token);
    const rider = await call('GET', `/api/stats/riders/${randomUUID()}`);
    expect(rider.statusCode).toBe(404);
    expect(rider.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Föraren finns inte.' });
    const team = await call('GET', `/api/stats/teams/${randomUUID()}`);
    expect(team.statusCode).toBe(404);
    expect(team.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Laget finns inte.' });
    const h2h = await call('GET', `/api/stats/riders/${randomUUID()}/head-to-head/${randomUUID()}`);
    expect(h2h.statusCode).toBe(404);
    expect((await call('GET', '/api/stats/riders?sort=snabbast')).statusCode).toBe(400);
    expect((await api(t, '')('GET', '/api/stats/riders')).statusCode).toBe(401);
  });

  it('shows the figures of the next import at once, on this instance and on another', async () => {
    const second = await startSecondInstance(t);
    try {
      const matches = await storedSeason();
      const riderId = busiestRider(matches);
      const before = await get<RiderStats>(`/api/stats/riders/${riderId}`);
      const otherBefore = (await api(second, token)('GET', `/api/stats/riders/${riderId}`)).json();
      expect(otherBefore).toEqual(before);

      // The import withdraws the result of one of his matches.
      const withdrawn = matches.find((m) =>
        m.heats?.some((h) => h.results.some((r) => r.rider_id === riderId)),
      )!;
      const doc = buildDemoSeason(now);
      const match = doc.matches!.find((m) => m.external_id === withdrawn.externalId)!;
      await importDoc(t, { ...doc, matches: [{ ...match, result: null }] });

      const count = handCount(await storedSeason(), riderId);
      expect(count.matches).toBe(before.line!.matches - 1);
      const after = await get<RiderStats>(`/api/stats/riders/${riderId}`);
      expectRiderMatchesHandCount(after, count);
      const otherAfter = await api(second, token)('GET', `/api/stats/riders/${riderId}`);
      expect(otherAfter.json()).toEqual(after);
    } finally {
      await second.close();
    }
  });

  it('fills the identities of data imported before they existed, on the first request', async () => {
    const matches = await storedSeason();
    const riderId = busiestRider(matches);
    const before = await get<RiderStats>(`/api/stats/riders/${riderId}`);
    // A database of the previous version: official data, no identities.
    await t.db.delete(riderIdentityEntries);
    await t.db.delete(riderIdentities);
    const restarted = await startSecondInstance(t);
    try {
      const res = await api(restarted, token)('GET', `/api/stats/riders/${riderId}`);
      expect(res.statusCode, res.body).toBe(200);
      const after = res.json() as RiderStats;
      // The same figures, under a new identity.
      expect({ ...after.line, rider_id: null }).toEqual({ ...before.line, rider_id: null });
      expect(after.rider.id).toBe(after.line!.rider_id);
      expect(after.rider.name).toBe(before.rider.name);
      expectRiderMatchesHandCount(after, handCount(matches, riderId));
      expect((await t.db.select().from(riderIdentityEntries)).length).toBeGreaterThan(0);
    } finally {
      await restarted.close();
    }
  });
});
