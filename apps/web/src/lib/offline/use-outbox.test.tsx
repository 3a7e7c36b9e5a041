import 'fake-indexeddb/auto';
import type { Match } from '@speedway/contracts';
import { QueryClient, QueryClientProvider, useIsRestoring } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '@/lib/auth';
import { queryKeys } from '@/lib/query-keys';
import { STORAGE_KEYS } from '@/lib/storage';
import { makeUser } from '@/testing/data';
import { makeMatch } from '@/testing/protocol-data';
import { closeOfflineDb, listEntries } from './db';
import { OUTBOX_CHANNEL } from './events';
import { enqueue } from './outbox';
import { PersistedQueryCache } from './persisted-cache';
import { restoreQueries } from './persist-queries';
import { heatEntry, heatOneReply } from './testing/entries';
import { fakeServer, freshIndexedDb } from './testing/fake-server';
import { loadOutbox, useOnline, useOutbox, useOutboxSync } from './use-outbox';

const A = 'user-a';
const B = 'user-b';

const heat = heatEntry;

function signIn(id: string) {
  localStorage.setItem(STORAGE_KEYS.token, `tok-${id}`);
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(makeUser({ id })));
}

function Count({ matchId }: { matchId?: string }) {
  const { count, ready } = useOutbox(matchId);
  const online = useOnline();
  return (
    <p>
      {ready ? `${count} osynkade` : 'läser'} {online ? 'online' : 'offline'}
    </p>
  );
}

function Sync() {
  useOutboxSync();
  // The sync starts once the device's copy of the queries is restored.
  return useIsRestoring() ? null : <p>synkar</p>;
}

function renderApp(queryClient = new QueryClient(), children: React.ReactNode = <Count />) {
  return render(
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <PersistedQueryCache>{children}</PersistedQueryCache>
      </AuthProvider>
    </QueryClientProvider>,
  );
}

beforeEach(freshIndexedDb);
afterEach(closeOfflineDb);

describe('useOutbox', () => {
  it("counts the signed-in user's entries, of all protocols or one, and follows changes", async () => {
    signIn(A);
    await enqueue(heat(A, 'm1', 1));
    renderApp(
      new QueryClient(),
      <>
        <Count />
        <Count matchId="m2" />
      </>,
    );
    expect(await screen.findByText('1 osynkade online')).toBeInTheDocument();
    expect(screen.getByText('0 osynkade online')).toBeInTheDocument();

    await act(() => enqueue(heat(A, 'm2', 1)));

    expect(await screen.findAllByText('2 osynkade online')).toHaveLength(1);
    expect(screen.getByText('1 osynkade online')).toBeInTheDocument();
  });

  it('read as the app starts (ADR 024): the first render has the entries, not a reading state', async () => {
    signIn(A);
    await enqueue(heat(A, 'm1', 1));
    await loadOutbox(A);
    renderApp();
    expect(screen.getByText('1 osynkade online')).toBeInTheDocument();
  });

  it("another user never counts A's entries", async () => {
    await enqueue(heat(A, 'm1', 1));
    await enqueue(heat(A, 'm1', 2));
    signIn(B);
    renderApp();
    expect(await screen.findByText('0 osynkade online')).toBeInTheDocument();
  });

  it('tells online from offline', async () => {
    signIn(A);
    renderApp();
    await screen.findByText('0 osynkade online');
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(screen.getByText('0 osynkade offline')).toBeInTheDocument();
    onLine.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    expect(screen.getByText('0 osynkade online')).toBeInTheDocument();
  });
});

describe('useOutboxSync', () => {
  it("sends the signed-in user's entries once the app starts and writes the reply into the cache", async () => {
    const server = fakeServer();
    const match = { ...makeMatch(), id: 'm1' };
    const reply = heatOneReply(match);
    server.script('/api/matches/m1/heat/1/save', { json: reply });
    await enqueue(heat(A, 'm1', 1));
    await enqueue(heat(B, 'm9', 1));
    signIn(A);
    const queryClient = new QueryClient();
    queryClient.setQueryData(queryKeys.match('m1'), match);

    renderApp(
      queryClient,
      <>
        <Sync />
        <Count />
      </>,
    );

    expect(await screen.findByText('0 osynkade online')).toBeInTheDocument();
    await waitFor(async () => expect(await listEntries(A)).toEqual([]));
    expect(server.requests.map((r) => [r.path, r.authorization])).toEqual([
      ['/api/matches/m1/heat/1/save', 'Bearer tok-user-a'],
    ]);
    const cached = queryClient.getQueryData<Match>(queryKeys.match('m1'));
    expect(cached?.home_score).toBe(4);
    expect(cached?.heats[0]?.rr).toBe(true);
    expect(await listEntries(B)).toHaveLength(1);
  });

  it("writes the server's version to the device's copy before the entry goes", async () => {
    const server = fakeServer();
    const match = { ...makeMatch(), id: 'm1' };
    const reply = heatOneReply(match);
    server.script('/api/matches/m1/heat/1/save', { json: reply });
    await enqueue(heat(A, 'm1', 1));
    signIn(A);
    const queryClient = new QueryClient();
    queryClient.setQueryData(queryKeys.match('m1'), match);

    renderApp(queryClient, <Sync />);

    await waitFor(async () => expect(await listEntries(A)).toEqual([]));
    // What a reload at this moment restores: the heat as the server has it.
    const restored = new QueryClient();
    expect(await restoreQueries(restored, A)).toBe(true);
    const kept = restored.getQueryData<Match>(queryKeys.match('m1'));
    expect(kept?.home_score).toBe(4);
    expect(kept?.heats[0]?.rr).toBe(true);
  });

  it('takes into its cache what another tab or the service worker sent for this user', async () => {
    fakeServer();
    signIn(A);
    const match = { ...makeMatch(), id: 'm1' };
    const queryClient = new QueryClient();
    queryClient.setQueryData(queryKeys.match('m1'), match);
    renderApp(queryClient, <Sync />);
    await screen.findByText('synkar');
    const entry = { ...(await enqueue(heat(A, 'm1', 1))), seq: 99 };
    const server = { ...match, away_score: 7 };
    const otherTab = new BroadcastChannel(OUTBOX_CHANNEL);

    otherTab.postMessage({
      type: 'settled',
      userId: A,
      seq: 99,
      outcome: 'sent',
      reply: server,
      entry,
      applied: { kind: 'match', match: server },
    });

    await waitFor(() =>
      expect(queryClient.getQueryData<Match>(queryKeys.match('m1'))?.away_score).toBe(7),
    );
    otherTab.close();
  });
});
