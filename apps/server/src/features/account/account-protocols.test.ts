import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchHeats, matches, userMatches } from '../../db/schema/index';
import {
  fixtureSeason,
  importDoc,
  officialIds,
  syntheticKlassisk,
  userWithRole,
} from '../../../test/official-data';
import { api, completeProtocol, startProtocol } from '../../../test/protocol-api';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let ids: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  await importDoc(t, fixtureSeason());
  ids = await officialIds(t);
});
afterAll(() => t.close());

describe("the account's protocols and follows", () => {
  it('counts the protocols and exports them with every heat, and the follows', async () => {
    const token = await userWithRole(t, 'export@example.se', 'user');
    const other = await userWithRole(t, 'export-annan@example.se', 'user');
    const call = api(t, token);
    expect((await call('GET', '/api/account/me')).json().stats.protocols).toBe(0);

    const match = await startProtocol(t, token, ids['fx-upcoming']!);
    await startProtocol(t, token, ids['fx-live']!);
    await startProtocol(t, other, ids['fx-live']!);
    const heat = match.heats[0]!;
    await call('POST', `/api/matches/${match.id}/heat/1/save`, {
      results: (['1', '2', '3', '4'] as const).map((lane, i) => ({
        rider_id: heat.riders[lane]!.rider_id,
        position: i + 1,
        status: 'completed',
      })),
    });
    await call('PUT', `/api/official-matches/${ids['fx-played']}/follow`);
    expect((await call('GET', '/api/account/me')).json().stats.protocols).toBe(2);

    const exported = (await call('GET', '/api/account/export')).json();
    expect(exported.protocols).toHaveLength(2);
    const saved = exported.protocols.find((p: { id: string }) => p.id === match.id);
    expect(saved).toMatchObject({
      official_match_id: ids['fx-upcoming'],
      home_team: 'Hemmalaget',
      status: 'live',
      home_score: 4,
      away_score: 2,
      meta: { rules: { rulebook: 'elitserien-klassisk' } },
    });
    expect(saved.heats).toHaveLength(15);
    expect(saved.heats[0]).toMatchObject({ heat_number: 1, status: 'completed' });
    expect(saved.lineups.home).toHaveLength(7);
    expect(exported.follows).toEqual([
      {
        official_match_id: ids['fx-played'],
        external_id: 'fx-played',
        start: expect.any(String),
        followed_at: expect.any(String),
      },
    ]);
  });

  it('exports the saved protocols; deleting the account removes protocols and saved copies', async () => {
    const token = await userWithRole(t, 'sparat-export@example.se', 'user');
    const call = api(t, token);
    const heats = syntheticKlassisk().matches[0]!.result.heats;
    const match = await completeProtocol(t, token, ids['fx-played']!, heats);
    const saved = (await call('POST', `/api/matches/${match.id}/save`)).json();
    await startProtocol(t, token, ids['fx-live']!);

    const exported = (await call('GET', '/api/account/export')).json();
    expect(exported.saved_matches).toEqual([
      {
        id: saved.id,
        match_id: match.id,
        official_match_id: ids['fx-played'],
        status: 'validated',
        resolution: null,
        resolved_at: null,
        user_results: { home_score: 46, away_score: 44, heats: saved.user_results.heats },
        discrepancies: [],
        heat_discrepancies: [],
        completed_at: saved.completed_at,
        updated_at: saved.updated_at,
      },
    ]);
    expect(exported.saved_matches[0].user_results.heats).toHaveLength(15);

    const protocolIds = [match.id, ...exported.protocols.map((p: { id: string }) => p.id)];
    expect((await call('DELETE', '/api/account', { password: '' })).statusCode).toBe(200);
    const [matchRows, heatRows, copyRows] = await Promise.all([
      t.db.select({ n: count() }).from(matches).where(inArray(matches.id, protocolIds)),
      t.db.select({ n: count() }).from(matchHeats).where(inArray(matchHeats.matchId, protocolIds)),
      t.db.select({ n: count() }).from(userMatches).where(eq(userMatches.id, saved.id)),
    ]);
    expect([matchRows[0]!.n, heatRows[0]!.n, copyRows[0]!.n]).toEqual([0, 0, 0]);
  });
});
