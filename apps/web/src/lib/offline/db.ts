import type { CreateFromOfficialBody, HeatSaveBody, NominationsBody } from '@speedway/contracts';
import type { DehydratedState } from '@tanstack/react-query';
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

// ADR 010 §2: one database per origin, every row tagged with its user. Used by the app and by the
// service worker alike, so nothing here touches window, document or React.

export const OFFLINE_DB_NAME = 'speedway-offline';
const OFFLINE_DB_VERSION = 1;

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

/** A user's persisted query cache (ADR 010 §3). */
export type PersistedQueries = {
  userId: string;
  buster: string;
  savedAt: number;
  state: DehydratedState;
};

/** Who is signed in: what the service worker replays with. */
export type SessionRow = { userId: string; token: string };

interface OfflineSchema extends DBSchema {
  outbox: {
    key: number;
    value: OutboxEntry;
    indexes: { 'by-user': [string, number]; 'by-user-match': [string, string, number] };
  };
  queries: { key: string; value: PersistedQueries };
  session: { key: 'current'; value: SessionRow };
}

export type OfflineDb = IDBPDatabase<OfflineSchema>;

let connection: Promise<OfflineDb> | null = null;

export { hasIndexedDb } from './available';

export function openOfflineDb(): Promise<OfflineDb> {
  connection ??= openDB<OfflineSchema>(OFFLINE_DB_NAME, OFFLINE_DB_VERSION, {
    upgrade(db) {
      const outbox = db.createObjectStore('outbox', { keyPath: 'seq', autoIncrement: true });
      outbox.createIndex('by-user', ['userId', 'seq']);
      outbox.createIndex('by-user-match', ['userId', 'matchId', 'seq']);
      db.createObjectStore('queries', { keyPath: 'userId' });
      db.createObjectStore('session');
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

/** Closes the connection; the next call opens it again (tests reopen the database this way). */
export async function closeOfflineDb(): Promise<void> {
  const open = connection;
  connection = null;
  if (open) (await open.catch(() => null))?.close();
}

/** A user's entries in action order, of one protocol or of all. */
export async function listEntries(userId: string, matchId?: string): Promise<OutboxEntry[]> {
  const db = await openOfflineDb();
  if (matchId === undefined) {
    const range = IDBKeyRange.bound([userId, -Infinity], [userId, Infinity]);
    return db.getAllFromIndex('outbox', 'by-user', range);
  }
  const range = IDBKeyRange.bound([userId, matchId, -Infinity], [userId, matchId, Infinity]);
  return db.getAllFromIndex('outbox', 'by-user-match', range);
}

export async function countEntries(userId: string): Promise<number> {
  const db = await openOfflineDb();
  const range = IDBKeyRange.bound([userId, -Infinity], [userId, Infinity]);
  return db.countFromIndex('outbox', 'by-user', range);
}

export async function getEntry(seq: number): Promise<OutboxEntry | undefined> {
  return (await openOfflineDb()).get('outbox', seq);
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
  const current = await tx.store.get(seq);
  const next = current ? change(current) : null;
  if (next) await tx.store.put(next);
  await tx.done;
  return next ?? undefined;
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
  const current = await tx.store.get(seq);
  const remove = current !== undefined && (key === undefined || current.key === key);
  if (remove) await tx.store.delete(seq);
  // autoIncrement fills in seq: after every change the user has made so far.
  if (remove && next) await tx.store.add(next as OutboxEntry);
  await tx.done;
  return remove;
}

export async function deleteUserEntries(userId: string): Promise<void> {
  const db = await openOfflineDb();
  const tx = db.transaction('outbox', 'readwrite');
  const range = IDBKeyRange.bound([userId, -Infinity], [userId, Infinity]);
  for (const seq of await tx.store.index('by-user').getAllKeys(range)) await tx.store.delete(seq);
  await tx.done;
}

export async function readQueries(userId: string): Promise<PersistedQueries | undefined> {
  return (await openOfflineDb()).get('queries', userId);
}

export async function writeQueries(row: PersistedQueries): Promise<void> {
  await (await openOfflineDb()).put('queries', row);
}

export async function deleteQueries(userId: string): Promise<void> {
  await (await openOfflineDb()).delete('queries', userId);
}

export async function readSession(): Promise<SessionRow | undefined> {
  return (await openOfflineDb()).get('session', 'current');
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
  const tx = db.transaction(['queries', 'session'], 'readwrite');
  const session = tx.objectStore('session');
  const current = await session.get('current');
  if (current && (userId === undefined || current.userId === userId)) {
    await session.delete('current');
  }
  if (userId !== undefined) await tx.objectStore('queries').delete(userId);
  await tx.done;
}
