import type { CreateFromOfficialBody, HeatSaveBody, NominationsBody } from '@speedway/contracts';
import type { DehydratedState } from '@tanstack/react-query';
import {
  openDB,
  type DBSchema,
  type IDBPDatabase,
  type IDBPObjectStore,
  type IDBPTransaction,
  type StoreNames,
} from 'idb';

// ADR 010 §2: one database per origin, every row tagged with its user. Used by the app and by the
// service worker alike, so nothing here touches window, document or React.

export const OFFLINE_DB_NAME = 'speedway-offline';
/** 1: outbox, one row of queries per user, session. 2: a row per query (query-rows). */
const OFFLINE_DB_VERSION = 2;

/** 'start-protocol': a protocol started on the device (ADR 019), first of its protocol. */
export type OutboxKind = 'start-protocol' | 'heat' | 'nominations' | 'save-protocol' | 'confirm';
export type OutboxState = 'queued' | 'sending' | 'conflict' | 'failed';

/** One change the user made, kept until the server has it or the user chose to drop it. */
export type OutboxEntry = {
  /** IndexedDB autoIncrement: the user's action order. */
  seq: number;
  userId: string;
  matchId: string;
  kind: OutboxKind;
  heatNumber?: number;
  method: 'POST' | 'PUT';
  path: string;
  body: CreateFromOfficialBody | HeatSaveBody | NominationsBody | Record<string, never>;
  /** Idempotency-Key: made once per user action, the same on every retry. */
  key: string;
  /** The If-Match tag of what the user saw. */
  base: string;
  /** The tag the local engine produced: what the server holds once this entry is applied. */
  expect: string;
  state: OutboxState;
  attempts: number;
  nextAttemptAt: number;
  createdAt: number;
  lastError?: { status: number; code?: string; message: string };
  /**
   * The request that follows this one once the server has it, on the same tags: put into the
   * outbox when this entry is acknowledged, before it leaves (replay.ts), so it is sent however
   * the first one got through (now, later, or by the service worker).
   */
  then?: FollowUp;
};

/** A change that follows another: what it sends; the outbox gives it its own key and order. */
export type FollowUp = Pick<OutboxEntry, 'kind' | 'method' | 'path' | 'body'>;

/** A user's persisted query cache (ADR 010 §3), as read and written whole. */
export type PersistedQueries = {
  userId: string;
  buster: string;
  savedAt: number;
  state: DehydratedState;
};

type DehydratedQuery = DehydratedState['queries'][number];

/**
 * One persisted query of a user: kept a row each, so writing what changed (one protocol after a
 * heat save) does not copy every other query the user keeps.
 */
export type PersistedQueryRow = {
  userId: string;
  queryHash: string;
  buster: string;
  savedAt: number;
  query: DehydratedQuery;
};

/** Who is signed in: what the service worker replays with. */
export type SessionRow = { userId: string; token: string };

interface OfflineSchema extends DBSchema {
  outbox: {
    key: number;
    value: OutboxEntry;
    indexes: { 'by-user': [string, number]; 'by-user-match': [string, string, number] };
  };
  'query-rows': { key: [string, string]; value: PersistedQueryRow };
  session: { key: 'current'; value: SessionRow };
}

export type OfflineDb = IDBPDatabase<OfflineSchema>;

let connection: Promise<OfflineDb> | null = null;

/**
 * Version 1 kept a user's queries in one row of the store 'queries': each becomes a row of its
 * own, and the old store goes. The outbox and the session are not touched.
 */
async function splitQueryRows(
  db: IDBPDatabase<OfflineSchema>,
  transaction: IDBPTransaction<OfflineSchema, StoreNames<OfflineSchema>[], 'versionchange'>,
  rows: IDBPObjectStore<OfflineSchema, StoreNames<OfflineSchema>[], 'query-rows', 'versionchange'>,
): Promise<void> {
  const untyped = db as unknown as IDBPDatabase;
  if (!untyped.objectStoreNames.contains('queries')) return;
  const old = (
    transaction as unknown as IDBPTransaction<unknown, string[], 'versionchange'>
  ).objectStore('queries');
  for (const { userId, buster, savedAt, state } of (await old.getAll()) as PersistedQueries[]) {
    for (const query of state.queries) {
      await rows.put({ userId, queryHash: query.queryHash, buster, savedAt, query });
    }
  }
  untyped.deleteObjectStore('queries');
}

export { hasIndexedDb } from './available';

export function openOfflineDb(): Promise<OfflineDb> {
  connection ??= openDB<OfflineSchema>(OFFLINE_DB_NAME, OFFLINE_DB_VERSION, {
    // By the stores present, not the version number: an empty database of an older version
    // (opened without one by another script) gets every store too.
    async upgrade(db, _oldVersion, _newVersion, transaction) {
      if (!db.objectStoreNames.contains('outbox')) {
        const outbox = db.createObjectStore('outbox', { keyPath: 'seq', autoIncrement: true });
        outbox.createIndex('by-user', ['userId', 'seq']);
        outbox.createIndex('by-user-match', ['userId', 'matchId', 'seq']);
      }
      if (!db.objectStoreNames.contains('session')) db.createObjectStore('session');
      if (!db.objectStoreNames.contains('query-rows')) {
        const rows = db.createObjectStore('query-rows', { keyPath: ['userId', 'queryHash'] });
        await splitQueryRows(db, transaction, rows);
      }
    },
    // A newer version in another tab wants the database: let it have it, open again on next use.
    blocking() {
      void closeOfflineDb();
    },
    terminated() {
      connection = null;
    },
  }).catch((error: unknown) => {
    connection = null;
    throw error;
  });
  return connection;
}

/**
 * The transaction's work, resolved once the transaction has committed. idb makes a transaction's
 * `done` with the transaction, and it rejects when the transaction aborts (a request failed; the
 * browser closed the database; iOS aborts a hidden page's transactions). Awaited only after the
 * work, it is never reached when a step of the work fails first, and its rejection goes unhandled
 * beside the error the caller gets: it is handled from the start, and the caller gets the work's
 * own error (a QuotaExceededError, say; not the AbortError that follows it). A read too: idb's
 * read shortcuts (db.get, db.getAll) leave a read transaction's `done` to nobody.
 */
export async function completed<T>(
  tx: { readonly done: Promise<void> },
  work: () => Promise<T>,
): Promise<T> {
  const { done } = tx;
  done.catch(() => undefined);
  const result = await work();
  await done;
  return result;
}

/** A read of one store, in a transaction of its own (see `completed`). */
async function read<Name extends StoreNames<OfflineSchema>, T>(
  name: Name,
  work: (tx: IDBPTransaction<OfflineSchema, [Name], 'readonly'>) => Promise<T>,
): Promise<T> {
  const tx = (await openOfflineDb()).transaction(name, 'readonly');
  return completed(tx, () => work(tx));
}

/** Closes the connection; the next call opens it again (tests reopen the database this way). */
export async function closeOfflineDb(): Promise<void> {
  const open = connection;
  connection = null;
  if (open) (await open.catch(() => null))?.close();
}

/** A user's entries in action order, of one protocol or of all. */
export async function listEntries(userId: string, matchId?: string): Promise<OutboxEntry[]> {
  if (matchId === undefined) {
    const range = IDBKeyRange.bound([userId, -Infinity], [userId, Infinity]);
    return read('outbox', (tx) => tx.store.index('by-user').getAll(range));
  }
  const range = IDBKeyRange.bound([userId, matchId, -Infinity], [userId, matchId, Infinity]);
  return read('outbox', (tx) => tx.store.index('by-user-match').getAll(range));
}

export async function countEntries(userId: string): Promise<number> {
  const range = IDBKeyRange.bound([userId, -Infinity], [userId, Infinity]);
  return read('outbox', (tx) => tx.store.index('by-user').count(range));
}

export async function getEntry(seq: number): Promise<OutboxEntry | undefined> {
  return read('outbox', (tx) => tx.store.get(seq));
}

/** A change as the user (or the change it follows) made it: new key, queued, due now. */
export function newEntry(
  input: Omit<OutboxEntry, 'seq' | 'key' | 'state' | 'attempts' | 'nextAttemptAt' | 'createdAt'>,
  now: number,
): Omit<OutboxEntry, 'seq'> {
  return {
    ...input,
    key: crypto.randomUUID(),
    state: 'queued',
    attempts: 0,
    nextAttemptAt: now,
    createdAt: now,
  };
}

export async function addEntry(entry: Omit<OutboxEntry, 'seq'>): Promise<OutboxEntry> {
  const db = await openOfflineDb();
  // autoIncrement fills in seq; the typed store wants the whole row.
  const seq = await db.add('outbox', entry as OutboxEntry);
  return { ...entry, seq };
}

/**
 * Changes an entry in one transaction, and only if it still exists: a runner that lost a race must
 * not bring back an entry another runner has acknowledged and deleted. Returns the new row.
 */
export async function updateEntry(
  seq: number,
  change: (entry: OutboxEntry) => OutboxEntry | null,
): Promise<OutboxEntry | undefined> {
  const db = await openOfflineDb();
  const tx = db.transaction('outbox', 'readwrite');
  return completed(tx, async () => {
    const current = await tx.store.get(seq);
    const next = current ? change(current) : null;
    if (next) await tx.store.put(next);
    return next ?? undefined;
  });
}

/**
 * Deletes an entry, only if it still carries this key when one is given (a retry made a new one).
 * `next` (the change that follows it) is added in the same transaction, only by the one caller
 * that deleted it: a crash or a second runner neither loses it nor adds it twice.
 */
export async function deleteEntry(
  seq: number,
  key?: string,
  next?: Omit<OutboxEntry, 'seq'>,
): Promise<boolean> {
  const db = await openOfflineDb();
  const tx = db.transaction('outbox', 'readwrite');
  return completed(tx, async () => {
    const current = await tx.store.get(seq);
    const remove = current !== undefined && (key === undefined || current.key === key);
    if (remove) await tx.store.delete(seq);
    // autoIncrement fills in seq: after every change the user has made so far.
    if (remove && next) await tx.store.add(next as OutboxEntry);
    return remove;
  });
}

export async function deleteUserEntries(userId: string): Promise<void> {
  const db = await openOfflineDb();
  const tx = db.transaction('outbox', 'readwrite');
  const range = IDBKeyRange.bound([userId, -Infinity], [userId, Infinity]);
  await completed(tx, async () => {
    for (const seq of await tx.store.index('by-user').getAllKeys(range)) {
      await tx.store.delete(seq);
    }
  });
}

/** Every key of one user in the query-rows store. */
const userRange = (userId: string) => IDBKeyRange.bound([userId, ''], [userId, '\uffff']);

/** The user's persisted queries as one state; the newest write's time; undefined when none. */
export async function readQueries(userId: string): Promise<PersistedQueries | undefined> {
  const rows = await read('query-rows', (tx) => tx.store.getAll(userRange(userId)));
  const first = rows[0];
  if (!first) return undefined;
  return {
    userId,
    // A row of another build's shape makes the whole copy another build's.
    buster: rows.find((row) => row.buster !== first.buster)?.buster ?? first.buster,
    savedAt: Math.max(...rows.map((row) => row.savedAt)),
    state: { mutations: [], queries: rows.map((row) => row.query) },
  };
}

/** Replaces the user's persisted queries with `row`'s. */
export async function writeQueries({ userId, buster, savedAt, state }: PersistedQueries) {
  await deleteQueries(userId);
  await writeQueryChanges({ userId, buster, savedAt, put: state.queries, remove: [] });
}

/** Writes the queries that changed and deletes those no longer kept, in one transaction. */
export async function writeQueryChanges(change: {
  userId: string;
  buster: string;
  savedAt: number;
  put: readonly DehydratedQuery[];
  remove: readonly string[];
}): Promise<void> {
  const { userId, buster, savedAt } = change;
  const tx = (await openOfflineDb()).transaction('query-rows', 'readwrite');
  await completed(tx, () =>
    Promise.all([
      ...change.put.map((query) =>
        tx.store.put({ userId, queryHash: query.queryHash, buster, savedAt, query }),
      ),
      ...change.remove.map((queryHash) => tx.store.delete([userId, queryHash])),
    ]),
  );
}

/** The hashes of the queries the user has persisted. */
export async function persistedQueryHashes(userId: string): Promise<string[]> {
  const keys = await read('query-rows', (tx) => tx.store.getAllKeys(userRange(userId)));
  return keys.map(([, queryHash]) => queryHash);
}

export async function deleteQueries(userId: string): Promise<void> {
  await (await openOfflineDb()).delete('query-rows', userRange(userId));
}

export async function readSession(): Promise<SessionRow | undefined> {
  return read('session', (tx) => tx.store.get('current'));
}

export async function writeSession(row: SessionRow): Promise<void> {
  await (await openOfflineDb()).put('session', row, 'current');
}

/**
 * The end of a session: the user's cached queries go, and the session row if it is theirs (the
 * service worker must not replay with a token that is gone). Their outbox stays (ADR 010 §8).
 */
export async function forgetSession(userId: string | undefined): Promise<void> {
  const db = await openOfflineDb();
  const tx = db.transaction(['query-rows', 'session'], 'readwrite');
  await completed(tx, async () => {
    const session = tx.objectStore('session');
    const current = await session.get('current');
    if (current && (userId === undefined || current.userId === userId)) {
      await session.delete('current');
    }
    if (userId !== undefined) await tx.objectStore('query-rows').delete(userRange(userId));
  });
}
