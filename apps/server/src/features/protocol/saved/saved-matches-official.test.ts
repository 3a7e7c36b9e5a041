import type { SavedMatch, SaveProtocolResponse } from '@speedway/contracts';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userMatches } from '../../../db/schema/index';
import {
  fixtureSeason,
  heat15Changed,
  heat2TeammatesSwapped,
  importDoc,
  officialIds,
  resultDoc,
  syntheticKlassisk,
  userWithRole,
} from '../../../../test/official-data';
import { api, completeProtocol } from '../../../../test/protocol-api';
import { createTestApp, type TestApp } from '../../../../test/test-app';

// Saved protocols against official results that arrive, change or go after saving; resolutions;
// saves at the same time as each other and as an import.

let t: TestApp;
let ids: Record<string, string>;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  await importDoc(t, fixtureSeason());
  ids = await officialIds(t);
  admin = await userWithRole(t, 'admin@example.se', 'super_admin');
});
afterAll(() => t.close());

const official = syntheticKlassisk().matches[0]!.result;

async function savedCopy(label: string, externalId: string, heats = official.heats) {
  const token = await userWithRole(t, `${label}@example.se`, 'user');
  const match = await completeProtocol(t, token, ids[externalId]!, heats);
  const res = await api(t, token)('POST', `/api/matches/${match.id}/save`);
  expect(res.statusCode, res.body).toBe(201);
  const saved = res.json() as SaveProtocolResponse;
  const call = api(t, token);
  const read = async () => {
    const detail = await call('GET', `/api/user/matches/${saved.id}`);
    expect(detail.statusCode, detail.body).toBe(200);
    return detail.json() as SavedMatch;
  };
  const resolve = (action: string) =>
    call('PUT', `/api/user/matches/${saved.id}/resolve`, { action });
  return { token, match, saved, call, read, resolve };
}

describe('an official result that arrives after saving', () => {
  it('is compared with every saved copy of the match in the import: complete → validated / disputed → complete', async () => {
    const same = await savedCopy('sen-lika', 'fx-upcoming');
    const other = await savedCopy('sen-olika', 'fx-upcoming', heat15Changed(official).heats);
    expect([same.saved.status, other.saved.status]).toEqual(['complete', 'complete']);

    // Through the super_admin import API, as an operator would.
    const imported = await api(t, admin)(
      'POST',
      '/api/official-matches/import',
      resultDoc('fx-upcoming', official),
    );
    expect(imported.statusCode, imported.body).toBe(200);
    expect(await same.read()).toMatchObject({
      status: 'validated',
      official_results: { home_score: 46, away_score: 44 },
      discrepancies: [],
      heat_discrepancies: [],
    });
    const disputed = await other.read();
    expect(disputed.status).toBe('disputed');
    expect(disputed.discrepancies).toEqual([
      { type: 'home_score', user_value: 47, official_value: 46 },
      { type: 'away_score', user_value: 43, official_value: 44 },
    ]);
    expect(disputed.heat_discrepancies.map((h) => h.heat_number)).toEqual([15]);
    const list = (await other.call('GET', '/api/user/matches')).json();
    expect(list[0]).toMatchObject({
      status: 'disputed',
      official_results: { home_score: 46, away_score: 44 },
    });

    // A corrected result turns the tables; a withdrawn one leaves nothing to compare with.
    await importDoc(t, resultDoc('fx-upcoming', heat15Changed(official)));
    expect((await same.read()).status).toBe('disputed');
    expect(await other.read()).toMatchObject({ status: 'validated', discrepancies: [] });
    await importDoc(t, resultDoc('fx-upcoming', null));
    for (const copy of [same, other]) {
      expect(await copy.read()).toMatchObject({
        status: 'complete',
        official_results: null,
        discrepancies: [],
        heat_discrepancies: [],
      });
    }
  });

  it('published as totals only: the totals are compared, heats are not', async () => {
    const equal = await savedCopy('totalt-lika', 'fx-live');
    await importDoc(t, resultDoc('fx-live', { home_score: 46, away_score: 44 }));
    expect(await equal.read()).toMatchObject({
      status: 'validated',
      official_results: { home_score: 46, away_score: 44, heats: null },
      heat_discrepancies: [],
    });
    await importDoc(t, resultDoc('fx-live', { home_score: 45, away_score: 45 }));
    const differs = await equal.read();
    expect(differs).toMatchObject({ status: 'disputed', heat_discrepancies: [] });
    expect(differs.discrepancies).toHaveLength(2);

    // Accepting takes the official totals; the protocol's heats stay (there are no others).
    const accepted = await equal.resolve('accept_official');
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({
      status: 'validated',
      resolution: 'accept_official',
      user_results: { home_score: 45, away_score: 45 },
      discrepancies: [],
    });
    expect((accepted.json() as SavedMatch).user_results.heats).toEqual(equal.match.heats);
  });
});

describe('PUT /api/user/matches/{id}/resolve', () => {
  beforeAll(async () => {
    await importDoc(t, resultDoc('fx-undated', official));
  });

  it('keep_user: validated with the own points, and it stays so (reads, re-import, re-save)', async () => {
    const copy = await savedCopy('behaller', 'fx-undated', heat15Changed(official).heats);
    expect(copy.saved.status).toBe('disputed');
    const res = await copy.resolve('keep_user');
    expect(res.statusCode, res.body).toBe(200);
    const kept = res.json() as SavedMatch;
    expect(kept).toMatchObject({
      status: 'validated',
      resolution: 'keep_user',
      user_results: { home_score: 47, away_score: 43 },
      official_results: { home_score: 46, away_score: 44 },
      discrepancies: [],
      heat_discrepancies: [],
    });
    expect(kept.resolved_at).toEqual(expect.any(String));
    expect(await copy.read()).toEqual(kept);
    expect((await copy.call('GET', '/api/user/matches')).json()[0]).toMatchObject({
      status: 'validated',
      resolution: 'keep_user',
    });

    // The same official result again, and saving the protocol again, change nothing.
    await importDoc(t, resultDoc('fx-undated', official));
    const resaved = await copy.call('POST', `/api/matches/${copy.match.id}/save`);
    expect(resaved.json()).toMatchObject({ status: 'validated', resolution: 'keep_user' });
    expect(await copy.read()).toMatchObject({ status: 'validated', resolution: 'keep_user' });

    // A changed official result is a new question: the answer lapses and the points are compared.
    await importDoc(t, resultDoc('fx-undated', heat2TeammatesSwapped(official)));
    const lapsed = await copy.read();
    expect(lapsed).toMatchObject({
      status: 'disputed',
      resolution: null,
      resolved_at: null,
      user_results: { home_score: 47, away_score: 43 },
    });
    expect(lapsed.heat_discrepancies.map((h) => h.heat_number)).toEqual([2, 15]);
    await importDoc(t, resultDoc('fx-undated', official));
  });

  it("accept_official: the official points and heats become the user's; the choice can be changed", async () => {
    const copy = await savedCopy('accepterar', 'fx-undated', heat15Changed(official).heats);
    const res = await copy.resolve('accept_official');
    expect(res.statusCode, res.body).toBe(200);
    const accepted = res.json() as SavedMatch;
    expect(accepted).toMatchObject({
      status: 'validated',
      resolution: 'accept_official',
      user_results: { home_score: 46, away_score: 44 },
      discrepancies: [],
      heat_discrepancies: [],
    });
    expect(accepted.user_results.heats).toEqual(accepted.official_results!.heats);
    expect(accepted.statistics.home.totals.points).toBe(46);
    expect(accepted.statistics.away.totals.points).toBe(44);
    expect(await copy.read()).toEqual(accepted);
    await importDoc(t, resultDoc('fx-undated', official));
    expect((await copy.read()).user_results).toEqual(accepted.user_results);

    // The protocol itself is untouched; keep_user brings its points back.
    const kept = (await copy.resolve('keep_user')).json() as SavedMatch;
    expect(kept).toMatchObject({ resolution: 'keep_user', status: 'validated' });
    expect(kept.user_results).toMatchObject({ home_score: 47, away_score: 43 });
    expect(kept.user_results.heats).toEqual(copy.match.heats);
    // Answering twice is harmless (a double click).
    expect((await copy.resolve('keep_user')).statusCode).toBe(200);

    // Accepted again, then the official result changes: the answer lapses, and the import's
    // comparison writes the copy's own heats back in place of the official ones it had taken.
    expect((await copy.resolve('accept_official')).statusCode).toBe(200);
    await importDoc(t, resultDoc('fx-undated', heat2TeammatesSwapped(official)));
    const lapsed = await copy.read();
    expect(lapsed.resolution ?? null).toBeNull();
    expect(lapsed.user_results.heats).toEqual(copy.match.heats);
    await importDoc(t, resultDoc('fx-undated', official));
  });
});

describe('saves at the same time', () => {
  const copies = async (matchId: string) => {
    const [row] = await t.db
      .select({ n: count() })
      .from(userMatches)
      .where(eq(userMatches.matchId, matchId));
    return row!.n;
  };

  it('two or more saves of one protocol store one copy (one 201, the others 200)', async () => {
    const token = await userWithRole(t, 'dubbelspar@example.se', 'user');
    const match = await completeProtocol(t, token, ids['fx-played']!, official.heats);
    const call = api(t, token);
    const responses = await Promise.all(
      Array.from({ length: 4 }, () => call('POST', `/api/matches/${match.id}/save`)),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 201]);
    expect(new Set(responses.map((r) => r.json().user_match_id)).size).toBe(1);
    expect(await copies(match.id)).toBe(1);
    expect((await call('GET', '/api/user/matches')).json()).toHaveLength(1);
  });

  it('a save during an import ends compared with the result the import stored', async () => {
    const variants = [heat15Changed(official), official, heat2TeammatesSwapped(official)];
    for (const [round, result] of variants.entries()) {
      const token = await userWithRole(t, `under-import-${round}@example.se`, 'user');
      const match = await completeProtocol(t, token, ids['fx-played']!, official.heats);
      const call = api(t, token);
      const [saved] = await Promise.all([
        call('POST', `/api/matches/${match.id}/save`),
        importDoc(t, resultDoc('fx-played', result)),
      ]);
      expect(saved!.statusCode, saved!.body).toBe(201);
      const detail = (
        await call('GET', `/api/user/matches/${saved!.json().user_match_id}`)
      ).json() as SavedMatch;
      expect(detail.official_results).toMatchObject({
        home_score: result.home_score,
        away_score: result.away_score,
      });
      // Only a different final score is a discrepancy; swapped teammates are a heat difference.
      const sameTotals =
        result.home_score === official.home_score && result.away_score === official.away_score;
      expect(detail.status, `round ${round}`).toBe(sameTotals ? 'validated' : 'disputed');
      expect(detail.heat_discrepancies.length > 0, `round ${round}`).toBe(result !== official);
      expect(await copies(match.id)).toBe(1);
    }
  });
});
