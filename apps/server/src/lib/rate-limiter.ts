import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../db/client';
import { sha256 } from './crypto';
import { tooManyRequests } from './errors';

export type Limit = { max: number; windowSeconds: number };

/** One part of a rate-limit key: a hash, so the counters hold no address, IP or id in clear. */
export const keyPart = (value: string) => sha256(value).slice(0, 24);

/**
 * A rate-limit key such as `login:acct-ip:<hash of address>:<hash of IP>`. Each part is hashed on
 * its own, so every row keyed on one address can still be found (and removed with the account).
 */
export const limitKey = (scope: string, ...parts: string[]) =>
  [scope, ...parts.map(keyPart)].join(':');

/**
 * Fixed-window counters in PostgreSQL, so that every instance on the database counts together.
 * Every attempt is counted BEFORE it is checked, in one atomic statement: of N parallel attempts
 * exactly the first `max` get a count within the limit, so no race lets more through. An attempt
 * that succeeds is refunded, so the counters count failures.
 */
export function createRateLimiter(db: Database) {
  async function hit(
    key: string,
    limit: Limit,
    executor: Executor,
  ): Promise<{ count: number; retryAfter: number }> {
    const result = await executor.execute<{ count: number; retry_after: number }>(sql`
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
    /**
     * Counts this attempt and refuses it (429) when the window's budget is spent. Inside a
     * transaction, pass it: a second connection from the pool while the transaction holds one
     * can exhaust the pool under load.
     */
    async consume(key: string, limit: Limit, executor: Executor = db): Promise<void> {
      const { count, retryAfter } = await hit(key, limit, executor);
      if (count > limit.max) throw tooManyRequests(retryAfter);
    },
    /**
     * Counts the attempt against each limit in turn, stopping at the first that refuses it: an
     * attempt refused by a narrow limit (this account from this IP) never counts against a wider
     * one (the account from anywhere), so one stranger cannot spend the owner's budget.
     */
    async consumeAll(
      limits: ReadonlyArray<readonly [string, Limit]>,
      executor: Executor = db,
    ): Promise<void> {
      for (const [key, limit] of limits) await this.consume(key, limit, executor);
    },
    /** Takes one attempt back from each key (it succeeded, so it was no failure). */
    async refund(keys: readonly string[]): Promise<void> {
      if (keys.length === 0) return;
      await db.execute(sql`
        UPDATE rate_limits SET count = greatest(count - 1, 0)
        WHERE key IN (${sql.join(
          keys.map((k) => sql`${k}`),
          sql`, `,
        )}) AND reset_at > now()`);
    },
    /** Removes every counter keyed on one of these values (an account's address and id). */
    async forget(values: readonly string[]): Promise<void> {
      for (const value of values) {
        await db.execute(sql`DELETE FROM rate_limits WHERE key LIKE ${`%:${keyPart(value)}%`}`);
      }
    },
    /** Removes windows that have ended (a maintenance job). */
    async prune(): Promise<number> {
      const result = await db.execute(sql`DELETE FROM rate_limits WHERE reset_at < now()`);
      return result.rowCount ?? 0;
    },
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;

const MINUTE = 60;
const HOUR = 60 * MINUTE;

/**
 * The limits, in one place (the README lists them). Login and 2FA count failures per account from
 * one IP, per IP, and per account from anywhere; the per-account ceiling is far above what one IP
 * may spend, so a stranger cannot lock the owner out, while a distributed guess stays bounded.
 */
export const LIMITS = {
  loginFailuresPerAccountAndIp: { max: 5, windowSeconds: 15 * MINUTE },
  loginFailuresPerIp: { max: 30, windowSeconds: 15 * MINUTE },
  loginFailuresPerAccount: { max: 100, windowSeconds: 15 * MINUTE },
  twoFactorFailuresPerAccountAndIp: { max: 5, windowSeconds: 15 * MINUTE },
  twoFactorFailuresPerIp: { max: 30, windowSeconds: 15 * MINUTE },
  twoFactorFailuresPerAccount: { max: 20, windowSeconds: 15 * MINUTE },
  registerPerIp: { max: 10, windowSeconds: HOUR },
  /** Verification links sent to one account (registration, login of an unverified account, e-mail change) from one IP, and from anywhere. */
  mailsPerAccount: { max: 3, windowSeconds: HOUR },
  verificationMailsPerAccount: { max: 10, windowSeconds: HOUR },
  /** Reset mails asked for one address, whether or not it has an account. */
  resetMailsPerAddress: { max: 3, windowSeconds: HOUR },
  mailsPerIp: { max: 20, windowSeconds: HOUR },
  verifyAttemptsPerIp: { max: 30, windowSeconds: 15 * MINUTE },
  resetAttemptsPerIp: { max: 30, windowSeconds: 15 * MINUTE },
  revertAttemptsPerIp: { max: 30, windowSeconds: 15 * MINUTE },
  emailChangesPerAccount: { max: 5, windowSeconds: HOUR },
} satisfies Record<string, Limit>;
