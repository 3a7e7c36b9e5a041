import { vi } from 'vitest';

export const ORIGIN = 'https://speedway.example';

type Listener = (event: unknown) => void;
type Network = (request: Request) => Response | Promise<Response>;

/** What a test sends as a fetch event's request (undici's Request refuses mode 'navigate'). */
export type FakeRequest = { url: string; method: string; mode: RequestMode };

export function fakeWindow(url: string, focused = false) {
  return { url, focused, postMessage: vi.fn(), focus: vi.fn(async () => undefined) };
}

/** The browser's Cache Storage, in memory: each cache maps a URL's path to its response. */
class FakeCacheStorage {
  readonly stores = new Map<string, Map<string, Response>>();
  /** Every request addAll sent, with the HTTP cache mode it asked for. */
  readonly fetched: { url: string; cache: RequestCache | undefined }[] = [];

  constructor(private readonly network: Network) {}

  async open(name: string) {
    const store = this.stores.get(name) ?? new Map<string, Response>();
    this.stores.set(name, store);
    return {
      addAll: async (requests: (string | Request)[]) => {
        const replies = await Promise.all(
          requests.map(async (request) => {
            const url = typeof request === 'string' ? request : request.url;
            this.fetched.push({
              url,
              cache: typeof request === 'string' ? undefined : request.cache,
            });
            const reply = await this.network(new Request(url));
            if (!reply.ok) throw new TypeError(`${url}: ${reply.status}`);
            return [new URL(url).pathname, reply] as const;
          }),
        );
        // All or nothing, as the browser's addAll.
        replies.forEach(([path, reply]) => store.set(path, reply));
      },
      match: async (url: string) => store.get(new URL(url, ORIGIN).pathname)?.clone(),
    };
  }

  async keys() {
    return [...this.stores.keys()];
  }

  async delete(name: string) {
    return this.stores.delete(name);
  }
}

/**
 * A stand-in for the service worker's global scope (what the app does not own): its listeners are
 * called as the browser would, and what the worker asks for is recorded.
 */
export function fakeScope({
  windows = [] as ReturnType<typeof fakeWindow>[],
  active = false,
  network = (async (request: Request) =>
    new Response(`body of ${new URL(request.url).pathname}`)) as Network,
} = {}) {
  const listeners = new Map<string, Listener[]>();
  const caches = new FakeCacheStorage(network);
  const fake = {
    addEventListener: (type: string, listener: Listener) =>
      listeners.set(type, [...(listeners.get(type) ?? []), listener]),
    skipWaiting: vi.fn(async () => undefined),
    location: new URL(`${ORIGIN}/sw.js`),
    registration: {
      active: active ? { state: 'activated' } : null,
      showNotification: vi.fn(async () => undefined),
    },
    clients: {
      claim: vi.fn(async () => undefined),
      matchAll: vi.fn(async () => windows),
      openWindow: vi.fn(async () => null),
    },
    caches,
    fetch: vi.fn(network),
  };

  /** Fires an event; resolves once everything it handed to waitUntil has settled. */
  const dispatch = async (type: string, event: Record<string, unknown> = {}) => {
    const waits: Promise<unknown>[] = [];
    let response: Promise<Response> | undefined;
    for (const listener of listeners.get(type) ?? []) {
      listener({
        ...event,
        waitUntil: (promise: Promise<unknown>) => waits.push(promise),
        respondWith: (reply: Promise<Response>) => {
          response = reply;
        },
      });
    }
    await Promise.all(waits);
    return { response: response && (await response) };
  };

  /** A fetch event for `path` (or a full URL); `response` is undefined when the worker let it be. */
  const request = (path: string, init: Partial<Omit<FakeRequest, 'url'>> = {}) =>
    dispatch('fetch', {
      request: { url: new URL(path, ORIGIN).href, method: 'GET', mode: 'no-cors', ...init },
    });

  return {
    scope: fake as unknown as ServiceWorkerGlobalScope,
    fake,
    caches,
    listeners,
    dispatch,
    request,
  };
}
