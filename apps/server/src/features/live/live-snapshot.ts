import { liveSnapshotOf, type LiveSnapshot } from '@speedway/contracts';
import type { Heat } from '@speedway/rules';
import { toMatch } from '../protocol/index';
import type { LiveProtocolRow } from './live.repository';

/** What a live link shows of a stored protocol; its version is the protocol's revision. */
export function toLiveSnapshot(row: LiveProtocolRow, heats: Heat[]): LiveSnapshot {
  return liveSnapshotOf(toMatch(row, heats), row.revision);
}
