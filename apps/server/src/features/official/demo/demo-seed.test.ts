import type { OfficialMatchDetail, OfficialMatchSummary, Team } from '@speedway/contracts';
import { canSaveProtocol, matchScore } from '@speedway/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listThisSeason, userWithRole } from '../../../../test/official-data';
import { api } from '../../../../test/protocol-api';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { swedishDay } from './demo-calendar';
import { recompareSavedMatches } from '../../protocol/index';
import { seedDemoData, seedDemoDataIfEnabled } from './demo-seed';

let t: TestApp;
let matches: OfficialMatchSummary[];
let teams: Team[];
let token: string;
const now = new Date();
beforeAll(async () => {
  t = await createTestApp();
  const seeded = await seedDemoData(t.db, recompareSavedMatches, now);
  expect(seeded).toMatchObject({ matches: { created: 56 }, results: 28, riders_created: 56 });
  token = await userWithRole(t, 'demo@example.se', 'user');
  matches = (await api(t, token)('GET', listThisSeason())).json();
  teams = (await api(t, token)('GET', '/api/teams')).json();
});
afterAll(() => t.close());

describe('DEMO_DATA', () => {
  it('seeds the eight Elitserien clubs with seven riders each', () => {
    expect(teams.map((team) => team.slug).sort()).toEqual([
      'dackarna',
      'indianerna',
      'lejonen',
      'piraterna',
      'rospiggarna',
      'smederna',
      'vargarna',
      'vastervik',
    ]);
    for (const team of teams) {
      expect(team.riders, team.slug).toHaveLength(7);
      expect(team.short).toMatch(/^[A-ZÄÖÅ]{3}$/);
      expect(team.matches_played, team.slug).toBe(7);
    }
  });

  it('plays a double round robin of 56 matches: finished ones with valid official results', async () => {
    expect(matches).toHaveLength(56);
    expect(new Set(matches.map((m) => `${m.home_team_id}-${m.away_team_id}`)).size).toBe(56);
    const finished = matches.filter((m) => m.status === 'completed');
    expect(finished).toHaveLength(28);
    for (const m of finished) {
      expect(new Date(m.start!).getTime()).toBeLessThan(now.getTime());
      const detail = (
        await api(t, token)('GET', `/api/official-matches/${m.id}`)
      ).json() as OfficialMatchDetail;
      const heats = detail.result!.heats!;
      expect(canSaveProtocol({ rulebook: m.rulebook, lineups: detail.lineups, heats })).toEqual({
        ok: true,
      });
      expect(matchScore(heats)).toEqual({ home_score: m.home_score, away_score: m.away_score });
      expect(m.home_score! + m.away_score!).toBeGreaterThan(80);
    }
    // Realistic, not one-sided: both home and away teams win matches.
    expect(finished.some((m) => m.home_score! > m.away_score!)).toBe(true);
    expect(finished.some((m) => m.home_score! < m.away_score!)).toBe(true);
  });

  it('has matches today (one under way, some later) and in the coming weeks', () => {
    const today = swedishDay(now);
    const onToday = matches.filter(
      (m) => JSON.stringify(swedishDay(new Date(m.start!))) === JSON.stringify(today),
    );
    expect(onToday).toHaveLength(4);
    expect(onToday.filter((m) => new Date(m.start!) > now).length).toBeGreaterThanOrEqual(2);
    expect(onToday.filter((m) => m.status === 'live')).toHaveLength(1);
    const weeksAhead = matches.filter(
      (m) => new Date(m.start!).getTime() > now.getTime() + 86_400_000,
    );
    expect(weeksAhead).toHaveLength(24);
    expect(matches.every((m) => m.lineups_ready && m.rulebook === 'elitserien-klassisk')).toBe(
      true,
    );
  });

  it('seeds only a database without teams, and only when DEMO_DATA is on', async () => {
    expect(await seedDemoData(t.db, recompareSavedMatches, now)).toBeNull();
    const logged: string[] = [];
    const log = { info: (m: string) => logged.push(m) };
    await seedDemoDataIfEnabled({ demoData: false }, t.db, recompareSavedMatches, log);
    await seedDemoDataIfEnabled({ demoData: true }, t.db, recompareSavedMatches, log);
    expect(logged).toEqual([]);
    expect((await api(t, token)('GET', listThisSeason())).json()).toHaveLength(56);
  });
});
