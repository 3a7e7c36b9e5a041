import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { newToken, sha256 } from '../../lib/crypto';
import {
  addressInUseMail,
  alreadyRegisteredMail,
  noticeMail,
  resetMail,
  revertEmailMail,
  twoFactorRemovalMail,
  verificationMail,
  type NoticeKind,
} from '../../mail/templates';
import { tokensRepository } from './tokens.repository';
import { usersRepository } from './users.repository';

export const RESET_TTL_SECONDS = 60 * 60;

/**
 * What the account area mails, as jobs. A link job names a token row written in the request's
 * transaction; the worker makes the token itself, so no usable link is stored anywhere.
 */
export type AuthMailJob =
  | { kind: 'link'; tokenId: string }
  /** Forgot password: the worker looks the address up, so the request takes the same time for any address. */
  | { kind: 'reset-request'; email: string; requestedFrom: string | null }
  | { kind: 'already-registered'; to: string }
  /** A profile asked to move to this address, which has an account: its owner is told. */
  | { kind: 'address-in-use'; to: string }
  | { kind: 'notice'; to: string; notice: NoticeKind; at: string }
  /**
   * The notice of a deleted account, queued in the deletion's transaction: its address sealed
   * with APP_SECRET, so that nothing of the account is readable in the queue once it is gone.
   */
  | { kind: 'account-deleted'; sealedTo: string; at: string };

export async function enqueueAuthMail(ctx: AppContext, job: AuthMailJob, tx?: Executor) {
  await ctx.jobs.send('auth-mail', job, tx ? { tx } : {});
}

/** A notice to the account's address ('your password was changed'), in the change's transaction. */
export function enqueueNotice(ctx: AppContext, tx: Executor, to: string, notice: NoticeKind) {
  return enqueueAuthMail(ctx, { kind: 'notice', to, notice, at: new Date().toISOString() }, tx);
}

/** The worker of the auth-mail queue: renders and sends one mail over SMTP. */
export function authMailWorker(ctx: AppContext) {
  const url = (path: string) => `${ctx.config.appUrl}${path}`;

  async function sendLink(tokenId: string) {
    const token = newToken();
    const row = await tokensRepository.issueEmailToken(ctx.db, tokenId, sha256(token));
    // Used or expired before the mail went out (e.g. a newer change voided it): nothing to send.
    if (!row) return;
    const link = (path: string) => url(`${path}?token=${token}`);
    if (row.purpose === 'verify_email') {
      await ctx.mailer.send(
        verificationMail(row.email, link('/auth/verify-email'), {
          at: row.createdAt,
          from: row.requestedFrom,
          registration: row.passwordHash !== null,
        }),
      );
    } else if (row.purpose === 'reset_password') {
      await ctx.mailer.send(resetMail(row.email, link('/auth/reset-password')));
    } else if (row.purpose === 'cancel_two_factor_removal') {
      await ctx.mailer.send(
        twoFactorRemovalMail(row.email, link('/auth/cancel-2fa-removal'), {
          at: row.createdAt,
          from: row.requestedFrom,
          due: row.expiresAt,
        }),
      );
    } else {
      const user = await usersRepository.findById(ctx.db, row.userId);
      if (!user) return;
      // The address asked for waits as pending, or is the account's once verified. (The job does
      // not carry it: a deleted account's addresses must not stay in the queue.)
      const asked = user.pendingEmail ?? user.email;
      // Called off (the current address sent back) before the mail went out: nothing to undo.
      if (asked === row.email) return;
      await ctx.mailer.send(
        revertEmailMail(row.email, link('/auth/revert-email'), asked, row.createdAt),
      );
    }
  }

  return async (job: AuthMailJob) => {
    switch (job.kind) {
      case 'link':
        return sendLink(job.tokenId);
      case 'reset-request': {
        const user = await usersRepository.findByEmail(ctx.db, job.email);
        if (!user) return;
        const token = newToken();
        await tokensRepository.createEmailToken(ctx.db, {
          userId: user.id,
          purpose: 'reset_password',
          tokenHash: sha256(token),
          email: user.email,
          ttlSeconds: RESET_TTL_SECONDS,
          requestedFrom: job.requestedFrom,
        });
        return ctx.mailer.send(resetMail(user.email, url(`/auth/reset-password?token=${token}`)));
      }
      case 'already-registered':
        return ctx.mailer.send(alreadyRegisteredMail(job.to, url('/auth/forgot-password')));
      case 'address-in-use':
        return ctx.mailer.send(addressInUseMail(job.to, url('/auth/forgot-password')));
      case 'notice':
        return ctx.mailer.send(
          noticeMail(
            job.to,
            job.notice,
            new Date(job.at),
            job.notice === 'account_deleted' ? url('/') : url('/auth/forgot-password'),
          ),
        );
      case 'account-deleted':
        return ctx.mailer.send(
          noticeMail(
            ctx.secretBox.open(job.sealedTo),
            'account_deleted',
            new Date(job.at),
            url('/'),
          ),
        );
    }
  };
}
