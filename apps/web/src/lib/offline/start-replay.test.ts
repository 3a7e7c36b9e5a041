import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeMatch } from '@/testing/protocol-data';
import { closeOfflineDb, listEntries, type OutboxEntry } from './db';
import { enqueue, type NewOutboxEntry } from './outbox';
import { runReplay } from './replay';
import { heatEntry, heatPath } from './testing/entries';
import { fakeServer, freshIndexedDb, refusal } from './testing/fake-server';

// ADR 019: a protocol started on the device is one more entry of its protocol, the first: the
// outbox sends it once (its key), then the heats queued behind it, under the id the device chose
// or, when the server answers with the protocol the user already had, under that one.

const A = 'user-a';
const DEVICE_ID = '7d4c2a10-0b1e-4e55-9f77-3c2b1a0d9e01';
const SERVER_ID = '1f0e9d8c-7b6a-4f5e-8d4c-3b2a1f0e9d8c';
const OFFICIAL_ID = '99999999-9999-4999-8999-999999999999';
const START = '/api/matches/from-official';

function startEntry(matchId = DEVICE_ID): NewOutboxEntry {
  return {
    userId: A,
    matchId,
    kind: 'start-protocol',
    method: 'POST',
    path: START,
    body: { official_match_id: OFFICIAL_ID, id: matchId },
    base: '',
    expect: matchId,
  };
}

async function queue(...entries: NewOutboxEntry[]): Promise<OutboxEntry[]> {
  const queued: OutboxEntry[] = [];
  for (const entry of entries) queued.push(await enqueue(entry));
  return queued;
}

// The network is back for each pass (a dropped call makes the app think it offline meanwhile).
const run = () =>
  runReplay({ userId: A, token: 'tok-a', locks: null, wake: true, isOnline: () => true });

beforeEach(freshIndexedDb);
afterEach(closeOfflineDb);

describe('a protocol started on the device', () => {
  it('is created first and once, then its heats follow in order under its id', async () => {
    const server = fakeServer();
    server.script(START, 'network', { status: 201, json: makeMatch({ id: DEVICE_ID }) });
    const [start] = await queue(
      startEntry(),
      heatEntry(A, DEVICE_ID, 1),
      heatEntry(A, DEVICE_ID, 2),
    );

    await run(); // The network drops the start: nothing behind it goes.
    expect(server.writes).toEqual([]);
    await run();

    expect(server.writes.map((w) => w.path)).toEqual([
      START,
      heatPath(DEVICE_ID, 1),
      heatPath(DEVICE_ID, 2),
    ]);
    const starts = server.requests.filter((r) => r.path === START);
    expect(starts.map((r) => r.key)).toEqual([start!.key, start!.key]);
    expect(server.writes[0]!.body).toEqual({ official_match_id: OFFICIAL_ID, id: DEVICE_ID });
    expect(await listEntries(A)).toEqual([]);
  });

  it('moves its heats to the protocol the server answered with, keeping their order', async () => {
    const server = fakeServer();
    server.script(START, { status: 200, json: makeMatch({ id: SERVER_ID }) });
    await queue(startEntry(), heatEntry(A, DEVICE_ID, 1), heatEntry(A, DEVICE_ID, 2));

    await run();

    expect(server.writes.map((w) => w.path)).toEqual([
      START,
      heatPath(SERVER_ID, 1),
      heatPath(SERVER_ID, 2),
    ]);
    expect(server.requests.map((r) => r.path)).not.toContain(heatPath(DEVICE_ID, 1));
    expect(await listEntries(A)).toEqual([]);
  });

  it('holds its heats back while the start is refused, until the user chooses', async () => {
    const server = fakeServer();
    server.script(START, refusal(404, 'NOT_FOUND', 'Matchen finns inte.'));
    await queue(startEntry(), heatEntry(A, DEVICE_ID, 1));

    await run();

    expect(server.writes).toEqual([]);
    const left = await listEntries(A);
    expect(left.map((e) => [e.kind, e.state])).toEqual([
      ['start-protocol', 'failed'],
      ['heat', 'queued'],
    ]);
  });
});
