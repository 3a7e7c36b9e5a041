import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { forgetJobsOf } from '../../jobs/forget-jobs';
import { enqueueAuthMail } from '../auth/index';

/**
 * In the account deletion's transaction, what ON DELETE CASCADE does not reach: the account's
 * jobs in the queue (mail to its address, pushes, reminders) go, and the notice that the account
 * was deleted is queued with its address sealed. Rate-limit counters hold hashes and are removed
 * after the transaction (RateLimiter.forget). Together nothing with the id or the address in
 * clear is left in the database.
 */
export async function eraseAccountTraces(
  ctx: AppContext,
  tx: Executor,
  user: { id: string; email: string },
) {
  await forgetJobsOf(tx, user);
  await enqueueAuthMail(
    ctx,
    {
      kind: 'account-deleted',
      sealedTo: ctx.secretBox.seal(user.email),
      at: new Date().toISOString(),
    },
    tx,
  );
}
