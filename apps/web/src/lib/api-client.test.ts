import { describe, expect, it, vi } from 'vitest';
import { apiError, stubFetch } from '@/testing/fetch-stub';
import {
  ApiError,
  api,
  NETWORK_ERROR_MESSAGE,
  request,
  REQUEST_TIMEOUT_MS,
  SESSION_INVALID_NOTICE,
  serverMessageOr,
} from './api-client';
import { LOGOUT_EVENT, type LogoutEventDetail } from './session';
import { STORAGE_KEYS, takeLogoutNotice } from './storage';

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

function signedIn() {
  localStorage.setItem(STORAGE_KEYS.token, 'tok-1');
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ id: 'u1', email: 'a@b.se' }));
}

function onLogout() {
  const reasons: string[] = [];
  const listener = (event: Event) =>
    reasons.push((event as CustomEvent<LogoutEventDetail>).detail.reason);
  window.addEventListener(LOGOUT_EVENT, listener);
  return { reasons, stop: () => window.removeEventListener(LOGOUT_EVENT, listener) };
}

describe('api client: requests', () => {
  it('sends JSON with the bearer token when one is held and parses a JSON reply', async () => {
    signedIn();
    const { calls } = stubFetch({ 'PUT /api/x': { json: { ok: true } } }, { offContract: true });
    await expect(api.put('/api/x', { a: 1 })).resolves.toEqual({ ok: true });
    expect(calls[0]?.headers.get('content-type')).toBe('application/json');
    expect(calls[0]?.headers.get('authorization')).toBe('Bearer tok-1');
    expect(calls[0]?.body).toEqual({ a: 1 });
  });

  it('sends the JSON content type but no authorization without a token', async () => {
    const { calls } = stubFetch(
      {
        'GET /api/x': { text: 'hej', headers: { 'content-type': 'text/plain' } },
      },
      { offContract: true },
    );
    await expect(api.get('/api/x')).resolves.toBe('hej');
    expect(calls[0]?.headers.get('content-type')).toBe('application/json');
    expect(calls[0]?.headers.has('authorization')).toBe(false);
  });
});

describe('api client: error messages', () => {
  const body = { detail: 'D', message: 'M', error: 'E' };

  it('takes detail first', async () => {
    stubFetch({ 'GET /api/x': { status: 400, json: body } }, { offContract: true });
    const error = await failure(api.get('/api/x'));
    expect(error.message).toBe('D');
    expect(error.status).toBe(400);
  });

  it('then message, keeping the status and the code', async () => {
    stubFetch(
      {
        'GET /api/x': { status: 409, json: { message: 'M', error: 'E', code: 'HEAT_LOCKED' } },
      },
      { offContract: true },
    );
    const error = await failure(api.get('/api/x'));
    expect(error.message).toBe('M');
    expect(error.status).toBe(409);
    expect(error.code).toBe('HEAT_LOCKED');
  });

  it('then the error field', async () => {
    stubFetch({ 'GET /api/x': { status: 400, json: { error: 'E' } } }, { offContract: true });
    expect((await failure(api.get('/api/x'))).message).toBe('E');
  });

  it('then a plain text body', async () => {
    stubFetch(
      {
        'GET /api/x': {
          status: 502,
          text: 'Servern svarar inte',
          headers: { 'content-type': 'text/plain' },
        },
      },
      { offContract: true },
    );
    expect((await failure(api.get('/api/x'))).message).toBe('Servern svarar inte');
  });

  it("never takes an HTML error page (a proxy's 502) as the server's message", async () => {
    stubFetch(
      {
        'GET /api/x': {
          status: 502,
          text: '<html><body><h1>502 Bad Gateway</h1></body></html>',
          headers: { 'content-type': 'text/html' },
        },
      },
      { offContract: true },
    );
    const error = await failure(api.get('/api/x'));
    expect(serverMessageOr(error, 'Kunde inte spara annonsen.')).toBe('Kunde inte spara annonsen.');
  });

  it('else the status and status text', async () => {
    stubFetch(
      {
        'GET /api/x': new Response(null, { status: 503, statusText: 'Service Unavailable' }),
      },
      { offContract: true },
    );
    const error = await failure(api.get('/api/x'));
    expect(error.message).toBe('503 Service Unavailable');
    expect(error.status).toBe(503);
  });

  it('gives the network error text when the server cannot be reached', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const error = await failure(api.get('/api/x'));
    expect(error.message).toBe(NETWORK_ERROR_MESSAGE);
    expect(error.message).toBe('Nätverksfel – kunde inte nå servern.');
    expect(error.status).toBe(0);
  });
});

describe('api client: 401', () => {
  it('while holding a token: keeps the server message for the login page, forgets the session, fires logout', async () => {
    signedIn();
    const logout = onLogout();
    stubFetch({ 'GET /api/account/me': apiError(401, 'SESSION_INVALID', 'Sessionen är slut.') });
    const error = await failure(api.get('/api/account/me'));
    logout.stop();
    expect(error.status).toBe(401);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    expect(logout.reasons).toEqual(['unauthorized']);
    expect(takeLogoutNotice()).toBe('Sessionen är slut.');
  });

  it('while holding a token, without a server message: the standard notice', async () => {
    signedIn();
    stubFetch({ 'GET /api/x': new Response(null, { status: 401 }) }, { offContract: true });
    await failure(api.get('/api/x'));
    expect(takeLogoutNotice()).toBe(SESSION_INVALID_NOTICE);
    expect(SESSION_INVALID_NOTICE).toBe(
      'Din session är ogiltig eller har återkallats. Logga in igen.',
    );
  });

  it('without a token (wrong password at login): nothing is cleared and no event fires', async () => {
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ id: 'u1', email: 'a@b.se' }));
    const logout = onLogout();
    stubFetch({
      'POST /api/auth/login': apiError(
        401,
        'INVALID_CREDENTIALS',
        'Fel e-postadress eller lösenord.',
      ),
    });
    const error = await failure(api.post('/api/auth/login', { email: 'a@b.se', password: 'x' }));
    logout.stop();
    expect(error.message).toBe('Fel e-postadress eller lösenord.');
    expect(localStorage.getItem(STORAGE_KEYS.user)).not.toBeNull();
    expect(logout.reasons).toEqual([]);
    expect(takeLogoutNotice()).toBeNull();
  });
});

/** A fetch that never answers until its signal is aborted: a dead but "connected" network. */
function hangingFetch() {
  const fetchMock = vi.fn(
    (_input: RequestInfo | URL, init: RequestInit = {}) =>
      new Promise<Response>((_resolve, reject) => {
        init.signal?.addEventListener('abort', () =>
          reject(new DOMException('The operation was aborted.', 'AbortError')),
        );
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('api client: time limit and replay headers', () => {
  it("gives up after 20 s with the spec's network error text", async () => {
    vi.useFakeTimers();
    hangingFetch();
    const pending = failure(api.get('/api/matches'));
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    let settled = false;
    void pending.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await pending;
    expect(REQUEST_TIMEOUT_MS).toBe(20_000);
    expect(error.message).toBe('Nätverksfel – kunde inte nå servern.');
    expect(error.status).toBe(0);
    expect(error.code).toBe('NETWORK_ERROR');
  });

  it('takes a shorter limit per call (the outbox sends with 15 s)', async () => {
    vi.useFakeTimers();
    hangingFetch();
    const pending = failure(request('/api/x', { method: 'POST', body: {}, timeoutMs: 15_000 }));
    await vi.advanceTimersByTimeAsync(15_000);
    expect((await pending).message).toBe(NETWORK_ERROR_MESSAGE);
  });

  it("passes the caller's own abort on as an abort, not as a network error", async () => {
    hangingFetch();
    const controller = new AbortController();
    const pending = api.get('/api/x', { signal: controller.signal }).catch((e: unknown) => e);
    controller.abort();
    const error = await pending;
    expect(error).not.toBeInstanceOf(ApiError);
    expect((error as Error).name).toBe('AbortError');
  });

  it('sends Idempotency-Key and a quoted If-Match when asked, neither otherwise', async () => {
    const { calls } = stubFetch(
      { 'POST /api/x': { json: {} }, 'GET /api/y': { json: {} } },
      { offContract: true },
    );
    await request('/api/x', {
      method: 'POST',
      body: {},
      idempotencyKey: 'k-1',
      ifMatch: '00aa11bb22cc33',
    });
    await api.get('/api/y');
    expect(calls[0]?.headers.get('idempotency-key')).toBe('k-1');
    expect(calls[0]?.headers.get('if-match')).toBe('"00aa11bb22cc33"');
    expect(calls[1]?.headers.has('idempotency-key')).toBe(false);
    expect(calls[1]?.headers.has('if-match')).toBe(false);
  });

  it("keeps a 429's Retry-After for callers that try again", async () => {
    stubFetch(
      {
        'POST /api/x': {
          status: 429,
          json: { code: 'RATE_LIMITED', message: 'För många.' },
          headers: { 'retry-after': '30' },
        },
      },
      { offContract: true },
    );
    const error = await failure(api.post('/api/x', {}));
    expect(error.retryAfter).toBe('30');
  });
});
