import type { Executor } from '../../db/client';
import { recoveryCodes } from './recovery-codes';
import { tokensRepository } from './tokens.repository';
import { usersRepository } from './users.repository';

const NO_TWO_FACTOR = {
  twoFactorEnabled: false,
  twoFactorEnabledAt: null,
  twoFactorSecret: null,
  twoFactorPendingSecret: null,
  lastTotpStep: null,
} as const;

type UserChanges = Parameters<typeof usersRepository.update>[2];

/**
 * Turns 2FA off with everything that belongs to it (secret, recovery codes, a pending removal by
 * e-mail), together with any other changes of the user row, in the caller's transaction.
 */
export async function turnOffTwoFactor(tx: Executor, userId: string, changes: UserChanges = {}) {
  const user = await usersRepository.update(tx, userId, { ...changes, ...NO_TWO_FACTOR });
  await recoveryCodes.deleteAll(tx, userId);
  await tokensRepository.voidEmailTokens(tx, userId, 'cancel_two_factor_removal');
  return user;
}
