import type { OfficialMatchSummary } from '@speedway/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { patchOfficialMatch, queryKeys } from '@/lib/query-keys';
import { signInAs } from '@/testing/data';
import { stubFetch } from '@/testing/fetch-stub';
import { makeOfficialDetail, makeOfficialMatch } from '@/testing/protocol-data';
import { officialMatchesPath, useOfficialMatches } from './get-official-matches';

// The official list is asked for by window (README, "Official matches: the window"): the screens
// of today and the coming days by the server's default, a match's year by its days.

function renderWith(hook: () => ReturnType<typeof useOfficialMatches>) {
  const queryClient = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return { queryClient, ...renderHook(hook, { wrapper }) };
}

describe('officialMatchesPath', () => {
  it('sends no parameter for the default window, and one order for the others', () => {
    expect(officialMatchesPath()).toBe('/api/official-matches');
    expect(officialMatchesPath({})).toBe('/api/official-matches');
    expect(officialMatchesPath({ season: 2026 })).toBe('/api/official-matches?season=2026');
    expect(officialMatchesPath({ to: '2026-12-31', from: '2026-01-01' })).toBe(
      '/api/official-matches?from=2026-01-01&to=2026-12-31',
    );
  });
});

describe('useOfficialMatches', () => {
  it('asks for the default window without parameters, under the list key the app shares', async () => {
    signInAs();
    const next = makeOfficialMatch();
    const network = stubFetch({ 'GET /api/official-matches': { json: [next] } });
    const { result, queryClient } = renderWith(() => useOfficialMatches());
    await waitFor(() => expect(result.current.data).toHaveLength(1));
    expect(network.callsTo('GET /api/official-matches').map((c) => c.search)).toEqual(['']);
    expect(queryClient.getQueryData(queryKeys.officialMatches)).toEqual(result.current.data);
  });

  it('asks for a window by its days, kept apart from the default list', async () => {
    signInAs();
    const played = makeOfficialMatch({ start: '2025-06-01T17:00:00.000Z', status: 'completed' });
    const network = stubFetch({ 'GET /api/official-matches': { json: [played] } });
    const window = { from: '2025-01-01', to: '2025-12-31' };
    const { result, queryClient } = renderWith(() => useOfficialMatches(undefined, window));
    await waitFor(() => expect(result.current.data).toHaveLength(1));
    expect(network.callsTo('GET /api/official-matches').map((c) => c.search)).toEqual([
      '?from=2025-01-01&to=2025-12-31',
    ]);
    expect(queryClient.getQueryData(queryKeys.officialMatchesIn(window))).toHaveLength(1);
    expect(queryClient.getQueryData(queryKeys.officialMatches)).toBeUndefined();
  });
});

describe('patchOfficialMatch', () => {
  it('changes the match in every window of the list and its detail, and nothing else', () => {
    const queryClient = createQueryClient();
    const detail = makeOfficialDetail();
    const match = makeOfficialMatch({ id: detail.id });
    const other = makeOfficialMatch();
    const season = queryKeys.officialMatchesIn({ season: 2026 });
    queryClient.setQueryData(queryKeys.officialMatches, [match, other]);
    queryClient.setQueryData(season, [other, match]);
    queryClient.setQueryData(queryKeys.officialMatch(detail.id), detail);

    patchOfficialMatch(queryClient, match.id, { followed: true });

    const followed = (key: readonly unknown[]) =>
      queryClient.getQueryData<OfficialMatchSummary[]>(key)!.map((m) => m.followed);
    expect(followed(queryKeys.officialMatches)).toEqual([true, false]);
    expect(followed(season)).toEqual([false, true]);
    expect(queryClient.getQueryData(queryKeys.officialMatch(detail.id))).toEqual({
      ...detail,
      followed: true,
    });
    // No copy is made where the cache held none.
    patchOfficialMatch(queryClient, other.id, { followed: true });
    expect(queryClient.getQueryData(queryKeys.officialMatch(other.id))).toBeUndefined();
  });
});
