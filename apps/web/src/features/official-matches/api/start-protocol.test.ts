import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NETWORK_ERROR_MESSAGE } from '@/lib/api-client';
import { stubFetch } from '@/testing/fetch-stub';
import { protocolIdOf, startProtocol } from './start-protocol';

describe('protocolIdOf', () => {
  it('reads match_id, id or matchId, in that order', () => {
    expect(protocolIdOf({ match_id: 'a', id: 'b' })).toBe('a');
    expect(protocolIdOf({ id: 'b', matchId: 'c' })).toBe('b');
    expect(protocolIdOf({ matchId: 'c' })).toBe('c');
    expect(protocolIdOf({ matchId: 42 })).toBe('42');
    expect(protocolIdOf({ id: '' })).toBeNull();
    expect(protocolIdOf(null)).toBeNull();
    expect(protocolIdOf('ok')).toBeNull();
  });
});

describe('startProtocol', () => {
  afterEach(() => vi.restoreAllMocks());

  it('sends each press with a key of its own', async () => {
    const network = stubFetch({ 'POST /api/matches/from-official': { json: { id: 'p1' } } });
    await startProtocol('o1');
    await startProtocol('o1');
    const keys = network.calls.map((call) => call.headers.get('idempotency-key'));
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('is online only: offline it fails at once with the spec’s network error as its words', async () => {
    const network = stubFetch({});
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const error = await startProtocol('o1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, serverMessage: NETWORK_ERROR_MESSAGE });
    expect(network.calls).toHaveLength(0);
  });

  it('gives the network error as its words when the server cannot be reached', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(startProtocol('o1')).rejects.toMatchObject({
      status: 0,
      serverMessage: NETWORK_ERROR_MESSAGE,
    });
  });
});
