import { vi } from 'vitest';

export type StubRequest = {
  method: string;
  path: string;
  headers: Headers;
  body: unknown;
};

type Reply =
  Response | { status?: number; json?: unknown; text?: string; headers?: Record<string, string> };

type Handler = (request: StubRequest) => Reply | Promise<Reply>;

/**
 * A fake network at the fetch boundary: handlers keyed by "METHOD /path", every call recorded.
 * A call nobody expected fails the test loudly instead of hanging.
 */
export function stubFetch(routes: Record<string, Handler | Reply>) {
  const calls: StubRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const text = typeof init.body === 'string' ? init.body : undefined;
    const request: StubRequest = {
      method,
      path: url.pathname,
      headers: new Headers(init.headers),
      body: text ? (JSON.parse(text) as unknown) : undefined,
    };
    calls.push(request);
    const route = routes[`${method} ${url.pathname}`];
    if (route === undefined) throw new Error(`Unexpected fetch: ${method} ${url.pathname}`);
    const reply = typeof route === 'function' ? await route(request) : route;
    return toResponse(reply);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    fetchMock,
    callsTo: (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key),
  };
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

/** The server's error shape. */
export function apiError(statusCode: number, code: string, message: string): Reply {
  const error = { 401: 'Unauthorized', 403: 'Forbidden', 422: 'Unprocessable Entity' }[statusCode];
  return { status: statusCode, json: { statusCode, error: error ?? 'Error', code, message } };
}
