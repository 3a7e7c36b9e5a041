import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeMatch } from '@/testing/protocol-data';
import {
  closeOfflineDb,
  getEntry,
  listEntries,
  readQueries,
  updateEntry,
  writeQueries,
} from './db';
import {
  discard,
  discardAll,
  enqueue,
  keepMine,
  retry,
  sendNow,
  setOutboxReplayer,
} from './outbox';
import { runReplay } from './replay';
import { STORAGE_FULL_MESSAGE, StorageFullError } from './storage-full';
import { heatEntry, heatPath } from './testing/entries';
import { fakeServer, freshIndexedDb, refusal } from './testing/fake-server';

const A = 'user-a';
const M1 = 'match-1';
const path = (n: number) => heatPath(M1, n);
const heat = (n: number) => heatEntry(A, M1, n);

let runs: Promise<unknown>[] = [];

/** A persisted cache row: what a full disk gives up first. */
function cacheSomething() {
  return writeQueries({
    userId: A,
    buster: '1',
    savedAt: 0,
    state: { queries: [], mutations: [] },
  });
}

const quotaExceeded = () => {
  throw new DOMException('Full', 'QuotaExceededError');
};

beforeEach(async () => {
  await freshIndexedDb();
  runs = [];
  setOutboxReplayer((userId) => {
    runs.push(runReplay({ userId, token: 'tok-a', locks: null, wake: true }));
  });
});

afterEach(async () => {
  await Promise.allSettled(runs);
  await closeOfflineDb();
});

describe('enqueue', () => {
  it('stores the change with a fresh key before anything is sent, and starts the runner', async () => {
    const server = fakeServer();
    server.setDelay(30);
    const entry = await enqueue(heat(1), 1_000);
    expect(entry).toMatchObject({
      seq: expect.any(Number),
      state: 'queued',
      attempts: 0,
      createdAt: 1_000,
    });
    expect(entry.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(await getEntry(entry.seq)).toEqual(entry);
    expect(runs).toHaveLength(1);
    const second = await enqueue(heat(2));
    expect(second.seq).toBeGreaterThan(entry.seq);
    expect(second.key).not.toBe(entry.key);
  });

  it('on a full disk drops the cached queries and stores the change on the second try', async () => {
    fakeServer();
    await cacheSomething();
    const add = vi.spyOn(IDBObjectStore.prototype, 'add');
    add.mockImplementationOnce(quotaExceeded);
    const entry = await enqueue(heat(1));
    expect(await readQueries(A)).toBeUndefined();
    expect(await getEntry(entry.seq)).toBeDefined();
  });

  it('throws StorageFullError with the text when even that is not enough', async () => {
    fakeServer();
    await cacheSomething();
    vi.spyOn(IDBObjectStore.prototype, 'add').mockImplementation(quotaExceeded);
    const error = await enqueue(heat(1)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(StorageFullError);
    expect((error as Error).message).toBe(STORAGE_FULL_MESSAGE);
    expect(STORAGE_FULL_MESSAGE).toBe(
      'Lagringen på enheten är full – ändringen kunde inte sparas. Frigör utrymme och försök igen.',
    );
    expect(await readQueries(A)).toBeUndefined();
    vi.restoreAllMocks();
    expect(await listEntries(A)).toEqual([]);
  });
});

describe('sendNow', () => {
  it("answers 'sent' with the server's reply", async () => {
    const server = fakeServer();
    server.script(path(1), { json: { heat: { heat_number: 1 } } });
    const entry = await enqueue(heat(1));
    await expect(sendNow(entry.seq)).resolves.toEqual({
      status: 'sent',
      reply: { heat: { heat_number: 1 } },
    });
    expect(await listEntries(A)).toEqual([]);
  });

  it('on a refusal removes the entry and gives the server message (the dialog stays open)', async () => {
    const server = fakeServer();
    server.script(path(1), refusal(409, 'HEAT_LOCKED', 'Fyll i heat 1 först.'));
    server.serve(`/api/matches/${M1}`, makeMatch());
    const entry = await enqueue(heat(1));
    await expect(sendNow(entry.seq)).resolves.toEqual({
      status: 'refused',
      error: { status: 409, code: 'HEAT_LOCKED', message: 'Fyll i heat 1 först.' },
    });
    expect(await listEntries(A)).toEqual([]);
  });

  it("answers 'pending' and keeps the entry when the server cannot be reached", async () => {
    const server = fakeServer();
    server.script(path(1), 'network');
    const entry = await enqueue(heat(1));
    await expect(sendNow(entry.seq)).resolves.toEqual({ status: 'pending' });
    expect(await getEntry(entry.seq)).toMatchObject({ state: 'queued', lastError: { status: 0 } });
  });

  it("answers 'pending' at once offline, without a request", async () => {
    const server = fakeServer();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const entry = await enqueue(heat(1));
    await expect(sendNow(entry.seq, 5_000)).resolves.toEqual({ status: 'pending' });
    await Promise.allSettled(runs);
    expect(server.requests).toEqual([]);
  });

  it("answers 'pending' at once behind a change that waits out server trouble", async () => {
    const server = fakeServer();
    server.script(path(1), { status: 503, json: {}, headers: { 'retry-after': '60' } });
    await enqueue(heat(1));
    await Promise.allSettled(runs);
    const second = await enqueue(heat(2));
    const started = Date.now();
    await expect(sendNow(second.seq, 5_000)).resolves.toEqual({ status: 'pending' });
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(server.requests).toHaveLength(1);
  });

  it('leaves Background Sync to what is left: not an online change the page sends, but one left pending or made offline', async () => {
    const register = vi.fn(() => Promise.resolve());
    const ready = Promise.resolve({ sync: { register } });
    let online = true;
    // jsdom has no service worker: a navigator with one, and a network that can go.
    vi.stubGlobal(
      'navigator',
      Object.create(navigator, {
        serviceWorker: { value: { ready } },
        onLine: { get: () => online },
      }),
    );
    const server = fakeServer();
    const sent = await enqueue(heat(1));
    await expect(sendNow(sent.seq)).resolves.toMatchObject({ status: 'sent' });
    await ready;
    expect(register).not.toHaveBeenCalled();

    server.script(path(2), 'network');
    const left = await enqueue(heat(2));
    await expect(sendNow(left.seq)).resolves.toEqual({ status: 'pending' });
    await vi.waitFor(() => expect(register).toHaveBeenCalledWith('speedway-outbox'));

    register.mockClear();
    online = false;
    await enqueue(heat(3));
    await vi.waitFor(() => expect(register).toHaveBeenCalledWith('speedway-outbox'));
  });

  it('counts the wait from the moment the change leaves: a device slow to send it still gets the answer', async () => {
    fakeServer({ delayMs: 10 });
    // The device takes 150 ms to get the change out (a weak phone, a loaded runner); the server
    // answers within the 60 ms the caller waits for it.
    setOutboxReplayer((userId) => {
      runs.push(
        new Promise((resolve) => setTimeout(resolve, 150)).then(() =>
          runReplay({ userId, token: 'tok-a', locks: null, wake: true }),
        ),
      );
    });
    const entry = await enqueue(heat(1));
    await expect(sendNow(entry.seq, 60)).resolves.toMatchObject({ status: 'sent' });
  });

  it('waits no longer than asked; the entry is sent all the same', async () => {
    const server = fakeServer();
    // The server answers only once the wait has given up: no race of two timers on a busy machine.
    const release = server.hold();
    const entry = await enqueue(heat(1));
    await expect(sendNow(entry.seq, 20)).resolves.toEqual({ status: 'pending' });
    release();
    await Promise.allSettled(runs);
    expect(server.writes).toHaveLength(1);
    expect(await listEntries(A)).toEqual([]);
  });
});

describe("the user's choices", () => {
  async function blocked(state: 'conflict' | 'failed') {
    const first = await enqueue(heat(1));
    const second = await enqueue(heat(2));
    await Promise.allSettled(runs);
    await updateEntry(first.seq, (e) => ({
      ...e,
      state,
      lastError: { status: 412, message: 'x' },
    }));
    return { first, second };
  }

  it("'Behåll min version': same place, new key, the server's tag as base, sent again", async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const server = fakeServer();
    const { first } = await blocked('conflict');
    vi.restoreAllMocks();
    const kept = await keepMine(first.seq, { base: 'server-tag', expect: 'mine-again' });
    expect(kept).toMatchObject({
      seq: first.seq,
      state: 'queued',
      base: 'server-tag',
      attempts: 0,
    });
    expect(kept?.key).not.toBe(first.key);
    await Promise.allSettled(runs);
    expect(server.writes.map((w) => [w.path, w.key, w.ifMatch])).toEqual([
      [path(1), kept?.key, '"server-tag"'],
      [path(2), expect.any(String), '"base-2"'],
    ]);
  });

  it("'Försök igen' on a failed entry sends it with a new key", async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const server = fakeServer();
    const { first } = await blocked('failed');
    vi.restoreAllMocks();
    expect(await keepMine(first.seq, { base: 'b', expect: 'e' })).toBeUndefined();
    const again = await retry(first.seq);
    expect(again?.key).not.toBe(first.key);
    await Promise.allSettled(runs);
    expect(server.writes.map((w) => w.key)).toEqual([again?.key, expect.any(String)]);
  });

  it("'Använd serverns version' deletes the entry and unblocks the protocol", async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const server = fakeServer();
    const { first, second } = await blocked('conflict');
    vi.restoreAllMocks();
    await discard(first.seq);
    await Promise.allSettled(runs);
    expect(server.writes.map((w) => w.key)).toEqual([second.key]);
    expect(await listEntries(A)).toEqual([]);
  });

  it("'Radera ändringarna och logga ut' deletes this user's entries only", async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    fakeServer();
    await enqueue(heat(1));
    await enqueue(heatEntry('user-b', M1, 1));
    await discardAll(A);
    expect(await listEntries(A)).toEqual([]);
    expect(await listEntries('user-b')).toHaveLength(1);
  });
});
