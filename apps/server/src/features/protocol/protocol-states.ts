import type { Heat } from '@speedway/rules';
import type { Database } from '../../db/client';
import { Lru } from '../../lib/lru';
import type { MatchRow } from './protocol.repository';

/** A protocol as it was at `row.revision`: what a heat save is judged against. */
export type ProtocolState = { row: MatchRow; heats: Heat[] };

/** A row's fields that are trees of objects: kept as text (below). */
type Nested = Pick<MatchRow, 'lineups' | 'tactical'> & { heats: Heat[] };
type Packed = { row: Omit<MatchRow, 'lineups' | 'tactical'>; nested: string };

/** Protocols kept per instance: a match night's active protocols, a few KB each. */
const MAX_PROTOCOLS = 5_000;

/**
 * The state each protocol had when this instance last wrote it (ADR 008). A heat save judges the
 * new heat against it and writes only if the protocol is still at that revision, a condition
 * checked by PostgreSQL in the write itself: a change from another instance or another path (a
 * nomination, a confirmation, a deletion) moves the revision, the write applies to nothing and
 * the save is judged again on the locked row. The cache thus saves the read of a save without
 * ever deciding anything on its own. Besides judging saves, it gives the reply of the read that
 * follows a save (ADR 025), keyed by the revision it holds, which a read checks against the
 * stored one first: it never answers for a revision PostgreSQL has moved past.
 *
 * A protocol's line-ups, tactical rules and heats are kept as one JSON text and parsed again for
 * each use (ADR 030, amended): as objects, 2,000 protocols on a match night were some 800,000 small
 * objects and strings (each heat's riders and results, with their own copies of ids and names),
 * which every major collection had to walk; as text they are 2,000 strings, and a save parses its
 * own protocol's few KB in tens of microseconds. Each `get` gives fresh objects, so a caller can
 * never change what is kept.
 */
export class ProtocolStates {
  private readonly packed = new Lru<string, Packed>(MAX_PROTOCOLS);

  get size(): number {
    return this.packed.size;
  }

  get(id: string): ProtocolState | undefined {
    const found = this.packed.get(id);
    if (!found) return undefined;
    const { heats, ...nested } = JSON.parse(found.nested) as Nested;
    return { row: { ...found.row, ...nested }, heats };
  }

  set(id: string, { row, heats }: ProtocolState): void {
    const { lineups, tactical, ...flat } = row;
    const nested: Nested = { lineups, tactical, heats };
    this.packed.set(id, { row: flat, nested: JSON.stringify(nested) });
  }

  delete(id: string): void {
    this.packed.delete(id);
  }
}

const statesByDatabase = new WeakMap<Database, ProtocolStates>();

export function protocolStates(db: Database): ProtocolStates {
  let states = statesByDatabase.get(db);
  if (!states) {
    states = new ProtocolStates();
    statesByDatabase.set(db, states);
  }
  return states;
}
