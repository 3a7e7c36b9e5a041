import { ErrorCodes, type Account, type Session } from '@speedway/contracts';
import type { AppContext } from '../../context';
import type { Auth } from '../../plugins/auth';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { checkTotp, newTotpSecret, totpSetup } from '../../lib/totp';
import { describeUserAgent } from '../../lib/user-agent';
import { toUserDto } from '../auth/auth.mapper';
import type { ClientMeta } from '../auth/auth.service';
import { queueVerification } from '../auth/auth.service';
import { enqueueAuthMail } from '../auth/auth-mail';
import { tokensRepository } from '../auth/tokens.repository';
import type { NoticeKind } from '../../mail/templates';
import { LIMITS, limitKey } from '../../lib/rate-limiter';
import type { Executor } from '../../db/client';
import { sessionsRepository, type SessionRow } from '../auth/sessions.repository';
import { usersRepository } from '../auth/users.repository';
import { exportProgress } from '../tutorials/tutorials.service';
import { exportNotificationData, forgetNotificationData } from '../notifications/account-data';
import { accountRepository } from './account.repository';

export async function getAccount(ctx: AppContext, { user, session }: Auth): Promise<Account> {
  const protocols = await accountRepository.countProtocols(ctx.db, user.id);
  return {
    ...toUserDto(user),
    two_factor_enabled: user.twoFactorEnabled,
    stats: { protocols, last_active: session.lastActiveAt.toISOString() },
  };
}

/** How long the old address can undo an e-mail change. */
const REVERT_TTL_SECONDS = 7 * 24 * 60 * 60;

const notify = (ctx: AppContext, tx: Executor, to: string, notice: NoticeKind) =>
  enqueueAuthMail(ctx, { kind: 'notice', to, notice, at: new Date().toISOString() }, tx);

const EMAIL_TAKEN = () =>
  conflict('E-postadressen används redan av ett annat konto.', ErrorCodes.EMAIL_TAKEN);

/**
 * A new address must be verified, and the old one is told, with a link that undoes the change and
 * ends every session: a stolen session cannot quietly move the account to another mailbox.
 */
export async function updateProfile(
  ctx: AppContext,
  { user }: Auth,
  body: { display_name?: string | null | undefined; email?: string | undefined },
  meta: ClientMeta,
) {
  const changes: { displayName?: string | null; email?: string; emailVerifiedAt?: null } = {};
  if (body.display_name !== undefined)
    changes.displayName = body.display_name ? body.display_name : null;
  const emailChanged = body.email !== undefined && body.email !== user.email;
  if (emailChanged) {
    // Limited, since the 409 for a taken address tells whether it has an account.
    await ctx.rateLimiter.consume(
      limitKey('email-change:acct', user.id),
      LIMITS.emailChangesPerAccount,
    );
    if (await usersRepository.findByEmail(ctx.db, body.email!)) throw EMAIL_TAKEN();
    changes.email = body.email!;
    changes.emailVerifiedAt = null;
  }
  if (Object.keys(changes).length === 0) {
    return {
      user: toUserDto(user),
      email_verification_sent: false,
      message: 'Inga ändringar att spara.',
    };
  }
  let result;
  try {
    result = await ctx.db.transaction(async (tx) => {
      const updated = await usersRepository.update(tx, user.id, changes);
      if (!emailChanged) return { updated, sent: false };
      const sent = await queueVerification(ctx, tx, updated, meta);
      const tokenId = await tokensRepository.createEmailToken(tx, {
        userId: user.id,
        purpose: 'revert_email',
        email: user.email,
        ttlSeconds: REVERT_TTL_SECONDS,
      });
      await enqueueAuthMail(ctx, { kind: 'link', tokenId }, tx);
      return { updated, sent };
    });
  } catch (err) {
    if ((err as { cause?: { code?: string } }).cause?.code === '23505') throw EMAIL_TAKEN();
    throw err;
  }
  return {
    user: toUserDto(result.updated),
    email_verification_sent: result.sent,
    message: emailChanged
      ? 'Profilen är sparad. Bekräfta den nya e-postadressen via länken vi skickade.'
      : 'Profilen är sparad.',
  };
}

export async function changePassword(
  ctx: AppContext,
  { user, session }: Auth,
  current: string,
  next: string,
) {
  if (!(await verifyPassword(user.passwordHash, current))) {
    throw badRequest('Nuvarande lösenord är fel.', 'WRONG_PASSWORD');
  }
  const passwordHash = await hashPassword(next);
  await ctx.db.transaction(async (tx) => {
    await usersRepository.update(tx, user.id, { passwordHash });
    await sessionsRepository.deleteOthers(tx, user.id, session.id);
    // A reset link asked for before the change must not undo it.
    await tokensRepository.voidEmailTokens(tx, user.id, 'reset_password');
    await notify(ctx, tx, user.email, 'password_changed');
  });
  return { message: 'Lösenordet är ändrat. Dina andra sessioner har loggats ut.' };
}

export async function startTwoFactor(ctx: AppContext, { user }: Auth) {
  if (user.twoFactorEnabled) throw conflict('Tvåfaktorsautentisering är redan aktiverad.');
  const secret = newTotpSecret();
  await usersRepository.update(ctx.db, user.id, {
    twoFactorPendingSecret: ctx.secretBox.seal(secret),
  });
  return totpSetup(secret, user.email);
}

export async function confirmTwoFactor(ctx: AppContext, { user }: Auth, code: string) {
  if (!user.twoFactorPendingSecret) {
    throw conflict('Starta aktiveringen av tvåfaktorsautentisering först.');
  }
  const step = await checkTotp(ctx.secretBox.open(user.twoFactorPendingSecret), code, null);
  if (step === null) throw badRequest('Fel kod', ErrorCodes.INVALID_CODE);
  await ctx.db.transaction(async (tx) => {
    await usersRepository.update(tx, user.id, {
      twoFactorSecret: user.twoFactorPendingSecret,
      twoFactorPendingSecret: null,
      twoFactorEnabled: true,
      twoFactorEnabledAt: new Date(),
      lastTotpStep: step,
    });
    await notify(ctx, tx, user.email, 'two_factor_enabled');
  });
  return { message: 'Tvåfaktorsautentisering är aktiverad.', two_factor_enabled: true };
}

export async function disableTwoFactor(ctx: AppContext, { user }: Auth) {
  await ctx.db.transaction(async (tx) => {
    await usersRepository.update(tx, user.id, {
      twoFactorEnabled: false,
      twoFactorEnabledAt: null,
      twoFactorSecret: null,
      twoFactorPendingSecret: null,
      lastTotpStep: null,
    });
    if (user.twoFactorEnabled) await notify(ctx, tx, user.email, 'two_factor_disabled');
  });
  return { message: 'Tvåfaktorsautentisering är avstängd.', two_factor_enabled: false };
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
  const rows = await sessionsRepository.listForUser(ctx.db, user.id);
  return rows.map((r) => toSessionDto(r, session.id));
}

export async function revokeSession(ctx: AppContext, { user }: Auth, id: string) {
  if (!(await sessionsRepository.deleteOne(ctx.db, user.id, id)))
    throw notFound('Sessionen finns inte.');
  return { message: 'Sessionen är utloggad.' };
}

export async function revokeOtherSessions(ctx: AppContext, { user, session }: Auth) {
  const count = await sessionsRepository.deleteOthers(ctx.db, user.id, session.id);
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
      ...toUserDto(user),
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

export async function deleteAccount(ctx: AppContext, { user }: Auth, password: string | undefined) {
  // The client confirms with the typed word RADERA and sends an empty password; a password that
  // is sent must be right.
  if (password && !(await verifyPassword(user.passwordHash, password))) {
    throw new AppError(403, 'WRONG_PASSWORD', 'Fel lösenord. Kontot togs inte bort.');
  }
  await ctx.db.transaction(async (tx) => {
    await forgetNotificationData(ctx, tx, user.id);
    await usersRepository.delete(tx, user.id);
    await notify(ctx, tx, user.email, 'account_deleted');
  });
  // No counter keyed on the address or the id outlives the account.
  await ctx.rateLimiter.forget([user.email, user.id]);
  return { message: 'Konto borttaget' };
}
