import {
  OfficialMatchDetailSchema,
  OfficialMatchListSchema,
  type OfficialMatchSummary,
} from '@speedway/contracts';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fixtureSeason,
  importDoc,
  listAroundNow,
  officialIds,
  swedishDayFromNow,
  userWithRole,
} from '../../../test/official-data';
import { api, startProtocol } from '../../../test/protocol-api';
import { createTestApp, startSecondInstance, type TestApp } from '../../../test/test-app';
import { toOfficialDetail, toOfficialSummary } from './official.mapper';
import { officialRepository } from './official.repository';
import { officialWindow } from './official-window';

// The official matches are answered from a per-instance cache of the public part with the
// caller's own part joined in: what it answers must be exactly what reading everything afresh
// gives, for every user, on every instance, right after an import.

let a: TestApp;
let b: TestApp;
let ids: Record<string, string>;
beforeAll(async () => {
  a = await createTestApp();
  b = await startSecondInstance(a);
  await importDoc(a, fixtureSeason());
  ids = await officialIds(a);
});
afterAll(async () => {
  await b.close();
  await a.close();
});

const userIdOf = async (t: TestApp, token: string) =>
  ((await api(t, token)('GET', '/api/account/me')).json() as { id: string }).id;

/** What the route answered before the cache: the window's rows read for this user, now. */
async function fresh(t: TestApp, userId: string) {
  const window = officialWindow({ from: swedishDayFromNow(-10) }, new Date());
  const rows = await officialRepository.list(t.db, userId, { window });
  return rows.map((row) => toOfficialSummary(row, new Date()));
}

const byId = (list: OfficialMatchSummary[]) =>
  Object.fromEntries(list.map((m) => [m.id, m])) as Record<string, OfficialMatchSummary>;

describe('the read cache of official matches', () => {
  it("answers what a fresh read gives, with each caller's own protocol and follow", async () => {
    const anna = await userWithRole(a, 'anna-cache@example.se', 'user');
    const bo = await userWithRole(a, 'bo-cache@example.se', 'user');
    const protocol = await startProtocol(a, anna, ids['fx-upcoming']!);
    await api(a, bo)('PUT', `/api/official-matches/${ids['fx-live']}/follow`);

    for (const [token, t] of [
      [anna, a],
      [bo, b],
    ] as const) {
      const res = await api(t, token)('GET', listAroundNow());
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const list = OfficialMatchListSchema.parse(res.json());
      expect(byId(list)).toEqual(byId(await fresh(a, await userIdOf(t, token))));
    }
    const annas = byId(
      (await api(a, anna)('GET', listAroundNow())).json() as OfficialMatchSummary[],
    );
    expect(annas[ids['fx-upcoming']!]).toMatchObject({
      consumedByCurrentUser: true,
      protocol_id: protocol.id,
      followed: false,
    });
    const bos = byId((await api(b, bo)('GET', listAroundNow())).json() as OfficialMatchSummary[]);
    expect(bos[ids['fx-upcoming']!]).toMatchObject({ consumedByCurrentUser: false });
    expect(bos[ids['fx-live']!]).toMatchObject({ followed: true });
  });

  it("shows a change of the caller's own follows and protocols at once, on every instance", async () => {
    const token = await userWithRole(a, 'andrar-sig@example.se', 'user');
    const id = ids['fx-upcoming']!;
    const mine = async (t: TestApp) => {
      const list = (await api(t, token)('GET', listAroundNow())).json();
      const detail = (await api(t, token)('GET', `/api/official-matches/${id}`)).json();
      const inList = byId(list as OfficialMatchSummary[])[id]!;
      expect(detail).toMatchObject({
        followed: inList.followed,
        protocol_id: inList.protocol_id,
        user_match_id: inList.user_match_id,
      });
      return inList;
    };
    expect(await mine(a)).toMatchObject({ followed: false, protocol_id: null });
    await api(b, token)('PUT', `/api/official-matches/${id}/follow`);
    expect(await mine(a)).toMatchObject({ followed: true });
    const protocol = await startProtocol(b, token, id);
    expect(await mine(a)).toMatchObject({ consumedByCurrentUser: true, protocol_id: protocol.id });
    await api(a, token)('DELETE', `/api/official-matches/${id}/follow`);
    expect(await mine(b)).toMatchObject({ followed: false, protocol_id: protocol.id });
    const deleted = await api(b, token)('DELETE', `/api/matches/${protocol.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(await mine(a)).toMatchObject({ consumedByCurrentUser: false, protocol_id: null });
    expect(byId(await fresh(a, await userIdOf(a, token)))[id]).toEqual(await mine(b));
  });

  it('answers one match as a fresh read gives it, and 404 for an unknown id', async () => {
    const token = await userWithRole(a, 'detalj-cache@example.se', 'user');
    const userId = await userIdOf(a, token);
    for (const key of ['fx-played', 'fx-upcoming', 'fx-no-lineups']) {
      const res = await api(b, token)('GET', `/api/official-matches/${ids[key]}`);
      const detail = OfficialMatchDetailSchema.parse(res.json());
      const row = await officialRepository.find(a.db, userId, ids[key]!);
      expect(detail).toEqual(toOfficialDetail(row!, new Date()));
    }
    const missing = await api(a, token)(
      'GET',
      '/api/official-matches/00000000-0000-4000-8000-000000000000',
    );
    expect(missing.statusCode).toBe(404);
  });

  it('serves an import at once on every instance, whoever imported it', async () => {
    const token = await userWithRole(a, 'import-cache@example.se', 'user');
    const result = (t: TestApp) =>
      api(t, token)('GET', `/api/official-matches/${ids['fx-live']}`).then(
        (r) => r.json() as { home_score: number | null; status: string },
      );
    const list = (t: TestApp) =>
      api(t, token)('GET', listAroundNow()).then(
        (r) => byId(r.json() as OfficialMatchSummary[])[ids['fx-live']!]!,
      );
    // Both instances have the match cached as live, without a result.
    for (const t of [a, b]) {
      expect(await result(t)).toMatchObject({ status: 'live', home_score: null });
      expect((await list(t)).status).toBe('live');
    }
    const season = fixtureSeason();
    const played = season.matches!.find((m) => m.external_id === 'fx-played')!;
    // The import runs outside both apps (as the CLI does).
    await importDoc(a, {
      format: 'speedway-official/1',
      matches: [
        {
          ...season.matches!.find((m) => m.external_id === 'fx-live')!,
          result: played.result,
        },
      ],
    });
    for (const t of [a, b]) {
      expect(await result(t)).toMatchObject({
        status: 'completed',
        home_score: expect.any(Number),
      });
      expect((await list(t)).status).toBe('completed');
    }
  });

  it('compresses for clients that accept it, the same JSON as uncompressed', async () => {
    const token = await userWithRole(a, 'komprimerad@example.se', 'user');
    const plain = await api(a, token)('GET', listAroundNow());
    for (const [encoding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      for (let i = 0; i < 2; i++) {
        const res = await a.request({
          method: 'GET',
          url: listAroundNow(),
          token,
          headers: { 'accept-encoding': `${encoding}, deflate` },
        });
        expect(res.headers['content-encoding']).toBe(encoding);
        expect(res.headers.vary).toMatch(/accept-encoding/i);
        expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
        expect(JSON.parse(decode(res.rawPayload).toString('utf8'))).toEqual(plain.json());
      }
    }
    // Other JSON above 1 KiB is compressed too (here the sessions list of a busy account).
    for (let i = 0; i < 8; i++) await userWithRole(a, 'komprimerad@example.se', 'user');
    const sessions = await a.request({
      method: 'GET',
      url: '/api/account/sessions',
      token,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(sessions.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(sessions.rawPayload).toString('utf8'))).toHaveLength(9);
  });

  it('turns a match live when its start passes, without an import', async () => {
    const token = await userWithRole(a, 'start-cache@example.se', 'user');
    const start = new Date(Date.now() + 1500).toISOString();
    await importDoc(a, {
      format: 'speedway-official/1',
      matches: [{ external_id: 'fx-snart', start, home: 'hemma', away: 'borta' }],
    });
    const status = async () => {
      const list = (await api(a, token)('GET', listAroundNow())).json() as Array<
        OfficialMatchSummary & { external_id: string }
      >;
      return list.find((m) => m.external_id === 'fx-snart')!.status;
    };
    expect(await status()).toBe('upcoming');
    await new Promise((r) => setTimeout(r, 1700));
    expect(await status()).toBe('live');
  });
});
