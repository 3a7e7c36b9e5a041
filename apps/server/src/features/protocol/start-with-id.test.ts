import { randomUUID } from 'node:crypto';
import type { Match } from '@speedway/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureSeason, importDoc, officialIds, userWithRole } from '../../../test/official-data';
import { api, getProtocol, startProtocol } from '../../../test/protocol-api';
import { results, send } from '../../../test/replayed-writes';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { expectErrorShape } from '../../../test/users';

// ADR 019: a protocol started offline is created on the server under the id the device chose,
// exactly once, however often the outbox sends its start; one unfinished protocol per official
// match and user stays true.
let t: TestApp;
let ids: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  await importDoc(t, fixtureSeason());
  ids = await officialIds(t);
});
afterAll(() => t.close());

let users = 0;
const newUser = () => userWithRole(t, `start-id-${++users}@example.se`, 'user');
const START = '/api/matches/from-official';

function start(token: string, body: object, key?: string) {
  return send(t, token, 'POST', START, body, key);
}

describe('POST /api/matches/from-official with the id the device chose', () => {
  it('creates the protocol under that id, so heats queued under it are saved to it', async () => {
    const token = await newUser();
    const id = randomUUID();
    const res = await start(token, { official_match_id: ids['fx-upcoming'], id });
    expect(res.statusCode, res.body).toBe(201);
    const match = res.json() as Match;
    expect(match.id).toBe(id);
    const heat = await send(t, token, 'POST', `/api/matches/${id}/heat/1/save`, {
      results: results(match.heats[0]!, [1, 2, 3, 4]),
    });
    expect(heat.statusCode, heat.body).toBe(200);
    expect((await getProtocol(t, token, id)).completed_heats).toBe(1);
  });

  it('answers a replay with the same key from the store: one protocol, written once', async () => {
    const token = await newUser();
    const body = { official_match_id: ids['fx-upcoming'], id: randomUUID() };
    const first = await start(token, body, 'start-offline-1');
    expect(first.statusCode, first.body).toBe(201);
    const again = await start(token, body, 'start-offline-1');
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    // The same key with another id is another payload.
    const other = await start(token, { ...body, id: randomUUID() }, 'start-offline-1');
    expect(other.statusCode).toBe(422);
    expectErrorShape(other.json(), 422, 'IDEMPOTENCY_KEY_REUSED');
    expect((await api(t, token)('GET', '/api/matches')).json()).toHaveLength(1);
  });

  it('gives back the same protocol when the start is sent again without its key', async () => {
    const token = await newUser();
    const body = { official_match_id: ids['fx-upcoming'], id: randomUUID() };
    expect((await start(token, body, 'start-offline-2')).statusCode).toBe(201);
    const repeat = await start(token, body);
    expect(repeat.statusCode).toBe(200);
    expect((repeat.json() as Match).id).toBe(body.id);
    expect((await api(t, token)('GET', '/api/matches')).json()).toHaveLength(1);
  });

  it('opens the unfinished protocol started elsewhere instead of a second under the new id', async () => {
    const token = await newUser();
    const existing = await startProtocol(t, token, ids['fx-upcoming']!);
    const res = await start(token, { official_match_id: ids['fx-upcoming'], id: randomUUID() });
    expect(res.statusCode).toBe(200);
    expect((res.json() as Match).id).toBe(existing.id);
    expect((await api(t, token)('GET', '/api/matches')).json()).toHaveLength(1);
  });

  it("never takes over another protocol's id (409 PROTOCOL_ID_TAKEN), nothing written", async () => {
    const owner = await newUser();
    const theirs = await startProtocol(t, owner, ids['fx-upcoming']!);
    const token = await newUser();
    const taken = await start(token, { official_match_id: ids['fx-live'], id: theirs.id }, 'k-1');
    expect(taken.statusCode).toBe(409);
    expectErrorShape(taken.json(), 409, 'PROTOCOL_ID_TAKEN');
    expect((await api(t, token)('GET', '/api/matches')).json()).toHaveLength(0);
    expect((await getProtocol(t, owner, theirs.id)).official_match_id).toBe(ids['fx-upcoming']);
  });

  it('refuses an id that is not a UUID (400)', async () => {
    const token = await newUser();
    const res = await start(token, { official_match_id: ids['fx-upcoming'], id: 'p1' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('Ogiltigt id för protokollet.');
  });
});
