import type { AppContext, ClientMeta } from '../../context';
import type { AppError } from '../../lib/errors';
import { verifyPassword } from '../../lib/passwords';
import { LIMITS, limitKey } from '../../lib/rate-limiter';
import type { UserRow } from '../auth/index';

/**
 * Checks the current password that a change behind a session asks for, limited like a login:
 * every attempt is counted before the check (per account from this IP, and per account), and a
 * right password is refunded, so the counters count failures. A wrong one throws `wrong()`.
 */
export async function confirmPassword(
  ctx: AppContext,
  user: Pick<UserRow, 'id' | 'passwordHash'>,
  password: string,
  meta: ClientMeta,
  wrong: () => AppError,
): Promise<void> {
  const limits = [
    [
      limitKey('password-confirm:acct-ip', user.id, meta.ip),
      LIMITS.passwordConfirmFailuresPerAccountAndIp,
    ],
    [limitKey('password-confirm:acct', user.id), LIMITS.passwordConfirmFailuresPerAccount],
  ] as const;
  await ctx.rateLimiter.consumeAll(limits);
  if (!(await verifyPassword(user.passwordHash, password))) throw wrong();
  await ctx.rateLimiter.refund(limits.map(([key]) => key));
}
