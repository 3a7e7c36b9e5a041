import { ErrorCodes, TWO_FACTOR_REMOVAL_DELAY_HOURS } from '@speedway/contracts';
import type { AppContext, ClientMeta } from '../../context';
import { sha256 } from '../../lib/crypto';
import { badRequest, unauthorized } from '../../lib/errors';
import { LIMITS, limitKey } from '../../lib/rate-limiter';
import { enqueueAuthMail, enqueueNotice } from './auth-mail';
import { MESSAGES, requestedFrom } from './auth.service';
import { tokensRepository } from './tokens.repository';
import { turnOffTwoFactor } from './two-factor-state';
import { usersRepository } from './users.repository';

/**
 * The delay (TWO_FACTOR_REMOVAL_DELAY_HOURS in packages/contracts): the account's address is
 * mailed at once with a link that cancels, so someone who only knows the password cannot remove
 * the owner's 2FA unnoticed, while the owner who lost the phone waits a day.
 */
const DELAY_SECONDS = TWO_FACTOR_REMOVAL_DELAY_HOURS * 60 * 60;

export type TwoFactorRemovalJob = { tokenId: string };

const REMOVAL_MESSAGES = {
  requested: `Vi har mejlat kontots e-postadress. Tvåfaktorsautentiseringen tas bort om ${TWO_FACTOR_REMOVAL_DELAY_HOURS} timmar om ingen avbryter med länken i mejlet; sedan loggar du in med bara lösenordet.`,
  cancelled:
    'Borttagningen är avbruten och tvåfaktorsautentiseringen är kvar. Den som bad om den kan ditt lösenord: välj ett nytt.',
  cancelFailed:
    'Länken är ogiltig eller förbrukad, eller så har tvåfaktorsautentiseringen redan tagits bort.',
} as const;

/**
 * From the code step of a login (the ticket proves the password): schedules the removal of 2FA
 * and mails the account's address a link that cancels it. Uses the ticket up. One removal is
 * pending at a time; asking again changes nothing.
 */
export async function requestTwoFactorRemoval(ctx: AppContext, ticket: string, meta: ClientMeta) {
  await ctx.rateLimiter.consume(limitKey('2fa-removal:ip', meta.ip), LIMITS.mailsPerIp);
  const ok = await ctx.db.transaction(async (tx) => {
    const found = await tokensRepository.findLiveLoginTicket(tx, sha256(ticket));
    if (!found || !(await tokensRepository.consumeLoginTicket(tx, found.id))) return false;
    const user = await usersRepository.findByIdForUpdate(tx, found.userId);
    if (!user || !user.twoFactorEnabled) return false;
    if (await tokensRepository.hasLiveEmailToken(tx, user.id, 'cancel_two_factor_removal')) {
      return true;
    }
    const tokenId = await tokensRepository.createEmailToken(tx, {
      userId: user.id,
      purpose: 'cancel_two_factor_removal',
      email: user.email,
      ttlSeconds: DELAY_SECONDS,
      requestedFrom: requestedFrom(meta),
    });
    await ctx.jobs.send('two-factor-removal', { tokenId } satisfies TwoFactorRemovalJob, {
      tx,
      startAfter: new Date(Date.now() + DELAY_SECONDS * 1000),
    });
    await enqueueAuthMail(ctx, { kind: 'link', tokenId }, tx);
    return true;
  });
  if (!ok) throw unauthorized(MESSAGES.ticketInvalid, ErrorCodes.INVALID_TOKEN);
  return { message: REMOVAL_MESSAGES.requested };
}

/** The link in the mail: the pending removal is dropped and 2FA stays. */
export async function cancelTwoFactorRemoval(ctx: AppContext, token: string, meta: ClientMeta) {
  await ctx.rateLimiter.consume(
    limitKey('2fa-removal-cancel:ip', meta.ip),
    LIMITS.verifyAttemptsPerIp,
  );
  const row = await tokensRepository.consumeEmailToken(
    ctx.db,
    'cancel_two_factor_removal',
    sha256(token),
  );
  if (!row) throw badRequest(REMOVAL_MESSAGES.cancelFailed, ErrorCodes.INVALID_TOKEN);
  return { message: REMOVAL_MESSAGES.cancelled };
}

/**
 * The worker of the two-factor-removal queue, due when the delay has passed: removes 2FA unless
 * the removal was cancelled, or 2FA was turned off (or on again) since, which voids it.
 */
export function twoFactorRemovalWorker(ctx: AppContext) {
  return async ({ tokenId }: TwoFactorRemovalJob) => {
    await ctx.db.transaction(async (tx) => {
      const pending = await tokensRepository.findEmailTokenForUpdate(tx, tokenId);
      if (!pending || pending.usedAt) return;
      const user = await usersRepository.findByIdForUpdate(tx, pending.userId);
      await tokensRepository.markEmailTokenUsed(tx, pending.id);
      if (!user || !user.twoFactorEnabled) return;
      await turnOffTwoFactor(tx, user.id);
      await enqueueNotice(ctx, tx, user.email, 'two_factor_removed');
    });
  };
}
