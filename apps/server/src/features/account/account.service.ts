import {
  ErrorCodes,
  type Account,
  type ProfileUser,
  type RecoveryCodesResponse,
  type Session,
  type TwoFactorEnabledResponse,
} from '@speedway/contracts';
import type { AppContext, Auth, ClientMeta } from '../../context';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import { LIMITS, limitKey } from '../../lib/rate-limiter';
import { checkTotp, newTotpSecret, totpSetup } from '../../lib/totp';
import { describeUserAgent } from '../../lib/user-agent';
import {
  countVerificationMail,
  deleteUser,
  enableTwoFactor,
  endOtherSessions,
  endSession,
  enqueueAuthMail,
  enqueueNotice,
  findUserByEmail,
  liveSessions,
  newRecoveryCodes,
  queueAddressRevert,
  queueVerification,
  saveProfile,
  setPassword,
  setPendingTwoFactor,
  toUserDto,
  turnOffTwoFactor,
  voidAddressVerification,
  type SessionRow,
  type UserRow,
} from '../auth/index';
import { exportNotificationData, forgetNotificationData } from '../notifications/index';
import { exportProgress } from '../tutorials/index';
import { eraseAccountTraces } from './account-erasure';
import { accountRepository } from './account.repository';
import { confirmPassword } from './confirm-password';

/** The user as the account pages read it: with the address an e-mail change waits for. */
export function toProfileUserDto(row: UserRow): ProfileUser {
  return { ...toUserDto(row), pending_email: row.pendingEmail };
}

export async function getAccount(ctx: AppContext, { user, session }: Auth): Promise<Account> {
  const protocols = await accountRepository.countProtocols(ctx.db, user.id);
  return {
    ...toProfileUserDto(user),
    two_factor_enabled: user.twoFactorEnabled,
    stats: { protocols, last_active: session.lastActiveAt.toISOString() },
  };
}

const PROFILE_SAVED_NEW_EMAIL =
  'Profilen är sparad. Bekräfta den nya e-postadressen via länken vi skickade.';

/**
 * A change of e-mail waits as `pending_email` until the link mailed to the new address is
 * followed (auth.service `verifyEmail`); until then the account signs in with, and gets mail at,
 * its current address. The reply and the account read back are the same whether or not the new
 * address has an account (no account is revealed, not even afterwards; ADR 016): a free address
 * gets the verification link, a taken one's owner is told instead, and both count the same
 * limits. The current address is told either way, with a link that stops (or, once verified,
 * undoes) the change and ends every session: a stolen session cannot quietly move the account to
 * another mailbox. A newer change replaces a waiting one.
 */
async function requestEmailChange(
  ctx: AppContext,
  user: UserRow,
  email: string,
  name: { displayName?: string | null },
  meta: ClientMeta,
) {
  // Limited: each change mails the new address (or, when it has an account, its owner).
  await ctx.rateLimiter.consume(
    limitKey('email-change:acct', user.id),
    LIMITS.emailChangesPerAccount,
  );
  const result = await ctx.db.transaction(async (tx) => {
    const updated = await saveProfile(tx, user.id, { ...name, pendingEmail: email });
    const holder = await findUserByEmail(tx, email);
    let sent: boolean;
    if (holder) {
      // Counted as the link to a free address is, so that `email_verification_sent` tells nothing.
      sent = await countVerificationMail(ctx, tx, user.id, meta);
      try {
        await ctx.rateLimiter.consume(
          limitKey('notice-mail:acct', holder.id),
          LIMITS.mailsPerAccount,
          tx,
        );
        await enqueueAuthMail(ctx, { kind: 'address-in-use', to: holder.email }, tx);
      } catch {
        // The owner was already told within the hour.
      }
    } else {
      sent = await queueVerification(ctx, tx, { id: user.id, email }, meta);
    }
    await queueAddressRevert(ctx, tx, user);
    return { updated, sent };
  });
  return {
    user: toProfileUserDto(result.updated),
    email_verification_sent: result.sent,
    message: PROFILE_SAVED_NEW_EMAIL,
  };
}

export async function updateProfile(
  ctx: AppContext,
  { user }: Auth,
  body: { display_name?: string | null | undefined; email?: string | undefined },
  meta: ClientMeta,
) {
  const name = body.display_name !== undefined ? { displayName: body.display_name || null } : {};
  if (body.email !== undefined && body.email !== user.email) {
    return requestEmailChange(ctx, user, body.email, name, meta);
  }
  // The current address sent back while a change waits: the change is called off.
  const cancel = body.email !== undefined && user.pendingEmail !== null;
  if (!cancel && !('displayName' in name)) {
    return {
      user: toProfileUserDto(user),
      email_verification_sent: false,
      message: 'Inga ändringar att spara.',
    };
  }
  const updated = await ctx.db.transaction(async (tx) => {
    const row = await saveProfile(tx, user.id, {
      ...name,
      ...(cancel ? { pendingEmail: null } : {}),
    });
    if (cancel) await voidAddressVerification(tx, user.id);
    return row;
  });
  return {
    user: toProfileUserDto(updated),
    email_verification_sent: false,
    message: cancel
      ? 'Profilen är sparad. Bytet av e-postadress är avbrutet.'
      : 'Profilen är sparad.',
  };
}

export async function changePassword(
  ctx: AppContext,
  { user, session }: Auth,
  current: string,
  next: string,
  meta: ClientMeta,
) {
  await confirmPassword(ctx, user, current, meta, () =>
    badRequest('Nuvarande lösenord är fel.', ErrorCodes.WRONG_PASSWORD),
  );
  const passwordHash = await hashPassword(next);
  await ctx.db.transaction((tx) => setPassword(ctx, tx, user, passwordHash, session.id));
  return { message: 'Lösenordet är ändrat. Dina andra sessioner har loggats ut.' };
}

const wrongPassword = () => badRequest('Fel lösenord.', ErrorCodes.WRONG_PASSWORD);
const notEnabled = () => conflict('Tvåfaktorsautentisering är inte aktiverad.');

/** Step one of turning 2FA on, behind the password: a stolen session alone cannot turn it on. */
export async function startTwoFactor(
  ctx: AppContext,
  { user }: Auth,
  password: string,
  meta: ClientMeta,
) {
  if (user.twoFactorEnabled) throw conflict('Tvåfaktorsautentisering är redan aktiverad.');
  await confirmPassword(ctx, user, password, meta, wrongPassword);
  const secret = newTotpSecret();
  await setPendingTwoFactor(ctx.db, user.id, ctx.secretBox.seal(secret));
  return totpSetup(secret, user.email);
}

/** Step two: the first code turns 2FA on and gives the recovery codes, shown this once. */
export async function confirmTwoFactor(
  ctx: AppContext,
  { user }: Auth,
  code: string,
): Promise<TwoFactorEnabledResponse> {
  if (!user.twoFactorPendingSecret) {
    throw conflict('Starta aktiveringen av tvåfaktorsautentisering först.');
  }
  const step = await checkTotp(ctx.secretBox.open(user.twoFactorPendingSecret), code, null);
  if (step === null) throw badRequest('Fel kod', ErrorCodes.INVALID_CODE);
  const codes = await ctx.db.transaction((tx) => enableTwoFactor(ctx, tx, user, step));
  return {
    message: 'Tvåfaktorsautentisering är aktiverad.',
    two_factor_enabled: true,
    recovery_codes: codes,
  };
}

export async function disableTwoFactor(
  ctx: AppContext,
  { user }: Auth,
  password: string,
  meta: ClientMeta,
) {
  await confirmPassword(ctx, user, password, meta, wrongPassword);
  await ctx.db.transaction(async (tx) => {
    await turnOffTwoFactor(tx, user.id);
    if (user.twoFactorEnabled) await enqueueNotice(ctx, tx, user.email, 'two_factor_disabled');
  });
  return { message: 'Tvåfaktorsautentisering är avstängd.', two_factor_enabled: false };
}

/** New recovery codes for the old ones (used up or lost), behind the password. */
export async function renewRecoveryCodes(
  ctx: AppContext,
  { user }: Auth,
  password: string,
  meta: ClientMeta,
): Promise<RecoveryCodesResponse> {
  if (!user.twoFactorEnabled) throw notEnabled();
  await confirmPassword(ctx, user, password, meta, wrongPassword);
  const codes = await ctx.db.transaction(async (tx) => {
    await enqueueNotice(ctx, tx, user.email, 'recovery_codes_renewed');
    return newRecoveryCodes(tx, user.id);
  });
  return {
    message: 'Nya återställningskoder är skapade. De gamla fungerar inte längre.',
    recovery_codes: codes,
  };
}

export function toSessionDto(row: SessionRow, currentId: string): Session {
  const info = describeUserAgent(row.userAgent);
  return {
    id: row.id,
    current: row.id === currentId,
    device: row.device,
    browser: row.browser,
    browserNice: info.browserNice,
    os: row.os,
    osNice: info.osNice,
    user_agent: row.userAgent,
    ip: row.ip,
    created_at: row.createdAt.toISOString(),
    last_active: row.lastActiveAt.toISOString(),
  };
}

export async function listSessions(ctx: AppContext, { user, session }: Auth): Promise<Session[]> {
  const rows = await liveSessions(ctx.db, user.id);
  return rows.map((r) => toSessionDto(r, session.id));
}

export async function revokeSession(ctx: AppContext, { user }: Auth, id: string) {
  if (!(await endSession(ctx.db, user.id, id))) throw notFound('Sessionen finns inte.');
  return { message: 'Sessionen är utloggad.' };
}

export async function revokeOtherSessions(ctx: AppContext, { user, session }: Auth) {
  const count = await endOtherSessions(ctx.db, user.id, session.id);
  return {
    message: count === 1 ? '1 session utloggad.' : `${count} sessioner utloggade.`,
    revoked: count,
  };
}

export async function exportData(ctx: AppContext, auth: Auth) {
  const { user } = auth;
  const sessions = await listSessions(ctx, auth);
  const rest = await accountRepository.exportData(ctx.db, user.id);
  return {
    format: 'speedway-export/1',
    exported_at: new Date().toISOString(),
    account: {
      ...toProfileUserDto(user),
      two_factor_enabled: user.twoFactorEnabled,
      created_at: user.createdAt.toISOString(),
      updated_at: user.updatedAt.toISOString(),
      email_verified_at: user.emailVerifiedAt?.toISOString() ?? null,
    },
    sessions,
    ...rest,
    tutorials: await exportProgress(ctx, user.id),
    ...(await exportNotificationData(ctx.db, user.id)),
  };
}

export async function deleteAccount(
  ctx: AppContext,
  { user }: Auth,
  password: string,
  meta: ClientMeta,
) {
  // The client confirms with the typed word RADERA and sends an empty password; a password that
  // is sent must be right.
  if (password) {
    await confirmPassword(
      ctx,
      user,
      password,
      meta,
      () => new AppError(403, ErrorCodes.WRONG_PASSWORD, 'Fel lösenord. Kontot togs inte bort.'),
    );
  }
  await ctx.db.transaction(async (tx) => {
    await forgetNotificationData(ctx, tx, user.id);
    await deleteUser(tx, user.id);
    await eraseAccountTraces(ctx, tx, user);
  });
  // No counter keyed on the address or the id outlives the account.
  await ctx.rateLimiter.forget([user.email, user.id]);
  return { message: 'Konto borttaget' };
}
