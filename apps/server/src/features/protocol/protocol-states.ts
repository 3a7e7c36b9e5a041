import type { Heat } from '@speedway/rules';
import type { Database } from '../../db/client';
import { Lru } from '../../lib/lru';
import type { MatchRow } from './protocol.repository';

/** A protocol as it was at `row.revision`: what a heat save is judged against. */
export type ProtocolState = { row: MatchRow; heats: Heat[] };

/**
 * The state each protocol had when this instance last wrote it (ADR 008). A heat save judges the
 * new heat against it and writes only if the protocol is still at that revision, a condition
 * checked by PostgreSQL in the write itself: a change from another instance or another path (a
 * nomination, a confirmation, a deletion) moves the revision, the write applies to nothing and
 * the save is judged again on the locked row. The cache thus saves the read of a save without
 * ever deciding anything on its own. Besides judging saves, it gives the reply of the read that
 * follows a save (ADR 025), keyed by the revision it holds, which a read checks against the
 * stored one first: it never answers for a revision PostgreSQL has moved past.
 */
const statesByDatabase = new WeakMap<Database, Lru<string, ProtocolState>>();

/** Protocols kept per instance: a match night's active protocols, a few KB each. */
const MAX_PROTOCOLS = 5_000;

export function protocolStates(db: Database): Lru<string, ProtocolState> {
  let states = statesByDatabase.get(db);
  if (!states) {
    states = new Lru(MAX_PROTOCOLS);
    statesByDatabase.set(db, states);
  }
  return states;
}
