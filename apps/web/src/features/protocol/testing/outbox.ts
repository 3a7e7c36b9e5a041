import 'fake-indexeddb/auto';
import { afterEach, beforeAll, beforeEach } from 'vitest';
import { closeOutbox, freshIndexedDb } from '@/lib/offline/testing/fake-server';

/**
 * Saves go through the outbox (ADR 010 §4): each test gets an empty IndexedDB, and the runner,
 * which loads on first use, is transformed before the tests' time limits start (the machine is
 * shared; a dialog waits only 5 s for the first attempt).
 */
export function withOutbox(): void {
  beforeAll(async () => {
    await Promise.all([import('@/lib/offline/replay'), import('@/lib/offline/apply-reply')]);
  }, 60_000);
  beforeEach(freshIndexedDb);
  afterEach(closeOutbox);
}
