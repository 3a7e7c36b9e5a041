import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Work on one list item at a time would hold the event loop for the whole of a large import (a
 * file may hold 50,000 matches), and every other request would wait. Past this much work in one
 * go, the loop gets a turn.
 */
export const SLICE_MS = 15;

/** Calls `fn` for each item in order, letting other work run between slices of SLICE_MS. */
export async function forEachInSlices<T>(
  items: readonly T[],
  fn: (item: T, index: number) => void,
  sliceMs = SLICE_MS,
): Promise<void> {
  let sliceStart = performance.now();
  for (let i = 0; i < items.length; i += 1) {
    fn(items[i]!, i);
    if (performance.now() - sliceStart >= sliceMs) {
      await nextTurn();
      sliceStart = performance.now();
    }
  }
}
