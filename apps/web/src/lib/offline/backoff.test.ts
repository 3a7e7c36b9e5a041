import { describe, expect, it } from 'vitest';
import { backoffDelay, nextAttemptAt, parseRetryAfter } from './backoff';

describe('backoff', () => {
  it('doubles from 2 s up to 300 s', () => {
    const full = [1, 2, 3, 4, 5, 6, 7, 8, 9, 20].map((n) => backoffDelay(n, () => 1));
    expect(full).toEqual([2, 4, 8, 16, 32, 64, 128, 256, 300, 300].map((s) => s * 1000));
  });

  it('jitters each wait to 50–100 %', () => {
    expect(backoffDelay(3, () => 0)).toBe(4_000);
    expect(backoffDelay(3, () => 0.5)).toBe(6_000);
    for (let i = 0; i < 50; i++) {
      const delay = backoffDelay(5);
      expect(delay).toBeGreaterThanOrEqual(16_000);
      expect(delay).toBeLessThanOrEqual(32_000);
    }
  });

  it('reads Retry-After in seconds or as a date, and uses it instead of the backoff', () => {
    const now = Date.parse('2026-11-23T18:00:00Z');
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter('Mon, 23 Nov 2026 18:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Mon, 23 Nov 2026 17:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter(undefined, now)).toBeNull();
    expect(nextAttemptAt(1, now, 120_000)).toBe(now + 120_000);
    expect(nextAttemptAt(2, now, null, () => 1)).toBe(now + 4_000);
  });
});
