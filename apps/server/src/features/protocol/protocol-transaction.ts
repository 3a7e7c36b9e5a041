import type { MatchState } from '@speedway/rules';
import type { AppContext } from '../../context';
import type { Transaction } from '../../db/client';
import { notFound } from '../../lib/errors';
import type { KeyClaim } from '../../lib/keyed-transaction';
import { toMatchState } from './protocol.mapper';
import { matchesRepository as repo, type MatchRow } from './protocol.repository';

export const PROTOCOL_NOT_FOUND = 'Matchprotokollet finns inte.';

/**
 * Runs a change of a protocol in one transaction with its row locked, so that concurrent saves
 * (two devices, a double click) apply one after the other to the latest heats. Another user's
 * protocol is 404. With an Idempotency-Key, its claim is the transaction's first statement, before
 * the protocol's lock: a repeat in flight is told 409 at once instead of waiting for that lock.
 */
export async function changeProtocol<T>(
  ctx: AppContext,
  userId: string,
  id: string,
  change: (tx: Transaction, row: MatchRow, state: MatchState) => Promise<T>,
  key: KeyClaim | null = null,
): Promise<T> {
  return ctx.db.transaction(async (tx) => {
    await key?.claim(tx);
    const row = await repo.lockOwned(tx, userId, id);
    if (!row) throw notFound(PROTOCOL_NOT_FOUND);
    const state = toMatchState(row, await repo.heats(tx, id));
    return change(tx, row, state);
  });
}
