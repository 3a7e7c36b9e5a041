import type { OutboxEntry } from './db';

// ADR 010 §4: when a change that could not be sent is tried again. Attempts are unlimited and
// nothing is dropped by time; the wait only grows to five minutes.

const BASE_MS = 2_000;
const MAX_MS = 300_000;

/** min(300 s, 2 s·2^(attempts−1)), jittered to 50–100 % so devices back on the net do not align. */
export function backoffDelay(attempts: number, random: () => number = Math.random): number {
  const full = Math.min(MAX_MS, BASE_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(full * (0.5 + 0.5 * random()));
}

/** A Retry-After header (delay-seconds or an HTTP date) in milliseconds from now; null if absent or bad. */
export function parseRetryAfter(value: string | null | undefined, now: number): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** The time of the next attempt: the server's Retry-After when it gave one, else the backoff. */
export function nextAttemptAt(
  attempts: number,
  now: number,
  retryAfterMs: number | null = null,
  random: () => number = Math.random,
): number {
  return now + (retryAfterMs ?? backoffDelay(attempts, random));
}

/** A conflict or a failure waits for the user's choice, and so does the rest of its protocol. */
export function isBlocked(entry: Pick<OutboxEntry, 'state'>): boolean {
  return entry.state === 'conflict' || entry.state === 'failed';
}

/**
 * Whether an entry may be sent now. `wake` (online, visible, an enqueue): what last failed for
 * want of a network is due at once; server trouble (5xx, 429) keeps its wait.
 */
export function isDue(entry: OutboxEntry, now: number, wake: boolean): boolean {
  if (isBlocked(entry)) return false;
  // 'sending' after a crash or a closed tab: sent again with the same key.
  if (entry.state === 'sending') return true;
  return entry.nextAttemptAt <= now || (wake && entry.lastError?.status === 0);
}
