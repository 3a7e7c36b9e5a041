import type { Database, Executor, Transaction } from '../db/client';
import type { KeyRow, KeyScope } from './idempotency-store';

// A write's `Idempotency-Key` as the services use it, without HTTP: plugins/idempotency.ts makes
// a WriteKey of the request's header (ADR 009) and hands it to the service's write.

/** What a write does with the request's key, inside its own transaction. */
export type WriteKey<R> = {
  /**
   * The first statement of the write's transaction: takes the key's in-flight lock (409 when a
   * repeat holds it) and ends the write when a reply is stored under the key (it is sent instead;
   * another payload under the key is 422).
   */
  claim: (tx: Executor) => Promise<void>;
  /** The last statement of the write's transaction: stores the write's reply under the key. */
  store: (tx: Executor, result: R) => Promise<void>;
  /**
   * For a write that stores the key in its own statement (the heat save's one-statement write):
   * the row to insert; the reply in it is the one sent if that statement commits.
   */
  row: (result: R) => KeyRow;
  /** The key's scope, for that statement's in-flight lock. */
  scope: KeyScope;
};

/** The part of a key a transaction needs before it knows its reply. */
export type KeyClaim = Pick<WriteKey<unknown>, 'claim'>;

/**
 * `db.transaction` for a write that accepts a key: the key's claim is its first statement and the
 * reply's store its last. Without a key it is exactly `db.transaction(work)`.
 */
export function keyedTransaction<R>(
  db: Database,
  key: WriteKey<R> | null,
  work: (tx: Transaction) => Promise<R>,
): Promise<R> {
  return db.transaction(async (tx) => {
    await key?.claim(tx);
    const result = await work(tx);
    await key?.store(tx, result);
    return result;
  });
}
