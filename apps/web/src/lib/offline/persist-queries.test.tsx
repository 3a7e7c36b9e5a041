import 'fake-indexeddb/auto';
import type { Match } from '@speedway/contracts';
import { dehydrate, QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '@/lib/auth';
import { queryKeys } from '@/lib/query-keys';
import { endSession } from '@/lib/session';
import { STORAGE_KEYS } from '@/lib/storage';
import { makeUser } from '@/testing/data';
import { makeMatch } from '@/testing/protocol-data';
import { openDB } from 'idb';
import {
  addEntry,
  closeOfflineDb,
  listEntries,
  OFFLINE_DB_NAME,
  openOfflineDb,
  readQueries,
  readSession,
  writeQueries,
  writeSession,
} from './db';
import { PersistedQueryCache, restoreBeforeStart } from './persisted-cache';
import {
  CACHE_BUSTER,
  isToday,
  PERSIST_MAX_AGE_MS,
  persistQueries,
  restoreQueries,
} from './persist-queries';
import { freshIndexedDb } from './testing/fake-server';

const A = 'user-a';
const B = 'user-b';
const NOW = Date.parse('2026-11-23T12:00:00Z');
const HOUR = 3_600_000;

function client() {
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
}

function match(id: string, date: string, officialId: string | null = null): Match {
  return { ...makeMatch(), id, date, official_match_id: officialId };
}

/** Puts data in the cache as if it had been fetched `ago` ms before NOW. */
function seed(queryClient: QueryClient, key: readonly unknown[], data: unknown, ago = 0) {
  queryClient.setQueryData(key, data, { updatedAt: NOW - ago });
}

async function persistedKeys(userId: string): Promise<string[]> {
  const row = await readQueries(userId);
  return (row?.state.queries ?? []).map((q) => JSON.stringify(q.queryKey)).sort();
}

function entry(userId: string, matchId: string) {
  return {
    userId,
    matchId,
    kind: 'heat' as const,
    heatNumber: 1,
    method: 'POST' as const,
    path: `/api/matches/${matchId}/heat/1/save`,
    body: {},
    key: crypto.randomUUID(),
    base: '',
    expect: '',
    state: 'queued' as const,
    attempts: 0,
    nextAttemptAt: 0,
    createdAt: 0,
  };
}

beforeEach(freshIndexedDb);
afterEach(closeOfflineDb);

describe('persisted queries: what is kept', () => {
  it('keeps lists, protocols of today / fetched in 24 h / with unsent changes, their riders and official matches; nothing else', async () => {
    const queryClient = client();
    seed(queryClient, queryKeys.matches, []);
    seed(
      queryClient,
      queryKeys.match('today'),
      match('today', '2026-11-23T18:00:00.000Z', 'o-today'),
      30 * HOUR,
    );
    seed(
      queryClient,
      queryKeys.match('recent'),
      match('recent', '2026-10-01T18:00:00.000Z'),
      2 * HOUR,
    );
    seed(
      queryClient,
      queryKeys.match('pending'),
      match('pending', '2026-10-02T18:00:00.000Z', 'o-pending'),
      40 * HOUR,
    );
    seed(
      queryClient,
      queryKeys.match('old'),
      match('old', '2026-10-03T18:00:00.000Z', 'o-old'),
      30 * HOUR,
    );
    seed(queryClient, queryKeys.teamRiders('t1', 'today'), { riders: [] });
    seed(queryClient, queryKeys.teamRiders('t1', 'old'), { riders: [] });
    seed(queryClient, queryKeys.officialMatches, []);
    seed(queryClient, queryKeys.officialMatch('o-today'), { id: 'o-today' }, 30 * HOUR);
    seed(queryClient, queryKeys.officialMatch('o-pending'), { id: 'o-pending' });
    seed(queryClient, queryKeys.officialMatch('o-old'), { id: 'o-old' });
    seed(queryClient, queryKeys.userMatches, []);
    seed(queryClient, queryKeys.userMatch('s-recent'), { id: 's' }, HOUR);
    seed(queryClient, queryKeys.userMatch('s-old'), { id: 's' }, 25 * HOUR);
    seed(queryClient, ['account', 'me'], { id: A });
    seed(queryClient, ['notifications', 'inbox', 20], []);
    seed(queryClient, ['ads', 'select'], {});
    seed(queryClient, ['tutorials'], {});
    await addEntry(entry(A, 'pending'));

    await persistQueries(queryClient, A, NOW);

    expect(await persistedKeys(A)).toEqual(
      [
        '["matches"]',
        '["matches","today"]',
        '["matches","recent"]',
        '["matches","pending"]',
        '["teams","t1","riders","today"]',
        '["official-matches"]',
        '["official-matches","o-today"]',
        '["official-matches","o-pending"]',
        '["user-matches"]',
        '["user-matches","s-recent"]',
      ].sort(),
    );
    expect((await readQueries(A))?.buster).toBe(CACHE_BUSTER);
  });

  it("tells today's date in Stockholm time", () => {
    const lateEvening = Date.parse('2026-11-23T22:30:00Z'); // 23:30 in Stockholm
    expect(isToday('2026-11-23T17:00:00Z', lateEvening)).toBe(true);
    expect(isToday('2026-11-23T23:30:00Z', lateEvening)).toBe(false); // 00:30 the next day
    expect(isToday('2026-11-23', lateEvening)).toBe(true);
    expect(isToday(null, lateEvening)).toBe(false);
    expect(isToday('not a date', lateEvening)).toBe(false);
  });
});

describe('persisted queries: restore', () => {
  it("restores only the signed-in user's row", async () => {
    const a = client();
    seed(a, queryKeys.matches, [{ id: 'of-a' }]);
    await persistQueries(a, A, NOW);
    const b = client();
    seed(b, queryKeys.matches, [{ id: 'of-b' }]);
    await persistQueries(b, B, NOW);

    const fresh = client();
    expect(await restoreQueries(fresh, B, NOW)).toBe(true);
    expect(fresh.getQueryData(queryKeys.matches)).toEqual([{ id: 'of-b' }]);
    expect(await restoreQueries(client(), 'user-c', NOW)).toBe(false);
  });

  it('restores a list and an official match stale, with their age, and a protocol as it was', async () => {
    const a = client();
    seed(a, queryKeys.matches, [{ id: 'of-a' }]);
    seed(a, queryKeys.match('today'), match('today', '2026-11-23T18:00:00.000Z', 'official-1'));
    seed(a, queryKeys.officialMatch('official-1'), { id: 'official-1', user_match_id: null });
    await persistQueries(a, A, NOW);

    const restored = client();
    expect(await restoreQueries(restored, A, NOW)).toBe(true);
    const list = restored.getQueryCache().find({ queryKey: queryKeys.matches })!;
    expect(list.state.data).toEqual([{ id: 'of-a' }]);
    expect(list.state.dataUpdatedAt).toBe(NOW);
    // Invalidated (NOW is in the past, so "stale by time" would be true without it).
    expect(list.state.isInvalidated).toBe(true);
    const protocol = restored.getQueryCache().find({ queryKey: queryKeys.match('today') })!;
    expect(protocol.state.data).toMatchObject({ id: 'today' });
    expect(protocol.state.isInvalidated).toBe(false);
    // An official match carries the caller's part (own protocol, saved protocol): fetched again
    // too, as a protocol saved on another device shows there (rough-edges.spec.ts).
    const official = restored.getQueryCache().find({
      queryKey: queryKeys.officialMatch('official-1'),
    })!;
    expect(official.state.data).toMatchObject({ id: 'official-1' });
    expect(official.state.isInvalidated).toBe(true);
  });

  it('leaves alone a query the cache already answered newer, as the app asked for it at start (ADR 021)', async () => {
    const a = client();
    seed(a, queryKeys.matches, [{ id: 'old' }], HOUR);
    seed(a, queryKeys.officialMatches, [{ id: 'official-old' }], HOUR);
    await persistQueries(a, A, NOW);

    const started = client();
    // The page's own query answered before the row was read; the other one is the row's.
    seed(started, queryKeys.matches, [{ id: 'new' }]);
    expect(await restoreQueries(started, A, NOW)).toBe(true);
    const list = started.getQueryCache().find({ queryKey: queryKeys.matches })!;
    expect(list.state.data).toEqual([{ id: 'new' }]);
    expect(list.state.isInvalidated).toBe(false);
    const officials = started.getQueryCache().find({ queryKey: queryKeys.officialMatches })!;
    expect(officials.state.data).toEqual([{ id: 'official-old' }]);
    expect(officials.state.isInvalidated).toBe(true);
  });

  it('keeps the last answer of a protocol whose refetch failed offline, restored as data', async () => {
    const a = client();
    seed(a, queryKeys.match('today'), match('today', '2026-11-23T18:00:00.000Z'), HOUR);
    // Reopened offline after its copy went stale: the refetch fails, the data stays.
    await a
      .fetchQuery({
        queryKey: queryKeys.match('today'),
        queryFn: () => Promise.reject(new TypeError('Failed to fetch')),
        staleTime: 0,
      })
      .catch(() => undefined);
    expect(a.getQueryState(queryKeys.match('today'))?.status).toBe('error');
    await persistQueries(a, A, NOW);

    const reopened = client();
    expect(await restoreQueries(reopened, A, NOW)).toBe(true);
    const protocol = reopened.getQueryState(queryKeys.match('today'))!;
    expect(protocol.status).toBe('success');
    expect(protocol.error).toBeNull();
    expect(protocol.data).toMatchObject({ id: 'today' });
    expect(protocol.dataUpdatedAt).toBe(NOW - HOUR);
  });

  it('drops a row of another CACHE_BUSTER, and never the outbox', async () => {
    await writeQueries({
      userId: A,
      buster: 'old',
      savedAt: NOW,
      state: { queries: [], mutations: [] },
    });
    await addEntry(entry(A, 'm'));
    expect(await restoreQueries(client(), A, NOW)).toBe(false);
    expect(await readQueries(A)).toBeUndefined();
    expect(await listEntries(A)).toHaveLength(1);
  });

  it('drops a row older than 48 h, unless the user has unsent changes', async () => {
    const queryClient = client();
    seed(queryClient, queryKeys.matches, [{ id: 'x' }]);
    await persistQueries(queryClient, A, NOW);
    const later = NOW + PERSIST_MAX_AGE_MS + 1;

    await addEntry(entry(A, 'm'));
    expect(await restoreQueries(client(), A, later)).toBe(true);

    await freshIndexedDb();
    await persistQueries(queryClient, A, NOW);
    expect(await restoreQueries(client(), A, NOW + PERSIST_MAX_AGE_MS - 1)).toBe(true);
    expect(await restoreQueries(client(), A, later)).toBe(false);
    expect(await readQueries(A)).toBeUndefined();
  });
});

/** Each persisted query of the user: its key and when its row was last written. */
async function rowsOf(userId: string) {
  const rows = await (await openOfflineDb()).getAll('query-rows');
  return Object.fromEntries(
    rows.filter((row) => row.userId === userId).map((row) => [row.queryHash, row.savedAt]),
  );
}

describe('persisted queries: what a write touches', () => {
  it('writes only the queries whose answer changed (a heat saved: the protocol and the list)', async () => {
    const queryClient = client();
    const today = '2026-11-23T18:00:00.000Z';
    seed(queryClient, queryKeys.matches, [{ id: 'm1' }]);
    seed(queryClient, queryKeys.match('m1'), match('m1', today));
    seed(queryClient, queryKeys.match('m2'), match('m2', today));
    seed(queryClient, queryKeys.officialMatches, [{ id: 'o1' }]);
    await persistQueries(queryClient, A, NOW);

    seed(queryClient, queryKeys.match('m1'), { ...match('m1', today), home_score: 4 }, -1000);
    seed(queryClient, queryKeys.matches, [{ id: 'm1', home_score: 4 }], -1000);
    await persistQueries(queryClient, A, NOW + 1000);

    expect(await rowsOf(A)).toEqual({
      '["matches"]': NOW + 1000,
      '["matches","m1"]': NOW + 1000,
      '["matches","m2"]': NOW,
      '["official-matches"]': NOW,
    });
    const restored = client();
    await restoreQueries(restored, A, NOW + 1000);
    expect(restored.getQueryData<Match>(queryKeys.match('m1'))?.home_score).toBe(4);
  });

  it('deletes a query no longer kept, and writes again what someone else deleted', async () => {
    const queryClient = client();
    seed(queryClient, queryKeys.matches, [{ id: 'x' }]);
    seed(queryClient, queryKeys.officialMatches, [{ id: 'o1' }]);
    await persistQueries(queryClient, A, NOW);

    queryClient.removeQueries({ queryKey: queryKeys.officialMatches, exact: true });
    await persistQueries(queryClient, A, NOW + 1);
    expect(await rowsOf(A)).toEqual({ '["matches"]': NOW });

    // A full disk, or sign-out in another tab, took the rows: the next write puts all back.
    await (await openOfflineDb()).clear('query-rows');
    await persistQueries(queryClient, A, NOW + 2);
    expect(await rowsOf(A)).toEqual({ '["matches"]': NOW + 2 });
  });

  it("a restored copy is not written again until it changes, another user's never", async () => {
    const a = client();
    seed(a, queryKeys.matches, [{ id: 'a' }]);
    await persistQueries(a, A, NOW);
    const b = client();
    seed(b, queryKeys.matches, [{ id: 'b' }]);
    await persistQueries(b, B, NOW);

    const restored = client();
    await restoreQueries(restored, A, NOW + 5);
    await persistQueries(restored, A, NOW + 10);
    expect(await rowsOf(A)).toEqual({ '["matches"]': NOW });
    expect(await rowsOf(B)).toEqual({ '["matches"]': NOW });
  });

  it("moves version 1's one row per user into a row per query, keeping the outbox", async () => {
    await closeOfflineDb();
    const v1 = await openDB(OFFLINE_DB_NAME, 1, {
      upgrade(db) {
        const outbox = db.createObjectStore('outbox', { keyPath: 'seq', autoIncrement: true });
        outbox.createIndex('by-user', ['userId', 'seq']);
        outbox.createIndex('by-user-match', ['userId', 'matchId', 'seq']);
        db.createObjectStore('queries', { keyPath: 'userId' });
        db.createObjectStore('session');
      },
    });
    const old = client();
    seed(old, queryKeys.matches, [{ id: 'kept' }]);
    seed(old, queryKeys.officialMatches, [{ id: 'o1' }]);
    const state = dehydrate(old);
    await v1.put('queries', { userId: A, buster: CACHE_BUSTER, savedAt: NOW, state });
    await v1.add('outbox', entry(A, 'm'));
    v1.close();

    const restored = client();
    expect(await restoreQueries(restored, A, NOW)).toBe(true);
    expect(restored.getQueryData(queryKeys.matches)).toEqual([{ id: 'kept' }]);
    expect(await rowsOf(A)).toEqual({ '["matches"]': NOW, '["official-matches"]': NOW });
    expect(await listEntries(A)).toHaveLength(1);
    expect((await openOfflineDb()).objectStoreNames.contains('queries' as never)).toBe(false);
  });
});

describe('persisted queries: in the app', () => {
  function signIn(id: string) {
    localStorage.setItem(STORAGE_KEYS.token, `tok-${id}`);
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(makeUser({ id })));
  }

  function Matches({ fetcher }: { fetcher: () => Promise<unknown> }) {
    const { data } = useQuery({
      queryKey: queryKeys.matches,
      queryFn: fetcher,
      staleTime: Infinity,
    });
    return <p>{data === undefined ? 'ingen data' : JSON.stringify(data)}</p>;
  }

  function renderWith(queryClient: QueryClient, fetcher: () => Promise<unknown>) {
    return render(
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <PersistedQueryCache>
            <Matches fetcher={fetcher} />
          </PersistedQueryCache>
        </AuthProvider>
      </QueryClientProvider>,
    );
  }

  it('restores the cached copy before any query runs, then fetches it again', async () => {
    const cached = client();
    cached.setQueryData(queryKeys.matches, [{ id: 'cached' }]);
    await persistQueries(cached, A, Date.now());
    signIn(A);
    let answer: (value: unknown) => void = () => undefined;
    const fetcher = vi.fn(() => new Promise((resolve) => (answer = resolve)));

    renderWith(client(), fetcher);

    // The copy is on screen at once and, however fresh the query would call it, the server is
    // asked all the same: it may know more.
    expect(await screen.findByText('[{"id":"cached"}]')).toBeInTheDocument();
    await waitFor(() => expect(fetcher).toHaveBeenCalledTimes(1));
    answer([{ id: 'fetched' }]);
    expect(await screen.findByText('[{"id":"fetched"}]')).toBeInTheDocument();
  });

  it('restored as the app starts (ADR 024): the first render already shows the copy', async () => {
    const cached = client();
    cached.setQueryData(queryKeys.matches, [{ id: 'cached' }]);
    await persistQueries(cached, A, Date.now());
    signIn(A);
    const queryClient = client();
    await restoreBeforeStart(queryClient, A);
    const fetcher = vi.fn(() => new Promise(() => undefined));

    const rendered: string[] = [];
    function FirstRenders() {
      const { data } = useQuery({ queryKey: queryKeys.matches, queryFn: fetcher });
      rendered.push(data === undefined ? 'ingen data' : JSON.stringify(data));
      return null;
    }
    render(
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <PersistedQueryCache>
            <FirstRenders />
          </PersistedQueryCache>
        </AuthProvider>
      </QueryClientProvider>,
    );

    // Never a render without it (over the page's last view, it would show a loading state), and
    // not restored twice: the copy is asked for again from the server, once.
    expect(rendered[0]).toBe('[{"id":"cached"}]');
    expect(rendered).not.toContain('ingen data');
    await waitFor(() => expect(fetcher).toHaveBeenCalledTimes(1));
  });

  it('signed out: queries run at once, nothing is read', async () => {
    const fetcher = vi.fn().mockResolvedValue([{ id: 'fetched' }]);
    const open = vi.spyOn(indexedDB, 'open');
    renderWith(client(), fetcher);
    expect(await screen.findByText('[{"id":"fetched"}]')).toBeInTheDocument();
    expect(open).not.toHaveBeenCalled();
  });

  it('writes the cache a second after it changes, and keeps the session row for the service worker', async () => {
    signIn(A);
    const queryClient = client();
    renderWith(queryClient, () => Promise.resolve([{ id: 'fetched' }]));
    await screen.findByText('[{"id":"fetched"}]');
    await waitFor(async () => expect(await persistedKeys(A)).toEqual(['["matches"]']), {
      timeout: 3_000,
    });
    expect(await readSession()).toEqual({ userId: A, token: `tok-${A}` });
  });

  it.each(['manual', 'unauthorized', 'account_deleted'] as const)(
    'sign-out (%s) deletes the row and the session row',
    async (reason) => {
      signIn(A);
      const queryClient = client();
      seed(queryClient, queryKeys.matches, []);
      await persistQueries(queryClient, A, NOW);
      await writeSession({ userId: A, token: `tok-${A}` });
      await addEntry(entry(A, 'm'));

      endSession(reason);

      await waitFor(async () => expect(await readQueries(A)).toBeUndefined());
      expect(await readSession()).toBeUndefined();
      // Unsent changes wait for the user's return; a deleted account takes them along.
      expect(await listEntries(A)).toHaveLength(reason === 'account_deleted' ? 0 : 1);
    },
  );
});
