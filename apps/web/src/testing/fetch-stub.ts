import type { ErrorCode } from '@speedway/contracts';
import { vi } from 'vitest';
import { replyProblems, routeOf } from './contract-routes';
import { failTest } from './strict-test';

export type StubRequest = {
  method: string;
  path: string;
  /** The query string as sent ('?season=2026', or '' for none); routes are keyed without it. */
  search: string;
  headers: Headers;
  body: unknown;
};

export type Reply =
  | Response
  | {
      status?: number;
      json?: unknown;
      text?: string;
      headers?: Record<string, string>;
      /**
       * Why this one reply may break the contract (testing/contract-routes.ts): only for a test of
       * what the app makes of a reply the server does not send today. Say which rule it breaks.
       */
      offContract?: string;
    };

type Handler = (request: StubRequest) => Reply | Promise<Reply>;

export type Routes = Record<string, Handler | Reply>;

type StubOptions = {
  /**
   * Only for tests of the HTTP client itself (lib/api-client.test.ts, lib/early-requests.test.ts): routes and replies need not
   * be the server's, to show what the client makes of a proxy's page or a made-up body. Calls
   * nobody stubbed still fail.
   */
  offContract?: true;
};

/**
 * A fake network at the fetch boundary: handlers keyed by "METHOD /path", every call recorded.
 * Every key must be a route of the server and every reply one that route can send
 * (testing/contract-routes.ts); a call nobody expected, or a reply the server could never send,
 * fails the test (testing/strict-test.ts) besides rejecting the fetch.
 */
export function stubFetch(routes: Routes, { offContract }: StubOptions = {}) {
  for (const [key, route] of Object.entries(routes)) {
    if (offContract) break;
    const contract = contractOf(key);
    if (!contract) {
      throw new Error(`stubFetch: ${key} is no route of the server (testing/contract-routes.ts)`);
    }
    // A fixed reply is checked now: a wrong one fails even if the app never asks.
    if (typeof route !== 'function' && !(route instanceof Response) && !route.offContract) {
      const problems = replyProblems(contract, wireOf(route));
      if (problems.length > 0) throw new Error(problemText(key, problems));
    }
  }
  const calls: StubRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const text = typeof init.body === 'string' ? init.body : undefined;
    const request: StubRequest = {
      method,
      path: url.pathname,
      search: url.search,
      headers: new Headers(init.headers),
      body: text ? (JSON.parse(text) as unknown) : undefined,
    };
    calls.push(request);
    const key = `${method} ${url.pathname}`;
    const route = routes[key];
    if (route === undefined) {
      failTest(`Unexpected fetch: ${key} (not stubbed)`);
      throw new Error(`Unexpected fetch: ${key}`);
    }
    const reply = typeof route === 'function' ? await route(request) : route;
    const response = toResponse(reply);
    if (offContract || (!(reply instanceof Response) && reply.offContract)) return response;
    const problems = replyProblems(contractOf(key)!, await wireOfResponse(response.clone()));
    if (problems.length > 0) {
      failTest(problemText(key, problems));
      throw new Error(`Stub reply to ${key} breaks the contract`);
    }
    return response;
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    fetchMock,
    callsTo: (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key),
  };
}

/** The contract route of a stub key ("METHOD /api/matches/abc"), if the server has one. */
function contractOf(key: string): string | undefined {
  const [method = '', path = ''] = key.split(' ');
  return routeOf(method, path);
}

function problemText(key: string, problems: string[]): string {
  return `The stub's reply to ${key} is one the server could never send (testing/contract-routes.ts):\n    ${problems.join('\n    ')}`;
}

function wireOf(reply: Exclude<Reply, Response>) {
  const status = reply.status ?? 200;
  // What the wire carries: JSON text, so undefined fields are gone.
  const json =
    reply.json === undefined ? undefined : (JSON.parse(JSON.stringify(reply.json)) as unknown);
  return { status, json, text: reply.text ?? null };
}

async function wireOfResponse(response: Response) {
  const text = await response.text();
  const isJson = response.headers.get('content-type')?.includes('application/json') ?? false;
  if (!isJson || text === '') return { status: response.status, text };
  try {
    return { status: response.status, json: JSON.parse(text) as unknown };
  } catch {
    return { status: response.status, text };
  }
}

export function toResponse(reply: Reply): Response {
  if (reply instanceof Response) return reply;
  const status = reply.status ?? 200;
  if (reply.json !== undefined) {
    return new Response(JSON.stringify(reply.json), {
      status,
      headers: { 'content-type': 'application/json; charset=utf-8', ...reply.headers },
    });
  }
  return new Response(reply.text ?? null, { status, headers: reply.headers });
}

/**
 * A reply held back until the test lets it go. The hold exists before the request does: a test may
 * let it go before the app has made the request (a render's effects can run after what the test
 * waited for), where a resolver captured inside the handler would still be a no-op.
 */
export function holdReply() {
  let release: (reply: Reply) => void = () => {};
  const released = new Promise<Reply>((resolve) => {
    release = resolve;
  });
  return { handler: () => released, release: (reply: Reply) => release(reply) };
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  412: 'Precondition Failed',
  413: 'Payload Too Large',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** The server's error shape (packages/contracts/src/errors.ts); `code` must be one it has. */
export function apiError(statusCode: number, code: ErrorCode, message: string): Reply {
  const error = STATUS_TEXT[statusCode] ?? 'Error';
  return { status: statusCode, json: { statusCode, error, code, message } };
}
