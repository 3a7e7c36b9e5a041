import { afterAll } from 'vitest';

/**
 * Clears, when a test file ends, the timers it left running (a toast's auto-close, a retry's
 * back-off): jsdom is gone by the time they would fire, and a callback that reaches React then
 * throws "window is not defined" into the next file's run (an unhandled error fails the suite).
 */
export function sweepLeftoverTimers(): void {
  const pending = new Set<ReturnType<typeof setTimeout>>();
  const realSetTimeout = globalThis.setTimeout;
  const realClearTimeout = globalThis.clearTimeout;
  const tracked = (
    handler: (...args: unknown[]) => void,
    ms?: number,
    ...args: unknown[]
  ): ReturnType<typeof setTimeout> => {
    const id = realSetTimeout(
      (...callArgs: unknown[]) => {
        pending.delete(id);
        handler(...callArgs);
      },
      ms,
      ...args,
    );
    pending.add(id);
    return id;
  };
  globalThis.setTimeout = Object.assign(tracked, realSetTimeout) as typeof setTimeout;
  globalThis.clearTimeout = ((id?: ReturnType<typeof setTimeout>) => {
    if (id !== undefined) pending.delete(id);
    realClearTimeout(id);
  }) as typeof clearTimeout;
  afterAll(() => {
    for (const id of pending) realClearTimeout(id);
    pending.clear();
    globalThis.setTimeout = realSetTimeout;
    globalThis.clearTimeout = realClearTimeout;
  });
}
