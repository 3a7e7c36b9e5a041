import { completed, openOfflineDb, type OutboxEntry } from './db';

// ADR 019: a protocol started on the device names the id it chose in its start and in every
// change queued after it. The server keeps one unfinished protocol per official match and user,
// so a start can be answered with another protocol (started on another device meanwhile): the
// changes queued behind the start then go to that one, in their order.

const protocolPath = (id: string) => `/api/matches/${encodeURIComponent(id)}/`;

/** A protocol's entries go to another protocol, in one transaction; their order (seq) is kept. */
export async function moveEntries(userId: string, from: string, to: string): Promise<void> {
  const db = await openOfflineDb();
  const tx = db.transaction('outbox', 'readwrite');
  const range = IDBKeyRange.bound([userId, from, -Infinity], [userId, from, Infinity]);
  const [oldPrefix, newPrefix] = [protocolPath(from), protocolPath(to)];
  await completed(tx, async () => {
    for (const entry of await tx.store.index('by-user-match').getAll(range)) {
      const path = entry.path.startsWith(oldPrefix)
        ? newPrefix + entry.path.slice(oldPrefix.length)
        : entry.path;
      await tx.store.put({ ...entry, matchId: to, path });
    }
  });
}

/** The protocol id a start was answered with (null when the reply names none). */
function startedId(reply: unknown): string | null {
  if (typeof reply !== 'object' || reply === null) return null;
  const id = (reply as { id?: unknown }).id;
  return typeof id === 'string' && id !== '' ? id : null;
}

/**
 * After a start's 2xx, before it leaves the outbox: when the server answered with another
 * protocol than the device's, the changes behind the start follow it there. A crash after this
 * resends the start with its key, gets the stored reply and finds nothing left to move.
 */
export async function followStartedProtocol(entry: OutboxEntry, reply: unknown): Promise<void> {
  if (entry.kind !== 'start-protocol') return;
  const id = startedId(reply);
  if (id && id !== entry.matchId) await moveEntries(entry.userId, entry.matchId, id);
}
