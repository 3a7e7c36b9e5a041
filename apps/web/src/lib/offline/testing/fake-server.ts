import { IDBFactory } from 'fake-indexeddb';
import { vi } from 'vitest';
import { toResponse } from '@/testing/fetch-stub';
import { closeOfflineDb } from '../db';

// Test support for the outbox: a fresh in-memory IndexedDB per test, and a fake server at the
// fetch boundary that keeps Idempotency-Key semantics (ADR 009): same key → the stored reply,
// marked replayed; a key still being processed → 409 in flight. Each write is logged once.

/** A new, empty IndexedDB for this test (fake-indexeddb/auto is imported by the test file). */
export async function freshIndexedDb(): Promise<void> {
  await closeOfflineDb();
  vi.stubGlobal('indexedDB', new IDBFactory());
}

export type ServerRequest = {
  method: string;
  path: string;
  key: string | null;
  ifMatch: string | null;
  authorization: string | null;
  body: unknown;
};

type Reply = { status?: number; json?: unknown; headers?: Record<string, string> };
/** A scripted answer: a reply, or 'network' for a fetch that never reaches the server. */
export type Scripted = Reply | 'network';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function fakeServer({ delayMs = 0 }: { delayMs?: number } = {}) {
  const requests: ServerRequest[] = [];
  /** Writes the server carried out (not replays): what "sent once, in order" is checked on. */
  const writes: ServerRequest[] = [];
  const stored = new Map<string, Reply>();
  const inFlight = new Set<string>();
  const scripts = new Map<string, Scripted[]>();
  const reads = new Map<string, unknown>();
  let delay = delayMs;
  const load = { now: 0, max: 0 };

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const headers = new Headers(init.headers);
    const text = typeof init.body === 'string' ? init.body : undefined;
    const request: ServerRequest = {
      method: (init.method ?? 'GET').toUpperCase(),
      path: url.pathname,
      key: headers.get('idempotency-key'),
      ifMatch: headers.get('if-match'),
      authorization: headers.get('authorization'),
      body: text ? (JSON.parse(text) as unknown) : undefined,
    };
    requests.push(request);
    if (request.method === 'GET') {
      if (!reads.has(request.path)) throw new Error(`Unexpected fetch: GET ${request.path}`);
      return toResponse({ json: reads.get(request.path) });
    }
    const next = scripts.get(request.path)?.shift();
    if (next === 'network') throw new TypeError('Failed to fetch');
    const { key } = request;
    if (key && inFlight.has(key)) {
      return toResponse({
        status: 409,
        json: { statusCode: 409, code: 'IDEMPOTENCY_KEY_IN_FLIGHT', message: 'Pågår.' },
      });
    }
    const replay = key ? stored.get(key) : undefined;
    if (replay) {
      return toResponse({
        ...replay,
        headers: { ...replay.headers, 'idempotent-replayed': 'true' },
      });
    }
    if (key) inFlight.add(key);
    load.max = Math.max(load.max, ++load.now);
    try {
      await sleep(delay);
      const reply: Reply = next ?? { json: { path: request.path, body: request.body } };
      const status = reply.status ?? 200;
      if (status >= 200 && status < 300) writes.push(request);
      // Refusals are not stored (ADR 009); answers are.
      if (key && status < 400) stored.set(key, reply);
      return toResponse(reply);
    } finally {
      load.now -= 1;
      if (key) inFlight.delete(key);
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
