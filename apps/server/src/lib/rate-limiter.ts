import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { tooManyRequests } from './errors';

export type Limit = { max: number; windowSeconds: number };

/**
 * Fixed-window counters in PostgreSQL, so that every instance on the database counts together.
 * `consume` counts every attempt; `assertBelow` + `consume` on failure count failures only.
 */
export function createRateLimiter(db: Database) {
  async function hit(key: string, limit: Limit): Promise<{ count: number; retryAfter: number }> {
    const result = await db.execute<{ count: number; retry_after: number }>(sql`
      INSERT INTO rate_limits (key, count, reset_at)
      VALUES (${key}, 1, now() + make_interval(secs => ${limit.windowSeconds}))
      ON CONFLICT (key) DO UPDATE SET
        count = CASE WHEN rate_limits.reset_at <= now() THEN 1 ELSE rate_limits.count + 1 END,
        reset_at = CASE WHEN rate_limits.reset_at <= now()
          THEN now() + make_interval(secs => ${limit.windowSeconds}) ELSE rate_limits.reset_at END
      RETURNING count, ceil(extract(epoch FROM reset_at - now()))::int AS retry_after`);
    const row = result.rows[0]!;
    return { count: Number(row.count), retryAfter: Math.max(1, Number(row.retry_after)) };
  }

  return {
    /** Counts this attempt and refuses it when the window's budget is spent. */
    async consume(key: string, limit: Limit): Promise<void> {
      const { count, retryAfter } = await hit(key, limit);
      if (count > limit.max) throw tooManyRequests(retryAfter);
    },
    /** Counts an attempt without refusing it (a failure that was already answered). */
    async record(key: string, limit: Limit): Promise<void> {
      await hit(key, limit);
    },
    /** Refuses when earlier recorded attempts already spent the budget. */
    async assertBelow(key: string, limit: Limit): Promise<void> {
      const result = await db.execute<{ count: number; retry_after: number }>(sql`
        SELECT count, ceil(extract(epoch FROM reset_at - now()))::int AS retry_after
        FROM rate_limits WHERE key = ${key} AND reset_at > now()`);
      const row = result.rows[0];
      if (row && Number(row.count) >= limit.max)
        throw tooManyRequests(Math.max(1, Number(row.retry_after)));
    },
    async clear(key: string): Promise<void> {
      await db.execute(sql`DELETE FROM rate_limits WHERE key = ${key}`);
    },
    async prune(): Promise<void> {
      await db.execute(sql`DELETE FROM rate_limits WHERE reset_at < now()`);
    },
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;

/** The limits, in one place. Keys are per account and per IP as DESIGN.md asks. */
export const LIMITS = {
  loginFailuresPerAccount: { max: 5, windowSeconds: 15 * 60 },
  loginFailuresPerIp: { max: 30, windowSeconds: 15 * 60 },
  twoFactorFailuresPerAccount: { max: 5, windowSeconds: 15 * 60 },
  twoFactorFailuresPerIp: { max: 30, windowSeconds: 15 * 60 },
  registerPerIp: { max: 10, windowSeconds: 60 * 60 },
  mailsPerAccount: { max: 3, windowSeconds: 60 * 60 },
  mailsPerIp: { max: 20, windowSeconds: 60 * 60 },
  tokenAttemptsPerIp: { max: 30, windowSeconds: 15 * 60 },
} satisfies Record<string, Limit>;
