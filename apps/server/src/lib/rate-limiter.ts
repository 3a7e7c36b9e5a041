import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../db/client';
import { createHash, createHmac } from 'node:crypto';
import { tooManyRequests } from './errors';
import { Lru } from './lru';

export type Limit = { max: number; windowSeconds: number };

let keyPartKey: Buffer | null = null;
/**
 * keyPart's recent answers: the throttle asks for one on every API request, mostly for the same
 * users again, and an HMAC costs a key object's setup each time (5 % of the server's CPU in a
 * round night's profile).
 */
const keyParts = new Lru<string, string>(10_000);

/**
 * Keys the hashes of rate-limit keys with APP_SECRET (buildApp calls it at start): a plain hash of
 * an IPv4 address or a known e-mail address is undone by hashing the candidates, a keyed one is
 * not without the secret. Process-wide: a process runs one app, and every instance on a database
 * has the same APP_SECRET, so all agree on the keys.
 */
export function setKeyPartSecret(appSecret: string): void {
  keyPartKey = createHash('sha256').update(`speedway:rate-limit-keys:${appSecret}`).digest();
  keyParts.clear();
}

/**
 * One part of a rate-limit key: an HMAC (a plain SHA-256 before setKeyPartSecret), so the
 * counters hold no address, IP or id in clear.
 */
export function keyPart(value: string): string {
  let part = keyParts.get(value);
  if (part === undefined) {
    part = (
      keyPartKey
        ? createHmac('sha256', keyPartKey).update(value).digest('hex')
        : createHash('sha256').update(value).digest('hex')
    ).slice(0, 24);
    keyParts.set(value, part);
  }
  return part;
}

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
    /**
     * Notes a fact for a while under a key of its own (an address the owner signed in from): a
     * row like a counter's, whose window is how long the fact holds; removed with the account
     * (forget) and when it ends (prune).
     */
    async remember(key: string, seconds: number): Promise<void> {
      await db.execute(sql`
        INSERT INTO rate_limits (key, count, reset_at)
        VALUES (${key}, 1, now() + make_interval(secs => ${seconds}))
        ON CONFLICT (key) DO UPDATE SET count = 1, reset_at = excluded.reset_at`);
    },
    /** Whether a fact noted by remember() still holds. */
    async remembers(key: string): Promise<boolean> {
      const result = await db.execute(
        sql`SELECT 1 FROM rate_limits WHERE key = ${key} AND reset_at > now()`,
      );
      return result.rows.length > 0;
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
 * may spend, and for logins it never counts an address the owner signed in from and slows rather
 * than locks past it (features/auth/login-limits.ts), so a stranger cannot lock the owner out.
 */
export const LIMITS = {
  loginFailuresPerAccountAndIp: { max: 5, windowSeconds: 15 * MINUTE },
  loginFailuresPerIp: { max: 30, windowSeconds: 15 * MINUTE },
  loginFailuresPerAccount: { max: 100, windowSeconds: 15 * MINUTE },
  /** From an address the owner has not signed in from, once the account's ceiling is spent. */
  loginFailuresPerAccountAndNewIpOverCeiling: { max: 1, windowSeconds: 15 * MINUTE },
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
  /**
   * Wrong current passwords behind a session (password change, 2FA, account deletion), counted
   * like login failures: a stolen session is no way around the login limits.
   */
  passwordConfirmFailuresPerAccountAndIp: { max: 5, windowSeconds: 15 * MINUTE },
  passwordConfirmFailuresPerAccount: { max: 20, windowSeconds: 15 * MINUTE },
} satisfies Record<string, Limit>;
