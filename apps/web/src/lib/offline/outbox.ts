import { isDue } from './backoff';
import { isOnline } from './connectivity';
import {
  addEntry,
  deleteEntry,
  deleteUserEntries,
  getEntry,
  listEntries,
  newEntry,
  updateEntry,
  type OutboxEntry,
} from './db';
import { emitOutboxEvent, kickReplayer, onOutboxEvent, type SendOutcome } from './events';
import { offlineNavigator } from './navigator';
import { askPersistentStorage, withStorageRoom } from './storage-full';

export { setOutboxReplayer } from './events';

// ADR 010 §4: every heat save, nomination and 'Spara protokoll' is put here before anything is
// sent, online too, and leaves only acknowledged or by the user's choice. No window or React.

/** What a caller hands in; the outbox adds the order, the key and the sending state. */
export type NewOutboxEntry = Pick<
  OutboxEntry,
  | 'userId'
  | 'matchId'
  | 'kind'
  | 'heatNumber'
  | 'method'
  | 'path'
  | 'body'
  | 'base'
  | 'expect'
  | 'then'
>;

/** How the first attempt went, as far as a waiting dialog needs to know. */
export type SendNowResult =
  | { status: 'sent'; reply: unknown }
  /**
   * Refused by the server: the entry is removed, the dialog shows the message
   * (docs/spec/2-matches-protocols-admin.md §8).
   */
  | { status: 'refused'; error: NonNullable<OutboxEntry['lastError']> }
  /** Kept on the device: offline, timed out, or behind another entry of the protocol. */
  | { status: 'pending' };

function kick(userId: string): void {
  kickReplayer(userId);
  // Online, the page sends it while its dialog waits; the service worker's Background Sync is for
  // what is left (offline, or a first attempt that did not get through: sendNow's 'pending').
  if (!isOnline()) registerBackgroundSync();
}

/** Where the browser has Background Sync, the service worker replays even with the app closed. */
function registerBackgroundSync(): void {
  void offlineNavigator()
    ?.serviceWorker?.ready.then((registration) => registration.sync?.register('speedway-outbox'))
    .catch(() => undefined);
}

function changed(userId: string): void {
  emitOutboxEvent({ type: 'changed', userId });
}

// The latest outcomes, for a caller that starts waiting after the runner already finished.
const recent = new Map<number, SendOutcome>();
onOutboxEvent((event) => {
  if (event.type !== 'settled') return;
  recent.set(event.seq, event);
  if (recent.size > 100) recent.delete(recent.keys().next().value as number);
});

/**
 * Keeps a change on the device, then starts sending. Throws StorageFullError when the device has
 * no room even after dropping the cached queries (the dialog keeps the draft).
 */
export async function enqueue(input: NewOutboxEntry, now = Date.now()): Promise<OutboxEntry> {
  void askPersistentStorage();
  const entry = await withStorageRoom(input.userId, () => addEntry(newEntry(input, now)));
  // A seq is new to this database; an outcome remembered under it belongs to a cleared one.
  recent.delete(entry.seq);
  changed(input.userId);
  kick(input.userId);
  return entry;
}

/** How long the device may take to get a change out before a dialog stops waiting for it. */
export const LEAVE_WAIT_MS = 10_000;

/**
 * Waits for an entry's first attempt: up to `waitMs` for the server once the request has left,
 * and up to LEAVE_WAIT_MS more for it to leave. A refusal removes the entry: the user is still
 * in the dialog and decides there. Anything unknown leaves it queued ('pending').
 */
export function sendNow(seq: number, waitMs = 5_000): Promise<SendNowResult> {
  return new Promise((resolve) => {
    let claimed = false;
    const claim = (): boolean => {
      if (claimed) return false;
      claimed = true;
      clearTimeout(timer);
      off();
      return true;
    };
    const finish = (result: SendNowResult) => {
      if (!claim()) return;
      if (result.status === 'pending') registerBackgroundSync();
      resolve(result);
    };
    const settle = (event: SendOutcome) => {
      if (event.outcome === 'sent') return finish({ status: 'sent', reply: event.reply });
      const lastError = event.entry?.lastError;
      const refused = event.outcome === 'conflict' || event.outcome === 'failed';
      if (!refused || !lastError) return finish({ status: 'pending' });
      // Claimed before the delete: a timer running out meanwhile must not report 'pending'.
      if (!claim()) return;
      void deleteEntry(seq, event.entry?.key)
        .then((removed) => {
          if (event.entry && removed) changed(event.entry.userId);
        })
        .finally(() => resolve({ status: 'refused', error: lastError }));
    };
    // The wait is for the server: it counts from the moment the change leaves the device. A busy
    // device (a weak phone, a loaded runner) took seconds to get it out, which ate the wait and
    // closed the dialog on a server that answered at once. Getting it out has a limit of its own.
    let timer = setTimeout(() => finish({ status: 'pending' }), waitMs + LEAVE_WAIT_MS);
    // Subscribed before anything is read, so no outcome slips between the read and the wait.
    const off = onOutboxEvent((event) => {
      if (event.type === 'settled' && event.seq === seq) settle(event);
      if (event.type === 'sending' && event.seq === seq && !claimed) {
        clearTimeout(timer);
        timer = setTimeout(() => finish({ status: 'pending' }), waitMs);
      }
    });

    void (async () => {
      const known = recent.get(seq);
      if (known) return settle(known);
      const entry = await getEntry(seq);
      if (!entry || !isOnline()) return finish({ status: 'pending' });
      const before = (await listEntries(entry.userId, entry.matchId)).filter((e) => e.seq < seq);
      // Behind a conflict (until the user has chosen) or a change waiting out server trouble.
      if (before.some((e) => !isDue(e, Date.now(), true))) return finish({ status: 'pending' });
      kick(entry.userId);
    })().catch(() => finish({ status: 'pending' }));
  });
}

/** A new key makes it a new request for the server: a refused key cannot be replayed. */
async function requeue(
  seq: number,
  from: OutboxEntry['state'][],
  patch: Partial<OutboxEntry> = {},
): Promise<OutboxEntry | undefined> {
  const entry = await updateEntry(seq, (e) =>
    from.includes(e.state)
      ? {
          ...e,
          ...patch,
          key: crypto.randomUUID(),
          state: 'queued',
          attempts: 0,
          nextAttemptAt: 0,
          lastError: undefined,
        }
      : null,
  );
  if (entry) {
    changed(entry.userId);
    kick(entry.userId);
  }
  return entry;
}

/**
 * 'Behåll min version': the caller has judged the entry on the server's state with the engine.
 * It keeps its place (seq), is made on the server's tag and goes again.
 */
export function keepMine(
  seq: number,
  tags: Pick<OutboxEntry, 'base' | 'expect'>,
): Promise<OutboxEntry | undefined> {
  return requeue(seq, ['conflict'], tags);
}

/** 'Försök igen' on a failed entry. */
export function retry(seq: number): Promise<OutboxEntry | undefined> {
  return requeue(seq, ['failed']);
}

/** 'Använd serverns version' or 'Ta bort ändringen': the change leaves the device. */
export async function discard(seq: number): Promise<void> {
  const entry = await getEntry(seq);
  if (!entry || !(await deleteEntry(seq))) return;
  changed(entry.userId);
  // The protocol may have been blocked by this entry.
  kick(entry.userId);
}

/** 'Radera ändringarna och logga ut': every unsent change of this user leaves the device. */
export async function discardAll(userId: string): Promise<void> {
  await deleteUserEntries(userId);
  changed(userId);
}
