import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import type { users } from '../../db/schema/index';
import { enqueueAuthMail, enqueueNotice } from './auth-mail';
import { recoveryCodes } from './recovery-codes';
import { sessionsRepository, type UserRow } from './sessions.repository';
import { tokensRepository } from './tokens.repository';
import { usersRepository } from './users.repository';

// A user's sign-in data as the rest of the server changes it (the account pages in
// features/account, `npm run create-user`): each change with what belongs to it, in the caller's
// transaction.

/** How long the account's address can undo an e-mail change. */
const REVERT_TTL_SECONDS = 7 * 24 * 60 * 60;

/** The account that holds an address, if any. */
export function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  return usersRepository.findByEmail(db, email);
}

/** The profile's fields, and the address an e-mail change waits for (null: none waits). */
export function saveProfile(
  db: Executor,
  userId: string,
  fields: { displayName?: string | null; pendingEmail?: string | null },
): Promise<UserRow> {
  return usersRepository.update(db, userId, fields);
}

/** The links that verify a waiting address stop working (the change is called off). */
export function voidAddressVerification(tx: Executor, userId: string): Promise<void> {
  return tokensRepository.voidEmailTokens(tx, userId, 'verify_email');
}

/**
 * A link to the account's current address that stops (or, once verified, undoes) a change of
 * address and ends every session, and its mail.
 */
export async function queueAddressRevert(
  ctx: AppContext,
  tx: Executor,
  user: Pick<UserRow, 'id' | 'email'>,
): Promise<void> {
  const tokenId = await tokensRepository.createEmailToken(tx, {
    userId: user.id,
    purpose: 'revert_email',
    email: user.email,
    ttlSeconds: REVERT_TTL_SECONDS,
  });
  await enqueueAuthMail(ctx, { kind: 'link', tokenId }, tx);
}

/**
 * A new password: every other session ends, a reset link asked for before cannot undo it, and the
 * address is told.
 */
export async function setPassword(
  ctx: AppContext,
  tx: Executor,
  user: Pick<UserRow, 'id' | 'email'>,
  passwordHash: string,
  keepSessionId: string,
): Promise<void> {
  await usersRepository.update(tx, user.id, { passwordHash });
  await sessionsRepository.deleteOthers(tx, user.id, keepSessionId);
  await tokensRepository.voidEmailTokens(tx, user.id, 'reset_password');
  await enqueueNotice(ctx, tx, user.email, 'password_changed');
}

/** Step one of turning 2FA on: the new secret, sealed, waits for its first code. */
export async function setPendingTwoFactor(
  db: Executor,
  userId: string,
  sealedSecret: string,
): Promise<void> {
  await usersRepository.update(db, userId, { twoFactorPendingSecret: sealedSecret });
}

/**
 * Step two: the waiting secret becomes the account's 2FA from the code's step on, a removal by
 * e-mail asked for before (of the 2FA this one replaces) is void, the address is told, and the
 * new recovery codes are returned as shown: the only time they exist in clear.
 */
export async function enableTwoFactor(
  ctx: AppContext,
  tx: Executor,
  user: Pick<UserRow, 'id' | 'email' | 'twoFactorPendingSecret'>,
  step: number,
): Promise<string[]> {
  await usersRepository.update(tx, user.id, {
    twoFactorSecret: user.twoFactorPendingSecret,
    twoFactorPendingSecret: null,
    twoFactorEnabled: true,
    twoFactorEnabledAt: new Date(),
    lastTotpStep: step,
  });
  await tokensRepository.voidEmailTokens(tx, user.id, 'cancel_two_factor_removal');
  await enqueueNotice(ctx, tx, user.email, 'two_factor_enabled');
  return recoveryCodes.renew(tx, user.id);
}

/** New recovery codes for the old ones, returned as shown (recovery-codes.ts). */
export function newRecoveryCodes(tx: Executor, userId: string): Promise<string[]> {
  return recoveryCodes.renew(tx, userId);
}

/** Deletes the user's row; the foreign keys remove or unlink what refers to it. */
export function deleteUser(tx: Executor, userId: string): Promise<void> {
  return usersRepository.delete(tx, userId);
}

/** Creates the account of an address, or gives the one that has it these values. */
export async function upsertUser(
  tx: Executor,
  email: string,
  values: Omit<typeof users.$inferInsert, 'email'>,
): Promise<{ user: UserRow; created: boolean }> {
  const created = await usersRepository.insertIfNew(tx, { email, ...values });
  if (created) return { user: created, created: true };
  const existing = await usersRepository.findByEmail(tx, email);
  return { user: await usersRepository.update(tx, existing!.id, values), created: false };
}
