import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';
import { LIMITS, limitKey } from '../../lib/rate-limiter';

/** How long an address the owner signed in from counts as theirs. */
export const KNOWN_ADDRESS_SECONDS = 90 * 24 * 60 * 60;

const knownKey = (email: string, ip: string) => limitKey('login:known', email, ip);

/**
 * Counts a login attempt before the password is checked (so parallel guesses never check more
 * than the limits allow), and answers the keys to refund when it succeeds. What a stranger can
 * do to someone else's account is lock their own addresses, never the owner:
 *
 * - this account from this address: 5 failures per 15 min, and this address: 30 (any account);
 * - an address the owner signed in from in the last 90 days (the right password) is theirs: it
 *   is never counted against the account as a whole, so failures from elsewhere, however many
 *   addresses they come from, do not hold the owner back there;
 * - from any other address the account's failures have a ceiling (100 per 15 min) that, once
 *   spent, slows instead of locking: each such address then gets one attempt per 15 min at this
 *   account (the owner on a new phone still gets in, a distributed guess gets five times slower).
 *
 * Keyed on the address typed (an account or not, the same work) and the IP, both hashed.
 */
export async function countLoginAttempt(
  ctx: AppContext,
  email: string,
  ip: string,
): Promise<string[]> {
  const narrow = [
    [limitKey('login:acct-ip', email, ip), LIMITS.loginFailuresPerAccountAndIp],
    [limitKey('login:ip', ip), LIMITS.loginFailuresPerIp],
  ] as const;
  await ctx.rateLimiter.consumeAll(narrow);
  const keys = narrow.map(([key]) => key);
  if (await ctx.rateLimiter.remembers(knownKey(email, ip))) return keys;
  const account = limitKey('login:acct', email);
  keys.push(account);
  try {
    await ctx.rateLimiter.consume(account, LIMITS.loginFailuresPerAccount);
  } catch (error) {
    if (!(error instanceof AppError) || error.statusCode !== 429) throw error;
    const slowed = limitKey('login:acct-ip-slowed', email, ip);
    await ctx.rateLimiter.consume(slowed, LIMITS.loginFailuresPerAccountAndNewIpOverCeiling);
    keys.push(slowed);
  }
  return keys;
}

/** The password was right: the attempt is taken back, and the address is the owner's. */
export async function loginSucceeded(
  ctx: AppContext,
  email: string,
  ip: string,
  keys: readonly string[],
): Promise<void> {
  await ctx.rateLimiter.refund(keys);
  await ctx.rateLimiter.remember(knownKey(email, ip), KNOWN_ADDRESS_SECONDS);
}
