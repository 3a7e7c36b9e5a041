import { describe, expect, it } from 'vitest';
import type { OutboxEntry } from '@/lib/offline/db';
import { firstProtocolWithEntries } from './sync-badge';

const entry = (seq: number, matchId: string, state: OutboxEntry['state']) =>
  ({ seq, matchId, state }) as OutboxEntry;

describe('firstProtocolWithEntries', () => {
  it('is the protocol of the oldest change while all are on their way', () => {
    expect(firstProtocolWithEntries([entry(1, 'm1', 'sending'), entry(2, 'm2', 'queued')])).toBe(
      'm1',
    );
  });

  it('is first a protocol that waits for a choice: a conflict or a failed change', () => {
    const queued = entry(1, 'm1', 'queued');
    expect(firstProtocolWithEntries([queued, entry(2, 'm2', 'conflict')])).toBe('m2');
    expect(firstProtocolWithEntries([queued, entry(3, 'm3', 'failed')])).toBe('m3');
  });

  it('is none without changes', () => {
    expect(firstProtocolWithEntries([])).toBeNull();
  });
});
