import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureSeason, importDoc, officialIds, userWithRole } from '../../../test/official-data';
import { api, startProtocol } from '../../../test/protocol-api';
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
});
