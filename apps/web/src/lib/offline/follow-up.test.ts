import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeOfflineDb, deleteEntry, listEntries, newEntry } from './db';
import { enqueue, type NewOutboxEntry } from './outbox';
import { runReplay } from './replay';
import { fakeServer, freshIndexedDb, refusal } from './testing/fake-server';

// An entry's follow-up (`then`): 'Spara protokoll' is the save, then the spec's confirm.

const A = 'user-a';
const M1 = 'match-1';
const SAVE = `/api/matches/${M1}/save`;
const CONFIRM = `/api/matches/${M1}/confirm`;

const saveThenConfirm: NewOutboxEntry = {
  userId: A,
  matchId: M1,
  kind: 'save-protocol',
  method: 'POST',
  path: SAVE,
  body: {},
  base: 'tag-1',
  expect: 'tag-1',
  then: { kind: 'confirm', method: 'PUT', path: CONFIRM, body: {} },
};

const run = () => runReplay({ userId: A, token: 'tok-a', locks: null });

beforeEach(freshIndexedDb);
afterEach(closeOfflineDb);

describe('outbox: a change that follows another', () => {
  it('is sent once the first is through, after it, on its tags, with a key of its own', async () => {
    const server = fakeServer();
    const save = await enqueue(saveThenConfirm);

    const result = await run();

    expect(result.sent).toBe(2);
    expect(server.writes.map((w) => [w.method, w.path])).toEqual([
      ['POST', SAVE],
      ['PUT', CONFIRM],
    ]);
    const [, confirm] = server.writes;
    expect(confirm).toMatchObject({ ifMatch: '"tag-1"', body: {} });
    expect(confirm?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(confirm?.key).not.toBe(save.key);
    expect(await listEntries(A)).toEqual([]);
  });

  it('does not exist while the first waits for the network', async () => {
    const server = fakeServer();
    server.script(SAVE, 'network');
    await enqueue(saveThenConfirm);
    await run();
    expect(server.requests.map((r) => r.path)).toEqual([SAVE]);
    const left = await listEntries(A);
    expect(left.map((e) => e.kind)).toEqual(['save-protocol']);
    expect(left[0]?.then).toEqual(saveThenConfirm.then);
  });

  it('is not sent when the first is refused', async () => {
    const server = fakeServer();
    server.script(SAVE, refusal(403, 'FORBIDDEN'));
    await enqueue(saveThenConfirm);
    await run();
    expect(server.requests.map((r) => r.path)).toEqual([SAVE]);
    expect((await listEntries(A)).map((e) => [e.kind, e.state])).toEqual([
      ['save-protocol', 'failed'],
    ]);
  });

  it('is put in once, by the one who removes the first (two runners, or a replay after a crash)', async () => {
    const save = await enqueue(saveThenConfirm);
    const next = newEntry(
      { ...saveThenConfirm.then!, userId: A, matchId: M1, base: '', expect: '' },
      0,
    );
    expect(await deleteEntry(save.seq, save.key, next)).toBe(true);
    expect(await deleteEntry(save.seq, save.key, next)).toBe(false);
    const left = await listEntries(A);
    expect(left.map((e) => e.kind)).toEqual(['confirm']);
    expect(left[0]!.seq).toBeGreaterThan(save.seq);
  });
});
