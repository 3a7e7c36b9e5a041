import {
  DEFAULT_DEVICE_LABEL,
  ErrorCodes,
  type LoginResponse,
  type SessionLoginResponse,
} from '@speedway/contracts';
import type { AppContext, ClientMeta } from '../../context';
import type { Executor } from '../../db/client';
import { newToken, sha256 } from '../../lib/crypto';
import { AppError, badRequest, conflict, unauthorized } from '../../lib/errors';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../lib/passwords';
import { LIMITS, limitKey, type Limit } from '../../lib/rate-limiter';
import { checkTotp } from '../../lib/totp';
import { describeUserAgent, deviceLabel } from '../../lib/user-agent';
import { toUserDto } from './auth.mapper';
import { enqueueAuthMail, enqueueNotice } from './auth-mail';
import { countLoginAttempt, loginSucceeded } from './login-limits';
import { recoveryCodes } from './recovery-codes';
import { sessionsRepository, type UserRow } from './sessions.repository';
import { tokensRepository } from './tokens.repository';
import { turnOffTwoFactor } from './two-factor-state';
import { usersRepository } from './users.repository';

const VERIFY_TTL_SECONDS = 24 * 60 * 60;
const LOGIN_TICKET_TTL_SECONDS = 5 * 60;

export const MESSAGES = {
  registered: 'Konto skapat. Kontrollera din e-post och klicka på länken för att verifiera kontot.',
  invalidCredentials: 'Fel e-postadress eller lösenord.',
  notVerifiedSent:
    'Din e-postadress är inte verifierad. Vi har skickat en ny verifieringslänk till din e-post.',
  notVerified: 'Din e-postadress är inte verifierad. Klicka på länken i mejlet vi skickade.',
  verified: 'E-postadressen är verifierad. Du kan nu logga in.',
  emailChanged: 'Den nya e-postadressen är bekräftad. Logga in med den från och med nu.',
  emailChangeTaken:
    'Adressen används nu av ett annat konto, så e-postadressen byttes inte. Kontot har kvar sin nuvarande adress.',
  verifyFailed: 'Verifieringen misslyckades. Länken kan vara ogiltig eller förbrukad.',
  forgotSent:
    'Om adressen finns hos oss har vi skickat en länk för att återställa lösenordet. Länken gäller i en timme.',
  resetDone: 'Lösenordet är ändrat. Logga in med ditt nya lösenord.',
  resetFailed: 'Länken kan vara ogiltig eller ha gått ut.',
  revertDone:
    'E-postadressen är återställd och alla inloggningar är avslutade. Vi har skickat en länk så att du kan välja ett nytt lösenord.',
  revertCancelled:
    'Bytet av e-postadress är stoppat och alla inloggningar är avslutade. Vi har skickat en länk så att du kan välja ett nytt lösenord.',
  revertFailed: 'Länken för att ångra ändringen är ogiltig, förbrukad eller har gått ut.',
  revertTaken: 'Adressen används nu av ett annat konto och kan inte återställas. Kontakta oss.',
  ticketInvalid: 'Inloggningen har gått ut. Logga in igen.',
  wrongCode: 'Felaktig kod.',
  wrongRecoveryCode: 'Återställningskoden är fel eller redan använd.',
} as const;

/** 'Chrome på Windows', for the mail that tells the owner where a request came from. */
export function requestedFrom(meta: ClientMeta): string | null {
  if (!meta.userAgent) return null;
  const info = describeUserAgent(meta.userAgent);
  return `${info.browserNice} på ${info.osNice}`;
}

/**
 * Counts one verification mail of the account, in the caller's transaction: limited per account
 * from one IP and per account, so nobody can use up the owner's mails from elsewhere. False when
 * the limit is reached (no mail may go).
 */
export async function countVerificationMail(
  ctx: AppContext,
  tx: Executor,
  userId: string,
  meta: ClientMeta,
): Promise<boolean> {
  try {
    await ctx.rateLimiter.consumeAll(
      [
        [limitKey('verify-mail:acct-ip', userId, meta.ip), LIMITS.mailsPerAccount],
        [limitKey('verify-mail:acct', userId), LIMITS.verificationMailsPerAccount],
      ],
      tx,
    );
    return true;
  } catch {
    return false;
  }
}

/**
 * Writes a verification link for an address of the user and queues its mail, in the caller's
 * transaction: the account's own address (registration), or the address an e-mail change waits
 * for. A registration's link carries that registration's password. Counted by
 * `countVerificationMail`; false (nothing written) when its limit is reached.
 */
export async function queueVerification(
  ctx: AppContext,
  tx: Executor,
  user: Pick<UserRow, 'id' | 'email'>,
  meta: ClientMeta,
  passwordHash?: string,
): Promise<boolean> {
  if (!(await countVerificationMail(ctx, tx, user.id, meta))) return false;
  const tokenId = await tokensRepository.createEmailToken(tx, {
    userId: user.id,
    purpose: 'verify_email',
    email: user.email,
    ttlSeconds: VERIFY_TTL_SECONDS,
    requestedFrom: requestedFrom(meta),
    ...(passwordHash ? { passwordHash } : {}),
  });
  await enqueueAuthMail(ctx, { kind: 'link', tokenId }, tx);
  return true;
}

export async function createSession(
  db: Executor,
  userId: string,
  meta: ClientMeta,
): Promise<string> {
  const token = newToken();
  const info = describeUserAgent(meta.userAgent);
  await sessionsRepository.create(db, {
    userId,
    tokenHash: sha256(token),
    device: info.device,
    browser: info.browser,
    os: info.os,
    userAgent: meta.userAgent,
    ip: meta.ip,
  });
  return token;
}

/**
 * Until an address is verified, nobody holds the account: each registration of it gets its own
 * link carrying its own password, and the link the mailbox owner follows decides the password.
 * The reply is the same whether or not the address is taken; a verified owner is told by mail.
 */
export async function register(ctx: AppContext, email: string, password: string, meta: ClientMeta) {
  await ctx.rateLimiter.consume(limitKey('register:ip', meta.ip), LIMITS.registerPerIp);
  const passwordHash = await hashPassword(password);
  await ctx.db.transaction(async (tx) => {
    const created = await usersRepository.insertIfNew(tx, { email, passwordHash });
    if (created) {
      await queueVerification(ctx, tx, created, meta, passwordHash);
      return;
    }
    const existing = await usersRepository.findByEmailForUpdate(tx, email);
    if (!existing) return;
    if (!existing.emailVerifiedAt) {
      // The latest registration's password answers a login before verification (which only
      // resends a link); verification itself takes the password from the link that was followed.
      await usersRepository.update(tx, existing.id, { passwordHash });
      await queueVerification(ctx, tx, existing, meta, passwordHash);
      return;
    }
    try {
      await ctx.rateLimiter.consume(
        limitKey('notice-mail:acct', existing.id),
        LIMITS.mailsPerAccount,
        tx,
      );
      await enqueueAuthMail(ctx, { kind: 'already-registered', to: email }, tx);
    } catch {
      // The owner was already told within the hour.
    }
  });
  return { message: MESSAGES.registered };
}

/**
 * A verification link either proves the account's own address (a registration) or moves the
 * account to the address an e-mail change waits for (`pending_email`, features/account). A move
 * is refused, and nothing changes (the link stays usable), when another account has verified the
 * address since the change was asked for; a registration of it that nobody verified is dropped,
 * as the e-mail undo drops one (the link's follower has proved the mailbox).
 */
export async function verifyEmail(ctx: AppContext, token: string, meta: ClientMeta) {
  await ctx.rateLimiter.consume(limitKey('verify:ip', meta.ip), LIMITS.verifyAttemptsPerIp);
  const outcome = await ctx.db.transaction(async (tx) => {
    const row = await tokensRepository.findLiveEmailTokenForUpdate(
      tx,
      'verify_email',
      sha256(token),
    );
    if (!row) return 'invalid' as const;
    const user = await usersRepository.findByIdForUpdate(tx, row.userId);
    if (user && user.email !== row.email && user.pendingEmail === row.email) {
      const holder = await usersRepository.findByEmailForUpdate(tx, row.email);
      if (holder?.emailVerifiedAt) return 'taken' as const;
      if (holder) await usersRepository.delete(tx, holder.id);
      await tokensRepository.markEmailTokenUsed(tx, row.id);
      await usersRepository.update(tx, user.id, {
        email: row.email,
        emailVerifiedAt: new Date(),
        pendingEmail: null,
      });
      await tokensRepository.voidEmailTokens(tx, user.id, 'verify_email');
      return 'moved' as const;
    }
    await tokensRepository.markEmailTokenUsed(tx, row.id);
    // A link sent to an address the account neither has nor waits for verifies nothing.
    if (!user || user.email !== row.email) return 'invalid' as const;
    if (user.emailVerifiedAt) return 'verified' as const;
    if (row.passwordHash) {
      // The mailbox owner followed their own registration's link: that password is the account's,
      // and nothing set by anyone who never proved the mailbox survives.
      await turnOffTwoFactor(tx, user.id, {
        emailVerifiedAt: new Date(),
        passwordHash: row.passwordHash,
      });
      await sessionsRepository.deleteOthers(tx, user.id, null);
      await tokensRepository.voidEmailTokens(tx, user.id, 'verify_email', 'reset_password');
    } else {
      await usersRepository.update(tx, user.id, { emailVerifiedAt: new Date() });
      await tokensRepository.voidEmailTokens(tx, user.id, 'verify_email');
    }
    return 'verified' as const;
  });
  if (outcome === 'invalid') throw badRequest(MESSAGES.verifyFailed, ErrorCodes.INVALID_TOKEN);
  if (outcome === 'taken') throw conflict(MESSAGES.emailChangeTaken, ErrorCodes.EMAIL_TAKEN);
  return { message: outcome === 'moved' ? MESSAGES.emailChanged : MESSAGES.verified };
}

type Counted = ReadonlyArray<readonly [string, Limit]>;

const twoFactorLimits = (userId: string, ip: string): Counted => [
  [limitKey('2fa:acct-ip', userId, ip), LIMITS.twoFactorFailuresPerAccountAndIp],
  [limitKey('2fa:ip', ip), LIMITS.twoFactorFailuresPerIp],
  [limitKey('2fa:acct', userId), LIMITS.twoFactorFailuresPerAccount],
];

export async function login(
  ctx: AppContext,
  email: string,
  password: string,
  meta: ClientMeta,
): Promise<LoginResponse> {
  // Counted before the password is checked, so parallel guesses never check more than the limit.
  const counted = await countLoginAttempt(ctx, email, meta.ip);
  const user = await usersRepository.findByEmail(ctx.db, email);
  const ok = user
    ? await verifyPassword(user.passwordHash, password)
    : (await burnPasswordCheck(password), false);
  if (!user || !ok) throw unauthorized(MESSAGES.invalidCredentials, ErrorCodes.INVALID_CREDENTIALS);
  await loginSucceeded(ctx, email, meta.ip, counted);
  if (!user.emailVerifiedAt) {
    const sent = await ctx.db.transaction((tx) =>
      queueVerification(ctx, tx, user, meta, user.passwordHash),
    );
    throw new AppError(
      403,
      ErrorCodes.EMAIL_NOT_VERIFIED,
      sent ? MESSAGES.notVerifiedSent : MESSAGES.notVerified,
    );
  }
  if (user.twoFactorEnabled) {
    const ticket = newToken();
    await tokensRepository.createLoginTicket(
      ctx.db,
      user.id,
      sha256(ticket),
      LOGIN_TICKET_TTL_SECONDS,
    );
    return {
      two_factor_required: true,
      ticket,
      device_label: deviceLabel(meta.userAgent) ?? DEFAULT_DEVICE_LABEL,
      user: { id: user.id, email: user.email, display_name: user.displayName },
    };
  }
  const token = await createSession(ctx.db, user.id, meta);
  return { token, user: toUserDto(user) };
}

/** The second factor of a login: the app's code, or one recovery code (used up). */
export type SecondFactor = { code: string } | { recovery_code: string };

export async function verifyTwoFactorLogin(
  ctx: AppContext,
  ticket: string,
  factor: SecondFactor,
  meta: ClientMeta,
): Promise<SessionLoginResponse> {
  const found = await tokensRepository.findLiveLoginTicket(ctx.db, sha256(ticket));
  if (!found) throw unauthorized(MESSAGES.ticketInvalid, ErrorCodes.INVALID_TOKEN);
  const limits = twoFactorLimits(found.userId, meta.ip);
  await ctx.rateLimiter.consumeAll(limits);
  const user = await usersRepository.findById(ctx.db, found.userId);
  if (!user || !user.twoFactorEnabled || !user.twoFactorSecret) {
    throw unauthorized(MESSAGES.ticketInvalid, ErrorCodes.INVALID_TOKEN);
  }
  const step =
    'code' in factor
      ? await checkTotp(ctx.secretBox.open(user.twoFactorSecret), factor.code, user.lastTotpStep)
      : null;
  if ('code' in factor && step === null) {
    throw unauthorized(MESSAGES.wrongCode, ErrorCodes.INVALID_CODE);
  }
  const token = await ctx.db.transaction(async (tx) => {
    // Every claim is a conditional update, so two racing requests cannot both succeed.
    if (!(await tokensRepository.consumeLoginTicket(tx, found.id))) {
      throw unauthorized(MESSAGES.ticketInvalid, ErrorCodes.INVALID_TOKEN);
    }
    const claimed =
      'code' in factor
        ? await usersRepository.claimTotpStep(tx, user.id, step!)
        : await recoveryCodes.consume(tx, user.id, factor.recovery_code);
    if (!claimed) {
      throw unauthorized(
        'code' in factor ? MESSAGES.wrongCode : MESSAGES.wrongRecoveryCode,
        ErrorCodes.INVALID_CODE,
      );
    }
    if ('recovery_code' in factor) {
      await enqueueNotice(ctx, tx, user.email, 'recovery_code_used');
    }
    return createSession(tx, user.id, meta);
  });
  await ctx.rateLimiter.refund(limits.map(([key]) => key));
  return { token, user: toUserDto(user) };
}

/**
 * The same work for any address: count, then queue a job that looks the address up and mails a
 * link if it has an account. Whether it has one shows neither in the reply nor in its timing.
 */
export async function forgotPassword(ctx: AppContext, email: string, meta: ClientMeta) {
  await ctx.rateLimiter.consumeAll([
    [limitKey('reset-mail:ip', meta.ip), LIMITS.mailsPerIp],
    [limitKey('reset-mail:addr', email), LIMITS.resetMailsPerAddress],
  ]);
  await enqueueAuthMail(ctx, {
    kind: 'reset-request',
    email,
    requestedFrom: requestedFrom(meta),
  });
  return { message: MESSAGES.forgotSent };
}

export async function resetPassword(
  ctx: AppContext,
  token: string,
  newPassword: string,
  meta: ClientMeta,
) {
  await ctx.rateLimiter.consume(limitKey('reset:ip', meta.ip), LIMITS.resetAttemptsPerIp);
  const passwordHash = await hashPassword(newPassword);
  const done = await ctx.db.transaction(async (tx) => {
    const row = await tokensRepository.consumeEmailToken(tx, 'reset_password', sha256(token));
    if (!row) return false;
    const user = await usersRepository.findByIdForUpdate(tx, row.userId);
    if (!user || user.email !== row.email) return false;
    // The link reached the owner's mailbox, which also proves the address; on an account that was
    // not yet verified, nothing a registrant without the mailbox set survives.
    if (user.emailVerifiedAt) await usersRepository.update(tx, user.id, { passwordHash });
    else await turnOffTwoFactor(tx, user.id, { passwordHash, emailVerifiedAt: new Date() });
    await tokensRepository.voidEmailTokens(
      tx,
      user.id,
      'reset_password',
      ...(user.emailVerifiedAt ? [] : (['verify_email'] as const)),
    );
    await sessionsRepository.deleteOthers(tx, user.id, null);
    await enqueueNotice(ctx, tx, user.email, 'password_changed');
    return true;
  });
  if (!done) throw badRequest(MESSAGES.resetFailed, ErrorCodes.INVALID_TOKEN);
  return { message: MESSAGES.resetDone };
}

/**
 * The link mailed to the account's address when a change of it is asked for: before the new
 * address is verified it stops the change (the address never moved), after, it restores the old
 * address (verified: the link proves it). Either way it clears a pending address, ends every
 * session, voids every pending link, removes 2FA turned on since
 * the change and mails a reset link, so someone who took over a session cannot keep the account
 * by moving it to their own address. The owner's undo wins over a registration of the old address
 * made since: nobody proved that mailbox, so the claim is dropped. Only an account that verified
 * the address since (its mailbox's owner) keeps it; the link then stays usable.
 */
export async function revertEmail(ctx: AppContext, token: string, meta: ClientMeta) {
  await ctx.rateLimiter.consume(limitKey('revert:ip', meta.ip), LIMITS.revertAttemptsPerIp);
  const outcome = await ctx.db.transaction(async (tx) => {
    const row = await tokensRepository.findLiveEmailTokenForUpdate(
      tx,
      'revert_email',
      sha256(token),
    );
    if (!row) return 'invalid' as const;
    const user = await usersRepository.findByIdForUpdate(tx, row.userId);
    if (!user) return 'invalid' as const;
    const holder = await usersRepository.findByEmailForUpdate(tx, row.email);
    if (holder && holder.id !== user.id) {
      if (holder.emailVerifiedAt) return 'taken' as const;
      await usersRepository.delete(tx, holder.id);
    }
    await tokensRepository.markEmailTokenUsed(tx, row.id);
    // 2FA turned on before this was recorded has no time: removed too, since the owner can turn
    // it on again after the reset, and a thief's 2FA kept would lock the owner out.
    const twoFactorSinceChange =
      user.twoFactorEnabled &&
      (user.twoFactorEnabledAt === null || user.twoFactorEnabledAt >= row.createdAt);
    const restored = { email: row.email, emailVerifiedAt: new Date(), pendingEmail: null };
    if (twoFactorSinceChange) await turnOffTwoFactor(tx, user.id, restored);
    else await usersRepository.update(tx, user.id, restored);
    await sessionsRepository.deleteOthers(tx, user.id, null);
    await tokensRepository.voidEmailTokens(
      tx,
      user.id,
      'verify_email',
      'reset_password',
      'revert_email',
    );
    await enqueueAuthMail(
      ctx,
      { kind: 'reset-request', email: row.email, requestedFrom: requestedFrom(meta) },
      tx,
    );
    return user.email === row.email ? ('cancelled' as const) : ('restored' as const);
  });
  if (outcome === 'invalid') throw badRequest(MESSAGES.revertFailed, ErrorCodes.INVALID_TOKEN);
  if (outcome === 'taken') throw conflict(MESSAGES.revertTaken, ErrorCodes.EMAIL_TAKEN);
  return { message: outcome === 'cancelled' ? MESSAGES.revertCancelled : MESSAGES.revertDone };
}
