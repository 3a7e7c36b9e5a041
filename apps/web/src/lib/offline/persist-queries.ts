import type { Match } from '@speedway/contracts';
import {
  dehydrate,
  hydrate,
  type DehydratedState,
  type Query,
  type QueryClient,
} from '@tanstack/react-query';
import { swedishDay } from '../swedish-day';
import {
  countEntries,
  deleteQueries,
  listEntries,
  persistedQueryHashes,
  readQueries,
  writeQueryChanges,
} from './db';

// ADR 010 §3: what the protocol needs at the track, kept per user in IndexedDB, restored before
// queries run. Own code on react-query's dehydrate/hydrate (its persist packages pin another
// query-core). Nothing else is kept: account, inbox, ads and tutorials are fetched when online.

/** Bump when a contract changes shape: the cached queries go, the outbox never does. */
export const CACHE_BUSTER = '1';
/** Older cached queries are dropped, unless the user has unsent changes that need them. */
export const PERSIST_MAX_AGE_MS = 48 * 60 * 60 * 1000;
const RECENT_MS = 24 * 60 * 60 * 1000;

/** Whether a match date (ISO time or a plain day) falls on today's date in Sweden. */
export function isToday(date: string | null, now: number): boolean {
  if (!date) return false;
  if (/^\d{4}-\d{2}-\d{2}$/.test(date)) return date === swedishDay(now);
  const at = Date.parse(date);
  return !Number.isNaN(at) && swedishDay(at) === swedishDay(now);
}

type Keep = { now: number; pendingMatchIds: ReadonlySet<string> };

function recent(query: Query, now: number): boolean {
  return query.state.dataUpdatedAt > now - RECENT_MS;
}

/**
 * The queries worth keeping (ADR 010 §3): the protocol list; a protocol of today, fetched in the
 * last day or with unsent changes, with its teams' riders and its official match; the official
 * match list; the saved list and saved matches fetched in the last day.
 */
export function persistedQueryFilter(queryClient: QueryClient, { now, pendingMatchIds }: Keep) {
  const kept = new Set<string>();
  const officialIds = new Set<string>();
  for (const query of queryClient.getQueryCache().findAll({ queryKey: ['matches'] })) {
    const [, id] = query.queryKey;
    const match = query.state.data as Match | undefined;
    if (query.queryKey.length !== 2 || typeof id !== 'string' || !match) continue;
    if (pendingMatchIds.has(id) || isToday(match.date, now) || recent(query, now)) {
      kept.add(id);
      if (match.official_match_id) officialIds.add(match.official_match_id);
    }
  }

  return (query: Query): boolean => {
    // The last answer the server gave is kept even when a later fetch failed (offline at the
    // track): that copy is what the page shows until the network is back.
    if (query.state.data === undefined) return false;
    const key = query.queryKey;
    const [root, id] = key;
    if (key.length === 1) {
      return root === 'matches' || root === 'official-matches' || root === 'user-matches';
    }
    if (key.length === 2 && typeof id === 'string') {
      if (root === 'matches') return kept.has(id);
      if (root === 'official-matches') return officialIds.has(id);
      if (root === 'user-matches') return recent(query, now);
    }
    // ['teams', teamId, 'riders', matchId]
    if (root === 'teams' && key[2] === 'riders' && typeof key[3] === 'string') {
      return kept.has(key[3]);
    }
    return false;
  };
}

/** ['matches', id]: a protocol as the device holds it. */
function isProtocolCopy(key: readonly unknown[]): boolean {
  return key.length === 2 && key[0] === 'matches';
}

/**
 * Each query as its last success: a failed refetch (no network) is not kept, so a restored copy
 * is shown as data, not as an error, and fetched again when a page shows it.
 */
function lastGood(state: DehydratedState): DehydratedState {
  return {
    ...state,
    queries: state.queries.map((query) =>
      query.state.status === 'error'
        ? {
            ...query,
            state: {
              ...query.state,
              status: 'success',
              error: null,
              errorUpdatedAt: 0,
              errorUpdateCount: 0,
              fetchFailureCount: 0,
              fetchFailureReason: null,
            },
          }
        : query,
    ),
  };
}

/**
 * What the device holds of each user's queries as this cache last wrote or read them: query hash
 * → the dataUpdatedAt written. A write then puts only the queries whose answer changed since
 * (after a heat save: the protocol and the list) and deletes those no longer kept.
 */
const written = new WeakMap<QueryClient, { userId: string; hashes: Map<string, number> }>();

function remember(queryClient: QueryClient, userId: string, state: DehydratedState) {
  const hashes = new Map(state.queries.map((q) => [q.queryHash, q.state.dataUpdatedAt]));
  written.set(queryClient, { userId, hashes });
}

/**
 * Writes what is worth keeping now of the signed-in user's queries: the queries whose answer
 * changed since this cache last wrote or read them, and the removal of those no longer kept.
 * A full disk only loses the cache.
 */
export async function persistQueries(
  queryClient: QueryClient,
  userId: string,
  now = Date.now(),
): Promise<void> {
  const pendingMatchIds = new Set((await listEntries(userId)).map((entry) => entry.matchId));
  const shouldDehydrateQuery = persistedQueryFilter(queryClient, { now, pendingMatchIds });
  const state = lastGood(
    dehydrate(queryClient, { shouldDehydrateQuery, shouldDehydrateMutation: () => false }),
  );
  // What the device holds now (another tab, the service worker or a full disk may have deleted
  // rows since), at the version this cache knows; one it has not written or read is rewritten.
  const known = written.get(queryClient);
  const stored = await persistedQueryHashes(userId).catch(() => []);
  const before = new Map(
    stored.map((hash) => [hash, known?.userId === userId ? known.hashes.get(hash) : undefined]),
  );
  const kept = new Set(state.queries.map((q) => q.queryHash));
  try {
    await writeQueryChanges({
      userId,
      buster: CACHE_BUSTER,
      savedAt: now,
      put: state.queries.filter((q) => before.get(q.queryHash) !== q.state.dataUpdatedAt),
      remove: [...before.keys()].filter((hash) => !kept.has(hash)),
    });
    remember(queryClient, userId, state);
  } catch {
    // Quota or a closed database: the cache is a convenience, the outbox is what must be kept.
    written.delete(queryClient);
  }
}

/**
 * Restores the user's row into the cache, its lists stale. A row of another build's shape or older
 * than 48 h (with no unsent changes) is deleted instead. Returns whether anything was restored.
 */
export async function restoreQueries(
  queryClient: QueryClient,
  userId: string,
  now = Date.now(),
): Promise<boolean> {
  const row = await readQueries(userId);
  if (!row) return false;
  const expired = row.savedAt < now - PERSIST_MAX_AGE_MS && (await countEntries(userId)) === 0;
  if (row.buster !== CACHE_BUSTER || expired) {
    await deleteQueries(userId);
    return false;
  }
  hydrate(queryClient, row.state);
  remember(queryClient, userId, row.state);
  // What was restored is shown at once but fetched again as soon as a page shows it, however
  // recent the copy: the server may know more (a protocol started or saved on another device, or
  // a list whose copy was not yet written when the page closed). That holds for an official
  // match too: its caller's part (own protocol, saved protocol, followed) is in the same reply.
  // Invalidated, not re-dated: they keep their age. A protocol's own copy stays as it is: what
  // the device holds of it is its outbox's business. A query the cache already held newer (the
  // page's own, asked for as the app started: ADR 021) kept its answer and is not refetched.
  const restoredAt = new Map(row.state.queries.map((q) => [q.queryHash, q.state.dataUpdatedAt]));
  await queryClient.invalidateQueries({
    predicate: (query) =>
      !isProtocolCopy(query.queryKey) &&
      restoredAt.get(query.queryHash) === query.state.dataUpdatedAt,
    refetchType: 'none',
  });
  return true;
}
