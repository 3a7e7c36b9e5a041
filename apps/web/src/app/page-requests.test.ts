import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetEarlyRequests, pendingEarlyRequests } from '@/lib/early-requests';
import { makeAccount, signInAs } from '@/testing/data';
import { stubFetch } from '@/testing/fetch-stub';
import { makeMatch } from '@/testing/protocol-data';
import { matchPattern, pageRequests, startPageRequests } from './page-requests';

afterEach(forgetEarlyRequests);

describe('the reads a page starts with', () => {
  it('matches a route pattern as the router does, decoding its params', () => {
    expect(matchPattern('/match/:id', '/match/a%20b')).toEqual({ id: 'a b' });
    expect(matchPattern('/match/:id', '/match/a/')).toEqual({ id: 'a' });
    expect(matchPattern('/match/:id', '/match')).toBeNull();
    expect(matchPattern('/match/:id', '/matches/a')).toBeNull();
    expect(matchPattern('/match/:id', '/match/%E0%A4%A')).toBeNull();
    expect(matchPattern('/', '/')).toEqual({});
  });

  it('asks for the account on every page of the app, and for what the page itself shows', () => {
    expect(pageRequests('/')).toEqual([
      '/api/account/me',
      '/api/system/announcement',
      '/api/official-matches',
      '/api/follows',
      '/api/matches',
      '/api/teams',
    ]);
    expect(pageRequests('/match/m%201')).toEqual(['/api/account/me', '/api/matches/m%201']);
    expect(pageRequests('/matches/official/o1')).toEqual([
      '/api/account/me',
      '/api/official-matches/o1',
    ]);
    expect(pageRequests('/tabell')).toEqual(['/api/account/me']);
    // 'preview' is no protocol (docs/spec/2-matches-protocols-admin.md §2): the page loads nothing.
    expect(pageRequests('/match/preview')).toEqual(['/api/account/me']);
    // A shared live link is outside the app's layout: it has no header, and no account.
    expect(pageRequests('/live/abc')).toEqual([]);
  });
});

describe('startPageRequests', () => {
  it('sends nothing for a signed-out visitor: /auth needs no account', () => {
    const network = stubFetch({});
    startPageRequests({ pathname: '/auth' });
    startPageRequests({ pathname: '/' });
    expect(network.calls).toEqual([]);
  });

  it("sends the page's reads at once, with the session's token, once each", () => {
    signInAs();
    const network = stubFetch({
      'GET /api/account/me': { json: makeAccount() },
      'GET /api/matches/m1': { json: makeMatch() },
    });
    startPageRequests({ pathname: '/match/m1' });
    startPageRequests({ pathname: '/match/m1' });
    expect(network.calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'GET /api/account/me',
      'GET /api/matches/m1',
    ]);
    expect(network.calls[1]?.headers.get('authorization')).toBe('Bearer test-token');
    expect(network.calls[1]?.headers.get('content-type')).toBe('application/json');
    expect(pendingEarlyRequests()).toEqual(['/api/account/me', '/api/matches/m1']);
  });

  it('sends nothing when the browser knows it is offline: the app shows its stored copy', () => {
    signInAs();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const network = stubFetch({});
    startPageRequests({ pathname: '/match/m1' });
    expect(network.calls).toEqual([]);
  });
});
