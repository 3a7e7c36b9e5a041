import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { signInAs } from '@/testing/data';
import { pageQueries, PAGE_QUERIES, prefetchPageQueries } from './page-queries';
import { PAGE_REQUESTS, pageRequests } from './page-requests';

/** The GET paths the queries of `pathname` ask for when started in a fresh cache. */
async function pathsAskedFor(pathname: string): Promise<string[]> {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      asked.push(new URL(String(input), 'http://localhost').pathname);
      return new Response('null', { headers: { 'content-type': 'application/json' } });
    }),
  );
  // A reply of null fails some fetchers (they read the data): once is what counts here.
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await Promise.all(pageQueries(pathname).map((query) => query(queryClient)));
  queryClient.clear();
  return asked;
}

// The first script knows a page's reads by their paths (page-requests.ts, loaded by the entry); the
// app's queries are the features' own. If the two drifted apart, a read would go out twice.
describe("a page's queries ask for what its first script sent", () => {
  it.each([
    '/',
    '/match/7d0c5a8e',
    '/match/a%20b',
    '/match/preview',
    '/matches/official/o-1',
    '/tabell',
    '/statistik',
    '/forare/4b7e2c1a-0000-4000-8000-000000000001',
    '/lag/4b7e2c1a-0000-4000-8000-000000000002',
    '/account/security',
  ])('%s', async (pathname) => {
    signInAs();
    expect((await pathsAskedFor(pathname)).sort()).toEqual(pageRequests(pathname).sort());
  });

  it('covers every pattern of the first script, and no other', () => {
    expect(Object.keys(PAGE_QUERIES).sort()).toEqual(Object.keys(PAGE_REQUESTS).sort());
  });

  it('starts nothing outside the app, and leaves a fresh query alone', async () => {
    signInAs();
    expect(pageQueries('/live/abc')).toEqual([]);
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const queryClient = createQueryClient();
    queryClient.setQueryData(['account', 'me'], { id: 'u' });
    queryClient.setQueryData(['matches', 'm1'], { id: 'm1' });
    prefetchPageQueries(queryClient, '/match/m1');
    await Promise.resolve();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
