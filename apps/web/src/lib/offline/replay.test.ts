import 'fake-indexeddb/auto';
import { heatTag } from '@speedway/rules';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeMatch } from '@/testing/protocol-data';
import { browserOnline, isOnline, reportReply } from './connectivity';
import {
  closeOfflineDb,
  getEntry,
  listEntries,
  readSession,
  updateEntry,
  writeSession,
  type OutboxEntry,
} from './db';
import { enqueue, type NewOutboxEntry } from './outbox';
import { createReplayer, runReplay, type ReplayOptions } from './replay';
import { heatEntry, heatPath } from './testing/entries';
import { fakeLocks, fakeServer, freshIndexedDb, refusal } from './testing/fake-server';

const A = 'user-a';
const B = 'user-b';
const M1 = 'match-1';
const M2 = 'match-2';

const path = heatPath;
const heat = (matchId: string, n: number, userId = A) => heatEntry(userId, matchId, n);

async function queue(...entries: NewOutboxEntry[]): Promise<OutboxEntry[]> {
  const queued: OutboxEntry[] = [];
  for (const entry of entries) queued.push(await enqueue(entry));
  return queued;
}

const run = (options: Partial<ReplayOptions> = {}) =>
  runReplay({ userId: A, token: 'tok-a', locks: null, ...options });

beforeEach(freshIndexedDb);
afterEach(closeOfflineDb);

describe('outbox replay: order', () => {
  it('sends a protocol strictly by seq on a slow server: the next only after the last is acknowledged', async () => {
    const server = fakeServer({ delayMs: 25 });
    const entries = await queue(heat(M1, 1), heat(M1, 2), heat(M1, 3));

    const result = await run();

    expect(result).toMatchObject({ sent: 3, nextAttemptAt: null });
    expect(server.writes.map((w) => w.path)).toEqual([path(M1, 1), path(M1, 2), path(M1, 3)]);
    expect(server.writes.map((w) => w.key)).toEqual(entries.map((e) => e.key));
    expect(server.maxConcurrent()).toBe(1);
    expect(server.requests).toHaveLength(3);
    expect(await listEntries(A)).toEqual([]);
  });

  it('sends the key, the If-Match tag (quoted) and the token with each entry', async () => {
    const server = fakeServer();
    const [entry] = await queue(heat(M1, 1));
    await run();
    expect(server.requests[0]).toMatchObject({
      key: entry?.key,
      ifMatch: '"base-1"',
      authorization: 'Bearer tok-a',
      body: { rr: false },
    });
  });

  it('keeps protocols independent: a conflict blocks its own protocol only, the others go (in parallel)', async () => {
    const server = fakeServer({ delayMs: 20 });
    server.script(
      path(M1, 1),
      refusal(412, 'HEAT_CHANGED', 'Heat 1 har ändrats på en annan enhet.'),
    );
    server.serve(`/api/matches/${M1}`, makeMatch());
    await queue(heat(M1, 1), heat(M2, 1), heat(M1, 2), heat(M2, 2));

    const result = await run();

    expect(result.sent).toBe(2);
    expect(server.writes.map((w) => w.path)).toEqual([path(M2, 1), path(M2, 2)]);
    expect(server.requests.map((r) => r.path)).not.toContain(path(M1, 2));
    const left = await listEntries(A);
    expect(left.map((e) => [e.heatNumber, e.state])).toEqual([
      [1, 'conflict'],
      [2, 'queued'],
    ]);
    expect(left[0]?.lastError).toEqual({
      status: 412,
      code: 'HEAT_CHANGED',
      message: 'Heat 1 har ändrats på en annan enhet.',
    });
  });

  it('counts a refused entry as synced when the server already holds what it would make', async () => {
    const server = fakeServer();
    const match = { ...makeMatch(), id: M1 };
    const heat1 = match.heats.find((h) => h.heat_number === 1);
    server.script(path(M1, 1), refusal(409, 'NO_CHANGES', 'Inga ändringar.'));
    server.serve(`/api/matches/${M1}`, match);
    await queue({ ...heat(M1, 1), expect: heatTag(heat1!) }, heat(M1, 2));
    const applied: string[] = [];

    const result = await run({
      apply: (entry, done) => void applied.push(`${entry.heatNumber}:${done.kind}`),
    });

    expect(result.sent).toBe(2);
    expect(applied).toEqual(['1:match', '2:reply']);
    expect(await listEntries(A)).toEqual([]);
  });
});

describe('outbox replay: retries', () => {
  it('sends the same key on every retry, also after the database was closed and opened again', async () => {
    const server = fakeServer();
    server.script(path(M1, 1), 'network', { status: 500, json: { message: 'Fel' } });
    const [entry] = await queue(heat(M1, 1));
    let now = Date.now();

    await run({ now: () => now });
    await closeOfflineDb();
    now += 10 * 60_000;
    // The network failed: the app waits until the server answers its check again.
    reportReply();
    await run({ now: () => now });
    await closeOfflineDb();
    now += 10 * 60_000;
    await run({ now: () => now });

    expect(server.requests.map((r) => r.key)).toEqual([entry?.key, entry?.key, entry?.key]);
    expect(server.writes).toHaveLength(1);
    expect(await listEntries(A)).toEqual([]);
  });

  it('waits out its backoff (2 s·2^(n−1), jittered to 50–100 %), and a 503 Retry-After instead', async () => {
    const server = fakeServer();
    server.script(path(M1, 1), { status: 500, json: {} }, { status: 500, json: {} });
    server.script(path(M2, 2), { status: 503, json: {}, headers: { 'retry-after': '120' } });
    const [first, second] = await queue(heat(M1, 1), heat(M2, 2));
    const now = Date.now() + 50_000;

    await run({ now: () => now, random: () => 0 });
    expect((await getEntry(first!.seq))?.nextAttemptAt).toBe(now + 1_000);
    expect((await getEntry(second!.seq))?.nextAttemptAt).toBe(now + 120_000);

    // Not due yet: nothing is sent.
    const result = await run({ now: () => now + 999, random: () => 1 });
    expect(result.nextAttemptAt).toBe(now + 1_000);
    expect(server.requests).toHaveLength(2);

    await run({ now: () => now + 1_000, random: () => 1 });
    expect(server.requests).toHaveLength(3);
    expect(await getEntry(first!.seq)).toMatchObject({
      attempts: 2,
      state: 'queued',
      nextAttemptAt: now + 1_000 + 4_000,
      lastError: { status: 500 },
    });
  });

  it('sends an entry that failed for want of a network at once on a wake-up, but not server trouble', async () => {
    const server = fakeServer();
    server.script(path(M1, 1), 'network');
    server.script(path(M2, 1), { status: 502, json: {} });
    await queue(heat(M1, 1), heat(M2, 1));
    const now = Date.now();
    await run({ now: () => now });
    expect(server.requests).toHaveLength(2);

    await run({ now: () => now + 1, wake: true });

    expect(server.writes.map((w) => w.path)).toEqual([path(M1, 1)]);
    expect((await listEntries(A)).map((e) => e.matchId)).toEqual([M2]);
  });

  it('tries once on a dead network that the browser calls online, then waits as offline', async () => {
    const server = fakeServer();
    server.script(path(M1, 1), 'network', 'network', 'network', 'network');
    await queue(heat(M1, 1), heat(M1, 2));
    const result = await run({ wake: true });
    expect(server.requests).toHaveLength(1);
    // The app counts the server unreachable until it answers again, and then wakes the runner.
    expect(result).toEqual({ sent: 0, stopped: 'offline', nextAttemptAt: null });
    expect(isOnline()).toBe(false);
    expect(await run({ wake: true })).toMatchObject({ stopped: 'offline' });
    expect(server.requests).toHaveLength(1);
  });

  it("tries each entry once per pass where the browser's word counts (the service worker's sync)", async () => {
    const server = fakeServer();
    server.script(path(M1, 1), 'network', 'network', 'network', 'network');
    await queue(heat(M1, 1), heat(M1, 2));
    const result = await run({ wake: true, isOnline: browserOnline });
    expect(server.requests).toHaveLength(1);
    expect(result.nextAttemptAt).toEqual(expect.any(Number));
  });

  it('sends nothing while the browser is offline', async () => {
    const server = fakeServer();
    await queue(heat(M1, 1));
    const result = await run({ isOnline: () => false });
    expect(result).toEqual({ sent: 0, stopped: 'offline', nextAttemptAt: null });
    expect(server.requests).toEqual([]);
    expect(await listEntries(A)).toHaveLength(1);
  });

  it('on a 401 stops, keeps every entry for this user and forgets the dead session row', async () => {
    const server = fakeServer();
    server.script(path(M1, 1), refusal(401, 'SESSION_INVALID', 'Sessionen är slut.'));
    await writeSession({ userId: A, token: 'tok-a' });
    await queue(heat(M1, 1), heat(M1, 2));

    const told: (string | undefined)[] = [];
    const result = await run({ onUnauthorized: (message) => told.push(message) });

    expect(result.stopped).toBe('unauthorized');
    expect(told).toEqual(['Sessionen är slut.']);
    expect(server.requests).toHaveLength(1);
    expect((await listEntries(A)).map((e) => e.state)).toEqual(['queued', 'queued']);
    expect(await readSession()).toBeUndefined();
  });

  it('marks a 403 or 404 failed and blocks its protocol', async () => {
    const server = fakeServer();
    server.script(path(M1, 1), refusal(404, 'NOT_FOUND', 'Matchen finns inte.'));
    await queue(heat(M1, 1), heat(M1, 2));
    await run();
    expect(server.requests).toHaveLength(1);
    expect((await listEntries(A)).map((e) => e.state)).toEqual(['failed', 'queued']);
  });
});

describe('outbox replay: runners, crashes and users', () => {
  for (const withLocks of [true, false]) {
    it(`two runners ${withLocks ? 'with' : 'without'} Web Locks write each entry once, in order`, async () => {
      const server = fakeServer({ delayMs: 15 });
      const entries = await queue(heat(M1, 1), heat(M2, 1), heat(M1, 2), heat(M1, 3), heat(M2, 2));
      const locks = withLocks ? fakeLocks() : null;
      const tab1 = createReplayer();
      const tab2 = createReplayer();

      await Promise.all([
        tab1({ userId: A, token: 'tok-a', locks }),
        tab2({ userId: A, token: 'tok-a', locks }),
      ]);

      const keys = server.writes.map((w) => w.key);
      expect(new Set(keys).size).toBe(keys.length);
      expect(keys.sort()).toEqual(entries.map((e) => e.key).sort());
      for (const matchId of [M1, M2]) {
        const order = server.writes.filter((w) => w.path.includes(matchId)).map((w) => w.path);
        expect(order).toEqual([...order].sort());
      }
      // With the lock one runner at a time: no request ever met its key in flight.
      if (withLocks) expect(server.requests).toHaveLength(entries.length);
      expect(await listEntries(A)).toEqual([]);
    });
  }

  it('after a crash in `sending` sends again with the same key and the server replays its answer', async () => {
    const server = fakeServer();
    const [entry] = await queue(heat(M1, 1));
    // The crashed tab had marked it sending and the server had done the write.
    await updateEntry(entry!.seq, (e) => ({ ...e, state: 'sending', attempts: 1 }));
    await fetch(path(M1, 1), {
      method: 'POST',
      // As the runner sends it: keys are the user's (the server scopes them per user).
      headers: { 'Idempotency-Key': entry!.key, Authorization: 'Bearer tok-a' },
      body: JSON.stringify(entry!.body),
    });

    const result = await run({ now: () => 0 });

    // Not due by its time (0 < createdAt), yet sent: a `sending` row is always resent.
    expect(result.sent).toBe(1);
    expect(server.requests.map((r) => r.key)).toEqual([entry?.key, entry?.key]);
    expect(server.writes).toHaveLength(1);
    expect(await listEntries(A)).toEqual([]);
  });

  it("another user sees and sends nothing of A's", async () => {
    const server = fakeServer();
    await queue(heat(M1, 1), heat(M1, 2));
    await queue(heat(M2, 1, B));

    expect(await listEntries(B)).toHaveLength(1);
    const result = await runReplay({ userId: B, token: 'tok-b', locks: null });

    expect(result.sent).toBe(1);
    expect(server.requests.map((r) => [r.path, r.authorization])).toEqual([
      [path(M2, 1), 'Bearer tok-b'],
    ]);
    expect((await listEntries(A)).map((e) => e.heatNumber)).toEqual([1, 2]);
  });

  it('joins a trigger that arrives during a pass instead of starting a second one', async () => {
    const server = fakeServer({ delayMs: 20 });
    await queue(heat(M1, 1));
    const first = run();
    await queue(heat(M2, 1));
    const second = run({ wake: true });
    expect(second).toBe(first);
    await first;
    expect(server.writes.map((w) => w.path).sort()).toEqual([path(M1, 1), path(M2, 1)]);
  });
});
