import type { Match } from '@speedway/contracts';
import type { Heat } from '@speedway/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fixtureSeason,
  importDoc,
  kumlaVastervik,
  officialIds,
  userWithRole,
} from './official-data';
import { api, getProtocol, registerHeat, startProtocol } from './protocol-api';
import { createTestApp, startSecondInstance, type TestApp } from './test-app';

// Each instance judges a heat save against the protocol as it last wrote it (ADR 008). These
// tests change the protocol behind its back, from the other instance, and check that nothing it
// keeps in memory ever wins over what PostgreSQL holds.
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

function results(heat: Pick<Heat, 'riders'>, positions: number[]) {
  return (['1', '2', '3', '4'] as const).map((lane, i) => ({
    rider_id: heat.riders[lane]!.rider_id,
    position: positions[i]!,
    status: 'completed',
  }));
}

async function save(t: TestApp, token: string, match: Match, n: number, positions: number[]) {
  const heat = match.heats.find((h) => h.heat_number === n)!;
  return api(t, token)('POST', `/api/matches/${match.id}/heat/${n}/save`, {
    results: results(heat, positions),
  });
}

async function protocol(label: string) {
  const token = await userWithRole(a, `${label}@example.se`, 'user');
  return { token, match: await startProtocol(a, token, ids['fx-upcoming']!) };
}

describe('heat saves judged against an instance’s own copy', () => {
  it('keep every heat saved on the other instance in between, and the score of all of them', async () => {
    const { token, match } = await protocol('cache-tva');
    // a saves heat 1 (and keeps the protocol), b saves heat 2, a saves heat 1 again and heat 3.
    expect((await save(a, token, match, 1, [1, 2, 3, 4])).statusCode).toBe(200);
    expect((await save(b, token, match, 2, [4, 3, 2, 1])).statusCode).toBe(200);
    expect((await save(a, token, match, 1, [2, 1, 4, 3])).statusCode).toBe(200);
    expect((await save(a, token, match, 3, [1, 2, 3, 4])).statusCode).toBe(200);

    const stored = await getProtocol(b, token, match.id);
    const positions = (n: number) =>
      stored.heats.find((h) => h.heat_number === n)!.results.map((r) => r.position);
    expect([positions(1), positions(2), positions(3)]).toEqual([
      [2, 1, 4, 3],
      [4, 3, 2, 1],
      [1, 2, 3, 4],
    ]);
    expect(stored.completed_heats).toBe(3);
    const points = stored.heats.flatMap((h) =>
      h.results.map((r) => ({
        r,
        team: Object.values(h.riders).find((x) => x?.rider_id === r.rider_id)!.team,
      })),
    );
    const sum = (team: string) =>
      points.filter((p) => p.team === team).reduce((s, p) => s + p.r.points, 0);
    expect([stored.home_score, stored.away_score]).toEqual([sum('home'), sum('away')]);
  });

  it('answer 404 once the protocol was deleted on the other instance', async () => {
    const { token, match } = await protocol('cache-raderad');
    expect((await save(a, token, match, 1, [1, 2, 3, 4])).statusCode).toBe(200);
    expect((await api(b, token)('DELETE', `/api/matches/${match.id}`)).statusCode).toBe(200);
    const res = await save(a, token, match, 2, [1, 2, 3, 4]);
    expect(res.statusCode).toBe(404);
  });

  it('never let another user save into a protocol this instance holds', async () => {
    const { token, match } = await protocol('cache-agare');
    expect((await save(a, token, match, 1, [1, 2, 3, 4])).statusCode).toBe(200);
    const stranger = await userWithRole(a, 'cache-framling@example.se', 'user');
    expect((await save(a, stranger, match, 2, [1, 2, 3, 4])).statusCode).toBe(404);
    expect((await getProtocol(a, token, match.id)).completed_heats).toBe(1);
  });
});

describe('a real match replayed with its heats alternating between the two instances', () => {
  it('ends with the official result, nominations included', async () => {
    const doc = kumlaVastervik();
    await importDoc(a, doc);
    const official = doc.matches[0]!;
    const token = await userWithRole(a, 'cache-replay@example.se', 'user');
    const list = (
      await api(a, token)('GET', `/api/official-matches?season=${official.season}`)
    ).json() as {
      id: string;
      external_id: string;
    }[];
    const officialId = list.find((m) => m.external_id === official.external_id)!.id;
    let match = await startProtocol(a, token, officialId);
    const running: Record<string, string> = {};
    for (const heat of official.result.heats) {
      // Two heats on one instance, then two on the other: both the copy and the misses are used.
      const step = await registerHeat(heat.heat % 4 < 2 ? a : b, token, match, heat);
      match = step.match;
      running[String(heat.heat)] = `${step.saved.home_score}-${step.saved.away_score}`;
    }
    expect(running).toEqual(doc.expected.running_score_after_heat);
    const stored = await getProtocol(b, token, match.id);
    expect([stored.home_score, stored.away_score]).toEqual([
      official.result.home_score,
      official.result.away_score,
    ]);
  });
});

describe('the read after a save, answered from the save (ADR 025)', () => {
  // Equal as JSON, not byte for byte: PostgreSQL's jsonb orders an object's keys its own way.
  it('is what the other instance reads from PostgreSQL, also after a save there', async () => {
    const { token, match } = await protocol('las-efter-sparning');
    const read = (t: TestApp) =>
      t.request({ method: 'GET', url: `/api/matches/${match.id}`, token }).then((res) => {
        expect(res.statusCode, res.body).toBe(200);
        return res.body;
      });
    // a saves and answers its next read from the save; b has no copy and reads the database.
    expect((await save(a, token, match, 1, [1, 2, 3, 4])).statusCode).toBe(200);
    const [textA, textB] = [await read(a), await read(b)];
    const fromSave = JSON.parse(textA);
    expect(fromSave).toEqual(JSON.parse(textB));
    expect(fromSave.completed_heats).toBe(1);
    // The sign that a answered from the save and read nothing: its text keeps the engine's key
    // order in a heat's results, where a read of the database has jsonb's.
    expect(textA).not.toBe(textB);
    // A save on b moves the revision: a's next read is of the new one, never the text it primed.
    expect((await save(b, token, match, 2, [4, 3, 2, 1])).statusCode).toBe(200);
    expect((await save(a, token, match, 3, [2, 1, 4, 3])).statusCode).toBe(200);
    const third = JSON.parse(await read(a));
    expect(third.completed_heats).toBe(3);
    expect(third).toEqual(JSON.parse(await read(b)));
  });
});
