import { IDBFactory } from 'fake-indexeddb';
import { vi } from 'vitest';
import { routeOf } from '@/testing/contract-routes';
import { toResponse } from '@/testing/fetch-stub';
import { failTest } from '@/testing/strict-test';
import { closeOfflineDb, openOfflineDb, type OfflineDb } from '../db';
import { runReplay } from '../replay';
import { IDEMPOTENCY_KEY_HEADER } from '@speedway/contracts';
import { idempotencyKeys, type KeyedReply } from './idempotency-rules';

// Test support for the outbox: a fresh in-memory IndexedDB per test, and a fake server at the
// fetch boundary that keeps the server's Idempotency-Key rules (idempotency-rules.ts, checked
// against the real server by apps/server/test/fake-idempotency.test.ts). Each write is logged once.

/** A new, empty IndexedDB for this test (fake-indexeddb/auto is imported by the test file). */
export async function freshIndexedDb(): Promise<void> {
  await closeOfflineDb();
  vi.stubGlobal('indexedDB', new IDBFactory());
}

/**
 * After a test that rendered the app: waits for the outbox's pass to end, then closes the database.
 * A pass joined by the next test's trigger would otherwise apply its replies to this test's
 * QueryClient (a pass keeps the apply of the call that started it).
 */
export async function closeOutbox(): Promise<void> {
  await runReplay.idle();
  await settleOfflineDb();
  await closeOfflineDb();
}

/**
 * Waits for the transactions the app has started on the database (a sign-out's clean-up, the
 * session row written as the app starts: work nobody awaits): a read-write transaction over every
 * store starts only once each one begun before it has ended. Left running, they end in the next
 * test, or after the file, once Vitest has removed the file's globals (IDBRequest among them):
 * idb's handlers then throw and fake-indexeddb aborts the transaction.
 */
async function settleOfflineDb(): Promise<void> {
  let db: OfflineDb;
  try {
    db = await openOfflineDb();
  } catch {
    // The test made the database fail to open: nothing runs on it.
    return;
  }
  await db.transaction(['outbox', 'query-rows', 'session'], 'readwrite').done;
}

export type ServerRequest = {
  method: string;
  path: string;
  key: string | null;
  ifMatch: string | null;
  authorization: string | null;
  body: unknown;
};

type Reply = KeyedReply;
/** A scripted answer: a reply, or 'network' for a fetch that never reaches the server. */
export type Scripted = Reply | 'network';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function fakeServer({ delayMs = 0 }: { delayMs?: number } = {}) {
  const requests: ServerRequest[] = [];
  /** Writes the server carried out (not replays): what "sent once, in order" is checked on. */
  const writes: ServerRequest[] = [];
  const keys = idempotencyKeys();
  const scripts = new Map<string, Scripted[]>();
  const reads = new Map<string, unknown>();
  let delay = delayMs;
  let held: Promise<void> | null = null;
  const load = { now: 0, max: 0 };

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const headers = new Headers(init.headers);
    const text = typeof init.body === 'string' ? init.body : undefined;
    const request: ServerRequest = {
      method: (init.method ?? 'GET').toUpperCase(),
      path: url.pathname,
      key: headers.get(IDEMPOTENCY_KEY_HEADER),
      ifMatch: headers.get('if-match'),
      authorization: headers.get('authorization'),
      body: text ? (JSON.parse(text) as unknown) : undefined,
    };
    requests.push(request);
    if (request.method === 'GET') {
      if (!reads.has(request.path)) {
        failTest(`Unexpected fetch: GET ${request.path} (the fake server serves no such read)`);
        throw new Error(`Unexpected fetch: GET ${request.path}`);
      }
      return toResponse({ json: reads.get(request.path) });
    }
    // A network failure is met before the server: it uses up its script whatever the key.
    const script = scripts.get(request.path);
    if (script?.[0] === 'network') {
      script.shift();
      throw new TypeError('Failed to fetch');
    }
    const route = routeOf(request.method, request.path) ?? request.path;
    const verdict = request.key
      ? keys.begin({
          user: request.authorization,
          method: request.method,
          route,
          url: url.pathname + url.search,
          key: request.key,
          body: request.body,
        })
      : undefined;
    if (verdict?.kind === 'answer') return toResponse(verdict.reply);
    load.max = Math.max(load.max, ++load.now);
    let reply: Reply = { status: 500, json: {} };
    try {
      await sleep(delay);
      if (held) await held;
      // Only a write the server carries out takes the next scripted answer.
      reply = (script?.shift() as Reply | undefined) ?? {
        json: { path: request.path, body: request.body },
      };
      const status = reply.status ?? 200;
      if (status >= 200 && status < 300) writes.push(request);
      return toResponse(reply);
    } finally {
      load.now -= 1;
      verdict?.done(reply);
    }
  });
  vi.stubGlobal('fetch', fetchMock);

  return {
    requests,
    writes,
    fetchMock,
    /** The next writes to this path get these answers, in order, before the default 200. */
    script: (path: string, ...answers: Scripted[]) =>
      scripts.set(path, [...(scripts.get(path) ?? []), ...answers]),
    /** Writes wait (having arrived) until the returned release is called. */
    hold: (): (() => void) => {
      let release = () => {};
      held = new Promise<void>((resolve) => {
        release = () => {
          held = null;
          resolve();
        };
      });
      return release;
    },
    /** The most writes the server was working on at one time. */
    maxConcurrent: () => load.max,
    /** What a GET of this path answers. */
    serve: (path: string, json: unknown) => reads.set(path, json),
    setDelay: (ms: number) => (delay = ms),
    writesTo: (path: string) => writes.filter((w) => w.path === path),
  };
}

/** An error reply in the server's shape. */
export function refusal(status: number, code: string, message = 'Nej.'): Reply {
  return { status, json: { statusCode: status, error: 'Error', code, message } };
}

/**
 * Web Locks for tests: exclusive, waiting, per name, shared by the runners handed the same one
 * (two tabs of one browser).
 */
export function fakeLocks(): LockManager {
  const tails = new Map<string, Promise<unknown>>();
  const request = (name: string, ...rest: unknown[]) => {
    const callback = rest[rest.length - 1] as (lock: Lock | null) => unknown;
    const previous = tails.get(name) ?? Promise.resolve();
    const result = previous.then(() => callback({ name, mode: 'exclusive' } as Lock));
    tails.set(
      name,
      result.catch(() => undefined),
    );
    return result;
  };
  return { request, query: () => Promise.resolve({}) } as unknown as LockManager;
}
