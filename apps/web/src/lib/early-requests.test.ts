import { afterEach, describe, expect, it } from 'vitest';
import { makeUser } from '@/testing/data';
import { apiError, holdReply, stubFetch, type Routes } from '@/testing/fetch-stub';
import { api, ApiError } from './api-client';
import {
  EARLY_REPLY_MAX_AGE_MS,
  forgetEarlyRequests,
  pendingEarlyRequests,
  startEarlyRequest,
  takeEarlyRequest,
} from './early-requests';
import { LOGOUT_EVENT } from './session';
import { STORAGE_KEYS, takeLogoutNotice } from './storage';

afterEach(forgetEarlyRequests);

// The transport under the API client: what an early request does with any reply is the point, so
// the paths and bodies are made up (as in api-client.test.ts); calls nobody stubbed still fail.
const stubTransport = (routes: Routes) => stubFetch(routes, { offContract: true });

function signedIn(token = 'tok-1') {
  localStorage.setItem(STORAGE_KEYS.token, token);
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(makeUser()));
}

describe('early requests', () => {
  it('are taken over once, by a call with the same token, while young', () => {
    stubTransport({
      'GET /api/x': { json: 1 },
      'GET /api/y': { json: 2 },
      'GET /api/z': { json: 3 },
    });
    startEarlyRequest('/api/x', 'tok-1', 0);
    startEarlyRequest('/api/y', 'tok-1', 0);
    startEarlyRequest('/api/z', 'tok-1', 0);
    expect(takeEarlyRequest('/api/x', 'tok-1', 1)).toBeInstanceOf(Promise);
    expect(takeEarlyRequest('/api/x', 'tok-1', 1)).toBeUndefined();
    // Signed in as someone else since: that call sends its own request.
    expect(takeEarlyRequest('/api/y', 'tok-2', 1)).toBeUndefined();
    expect(takeEarlyRequest('/api/z', 'tok-1', EARLY_REPLY_MAX_AGE_MS + 1)).toBeUndefined();
    expect(pendingEarlyRequests()).toEqual([]);
  });
});

describe('the api client takes an early request over', () => {
  it('reads its reply as its own: one request in all', async () => {
    signedIn();
    const network = stubTransport({ 'GET /api/matches/m1': { json: { id: 'm1' } } });
    startEarlyRequest('/api/matches/m1', 'tok-1');
    await expect(api.get('/api/matches/m1')).resolves.toEqual({ id: 'm1' });
    await expect(api.get('/api/matches/m1')).resolves.toEqual({ id: 'm1' });
    // The second call asked again: an early reply is used once.
    expect(network.callsTo('GET /api/matches/m1')).toHaveLength(2);
  });

  it('waits for a reply still on its way', async () => {
    signedIn();
    const reply = holdReply();
    const network = stubTransport({ 'GET /api/x': reply.handler });
    startEarlyRequest('/api/x', 'tok-1');
    const call = api.get('/api/x');
    reply.release({ json: { ok: true } });
    await expect(call).resolves.toEqual({ ok: true });
    expect(network.calls).toHaveLength(1);
  });

  it('turns a failure into the same ApiError, and a 401 ends the session as any call does', async () => {
    signedIn();
    stubTransport({
      'GET /api/account/me': apiError(401, 'UNAUTHORIZED', 'Sessionen är återkallad.'),
    });
    const ended: Event[] = [];
    window.addEventListener(LOGOUT_EVENT, (event) => ended.push(event), { once: true });
    startEarlyRequest('/api/account/me', 'tok-1');
    const error = await api.get('/api/account/me').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect(ended).toHaveLength(1);
    expect(takeLogoutNotice()).toBe('Sessionen är återkallad.');
  });

  it("ends the wait when the caller aborts (React Query's cancel)", async () => {
    signedIn();
    const reply = holdReply();
    stubTransport({ 'GET /api/x': reply.handler });
    startEarlyRequest('/api/x', 'tok-1');
    const controller = new AbortController();
    const call = api.get('/api/x', { signal: controller.signal });
    controller.abort();
    await expect(call).rejects.toThrow();
    reply.release({ json: 1 });
  });

  it('is not used by a call that sends something else (another token, a write)', async () => {
    signedIn();
    const network = stubTransport({ 'GET /api/x': { json: 1 }, 'POST /api/x': { json: 2 } });
    startEarlyRequest('/api/x', 'tok-1');
    await expect(api.post('/api/x', {})).resolves.toBe(2);
    await expect(api.get('/api/x', { token: 'other' })).resolves.toBe(1);
    expect(network.calls.map((call) => call.method)).toEqual(['GET', 'POST', 'GET']);
  });
});
