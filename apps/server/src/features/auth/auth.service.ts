import {
  DEFAULT_DEVICE_LABEL,
  ErrorCodes,
  type LoginResponse,
  type SessionLoginResponse,
} from '@speedway/contracts';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { newToken, sha256 } from '../../lib/crypto';
import { AppError, badRequest, unauthorized } from '../../lib/errors';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../lib/passwords';
import { LIMITS } from '../../lib/rate-limiter';
import { checkTotp } from '../../lib/totp';
import { describeUserAgent, deviceLabel } from '../../lib/user-agent';
import { alreadyRegisteredMail, resetMail, verificationMail } from '../../mail/templates';
import { toUserDto } from './auth.mapper';
import { sessionsRepository, type UserRow } from './sessions.repository';
import { tokensRepository } from './tokens.repository';
import { usersRepository } from './users.repository';

export type ClientMeta = { ip: string; userAgent: string };

const VERIFY_TTL_SECONDS = 24 * 60 * 60;
const RESET_TTL_SECONDS = 60 * 60;
const LOGIN_TICKET_TTL_SECONDS = 5 * 60;

export const MESSAGES = {
  registered: 'Konto skapat. Kontrollera din e-post och klicka på länken för att verifiera kontot.',
  invalidCredentials: 'Fel e-postadress eller lösenord.',
  notVerifiedSent:
    'Din e-postadress är inte verifierad. Vi har skickat en ny verifieringslänk till din e-post.',
  notVerified: 'Din e-postadress är inte verifierad. Klicka på länken i mejlet vi skickade.',
  verified: 'E-postadressen är verifierad. Du kan nu logga in.',
  verifyFailed: 'Verifieringen misslyckades. Länken kan vara ogiltig eller förbrukad.',
  forgotSent:
    'Om adressen finns hos oss har vi skickat en länk för att återställa lösenordet. Länken gäller i en timme.',
  resetDone: 'Lösenordet är ändrat. Logga in med ditt nya lösenord.',
  resetFailed: 'Länken kan vara ogiltig eller ha gått ut.',
  ticketInvalid: 'Inloggningen har gått ut. Logga in igen.',
  wrongCode: 'Felaktig kod.',
} as const;

/** Sends a fresh verification link for the user's current address. */
export async function sendVerificationMail(
  ctx: AppContext,
  user: Pick<UserRow, 'id' | 'email'>,
): Promise<boolean> {
  try {
    await ctx.rateLimiter.consume(`mail:account:${user.id}`, LIMITS.mailsPerAccount);
  } catch {
    return false;
  }
  const token = newToken();
  await tokensRepository.createEmailToken(ctx.db, {
    userId: user.id,
    purpose: 'verify_email',
    tokenHash: sha256(token),
    email: user.email,
    ttlSeconds: VERIFY_TTL_SECONDS,
  });
  await ctx.mailer.send(
    verificationMail(user.email, `${ctx.config.appUrl}/auth/verify-email?token=${token}`),
  );
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

export async function register(ctx: AppContext, email: string, password: string, meta: ClientMeta) {
  await ctx.rateLimiter.consume(`register:ip:${meta.ip}`, LIMITS.registerPerIp);
  const passwordHash = await hashPassword(password);
  const created = await usersRepository.insertIfNew(ctx.db, { email, passwordHash });
  if (created) {
    await sendVerificationMail(ctx, created);
    return { message: MESSAGES.registered };
  }
  // The address is taken. The reply is the same, so sign-up does not reveal who has an account;
  // the owner learns of it by mail instead.
  const existing = await usersRepository.findByEmail(ctx.db, email);
  if (existing && !existing.emailVerifiedAt) {
    await sendVerificationMail(ctx, existing);
  } else if (existing) {
    await ctx.rateLimiter
      .consume(`mail:account:${existing.id}`, LIMITS.mailsPerAccount)
      .then(() =>
        ctx.mailer.send(alreadyRegisteredMail(email, `${ctx.config.appUrl}/auth/forgot-password`)),
      )
      .catch(() => undefined);
  }
  return { message: MESSAGES.registered };
}

export async function verifyEmail(ctx: AppContext, token: string, meta: ClientMeta) {
  await ctx.rateLimiter.consume(`token:ip:${meta.ip}`, LIMITS.tokenAttemptsPerIp);
  const verified = await ctx.db.transaction(async (tx) => {
    const row = await tokensRepository.consumeEmailToken(tx, 'verify_email', sha256(token));
    if (!row) return false;
    const user = await usersRepository.findById(tx, row.userId);
    // A link sent to an address the account no longer has verifies nothing.
    if (!user || user.email !== row.email) return false;
    if (!user.emailVerifiedAt)
      await usersRepository.update(tx, user.id, { emailVerifiedAt: new Date() });
    return true;
  });
  if (!verified) throw badRequest(MESSAGES.verifyFailed, ErrorCodes.INVALID_TOKEN);
  return { message: MESSAGES.verified };
}

export async function login(
  ctx: AppContext,
  email: string,
  password: string,
  meta: ClientMeta,
): Promise<LoginResponse> {
  const accountKey = `login:account:${email}`;
  const ipKey = `login:ip:${meta.ip}`;
  await ctx.rateLimiter.assertBelow(accountKey, LIMITS.loginFailuresPerAccount);
  await ctx.rateLimiter.assertBelow(ipKey, LIMITS.loginFailuresPerIp);
  const user = await usersRepository.findByEmail(ctx.db, email);
  const ok = user
    ? await verifyPassword(user.passwordHash, password)
    : (await burnPasswordCheck(password), false);
  if (!user || !ok) {
    await ctx.rateLimiter.record(accountKey, LIMITS.loginFailuresPerAccount);
    await ctx.rateLimiter.record(ipKey, LIMITS.loginFailuresPerIp);
    throw unauthorized(MESSAGES.invalidCredentials, ErrorCodes.INVALID_CREDENTIALS);
  }
  await ctx.rateLimiter.clear(accountKey);
  if (!user.emailVerifiedAt) {
    const sent = await sendVerificationMail(ctx, user);
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

export async function verifyTwoFactorLogin(
  ctx: AppContext,
  ticket: string,
  code: string,
  meta: ClientMeta,
): Promise<SessionLoginResponse> {
  const found = await tokensRepository.findLiveLoginTicket(ctx.db, sha256(ticket));
  if (!found) throw unauthorized(MESSAGES.ticketInvalid, ErrorCodes.INVALID_TOKEN);
  const accountKey = `2fa:account:${found.userId}`;
  const ipKey = `2fa:ip:${meta.ip}`;
  await ctx.rateLimiter.assertBelow(accountKey, LIMITS.twoFactorFailuresPerAccount);
  await ctx.rateLimiter.assertBelow(ipKey, LIMITS.twoFactorFailuresPerIp);
  const user = await usersRepository.findById(ctx.db, found.userId);
  if (!user || !user.twoFactorEnabled || !user.twoFactorSecret) {
    throw unauthorized(MESSAGES.ticketInvalid, ErrorCodes.INVALID_TOKEN);
  }
  const step = await checkTotp(ctx.secretBox.open(user.twoFactorSecret), code, user.lastTotpStep);
  if (step === null) {
    await ctx.rateLimiter.record(accountKey, LIMITS.twoFactorFailuresPerAccount);
    await ctx.rateLimiter.record(ipKey, LIMITS.twoFactorFailuresPerIp);
    throw unauthorized(MESSAGES.wrongCode, ErrorCodes.INVALID_CODE);
  }
  const token = await ctx.db.transaction(async (tx) => {
    // Both claims are conditional updates, so two racing requests cannot both succeed.
    if (!(await tokensRepository.consumeLoginTicket(tx, found.id))) {
      throw unauthorized(MESSAGES.ticketInvalid, ErrorCodes.INVALID_TOKEN);
    }
    if (!(await usersRepository.claimTotpStep(tx, user.id, step))) {
      throw unauthorized(MESSAGES.wrongCode, ErrorCodes.INVALID_CODE);
    }
    return createSession(tx, user.id, meta);
  });
  await ctx.rateLimiter.clear(accountKey);
  return { token, user: toUserDto(user) };
}

export async function forgotPassword(ctx: AppContext, email: string, meta: ClientMeta) {
  await ctx.rateLimiter.consume(`mail:ip:${meta.ip}`, LIMITS.mailsPerIp);
  // Counted per address whether or not an account has it, so the 429 reveals nothing.
  await ctx.rateLimiter.consume(`mail:address:${email}`, LIMITS.mailsPerAccount);
  const user = await usersRepository.findByEmail(ctx.db, email);
  if (user) {
    const token = newToken();
    await tokensRepository.createEmailToken(ctx.db, {
      userId: user.id,
      purpose: 'reset_password',
      tokenHash: sha256(token),
      email: user.email,
      ttlSeconds: RESET_TTL_SECONDS,
    });
    await ctx.mailer.send(
      resetMail(user.email, `${ctx.config.appUrl}/auth/reset-password?token=${token}`),
    );
  }
  return { message: MESSAGES.forgotSent };
}

export async function resetPassword(
  ctx: AppContext,
  token: string,
  newPassword: string,
  meta: ClientMeta,
) {
  await ctx.rateLimiter.consume(`token:ip:${meta.ip}`, LIMITS.tokenAttemptsPerIp);
  const passwordHash = await hashPassword(newPassword);
  const done = await ctx.db.transaction(async (tx) => {
    const row = await tokensRepository.consumeEmailToken(tx, 'reset_password', sha256(token));
    if (!row) return false;
    const user = await usersRepository.findById(tx, row.userId);
    if (!user || user.email !== row.email) return false;
    // The link reached the owner's mailbox, which also proves the address.
    await usersRepository.update(tx, user.id, {
      passwordHash,
      emailVerifiedAt: user.emailVerifiedAt ?? new Date(),
    });
    await tokensRepository.voidEmailTokens(tx, user.id, 'reset_password');
    await sessionsRepository.deleteOthers(tx, user.id, null);
    return true;
  });
  if (!done) throw badRequest(MESSAGES.resetFailed, ErrorCodes.INVALID_TOKEN);
  return { message: MESSAGES.resetDone };
}
