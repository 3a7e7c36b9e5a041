import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  addEntry,
  closeOfflineDb,
  completed,
  deleteEntry,
  listEntries,
  newEntry,
  openOfflineDb,
} from './db';
import { heatEntry } from './testing/entries';
import { freshIndexedDb } from './testing/fake-server';

// A transaction that fails part-way rejects its caller, and nothing else: the transaction's own
// abort (idb's `done`) must not become an unhandled rejection beside it (Vitest fails the run on
// one, as the browser logs "Uncaught (in promise) AbortError").

const A = 'user-a';

beforeEach(freshIndexedDb);
afterEach(closeOfflineDb);

describe('the device database: a transaction that fails', () => {
  it('rejects a change whose later step fails, and keeps what the transaction had changed', async () => {
    const first = await addEntry(newEntry(heatEntry(A, 'm', 1), 0));
    const second = await addEntry(newEntry(heatEntry(A, 'm', 2), 0));
    // A follow-up under the key of an entry that exists: its add fails after the delete.
    const clash = { ...newEntry(heatEntry(A, 'm', 3), 0), seq: second.seq };

    await expect(deleteEntry(first.seq, first.key, clash)).rejects.toMatchObject({
      name: 'ConstraintError',
    });
    expect((await listEntries(A)).map((entry) => entry.seq)).toEqual([first.seq, second.seq]);
  });

  it('rejects a read whose transaction is aborted', async () => {
    const tx = (await openOfflineDb()).transaction('session', 'readonly');

    const reading = completed(tx, () => {
      const row = tx.store.get('current');
      tx.abort();
      return row;
    });

    await expect(reading).rejects.toMatchObject({ name: 'AbortError' });
  });
});
