import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { sendWebPush, type PushOutcome, type PushUrgency } from './push-sender';
import { pushRepository as repo, type PushSubscriptionRow } from './push.repository';
import { vapidKeys } from './vapid';

// A user's push devices as the notifications use them: which to queue pushes for, how many, the
// data export, and one push to one device.

export function userDevices(db: Executor, userId: string): Promise<PushSubscriptionRow[]> {
  return repo.listForUser(db, userId);
}

export function countDevices(db: Executor, userId: string): Promise<number> {
  return repo.countForUser(db, userId);
}

/** For the data export: where push goes, never the keys. */
export function exportDevices(db: Executor, userId: string) {
  return repo.exportOf(db, userId);
}

/**
 * One push to one device of the user, with this app's VAPID keys. Null, and nothing sent, when
 * the device is unsubscribed or its endpoint now belongs to another account. A device that is
 * gone (push-sender.ts `outcomeOf`) is deleted; a failure worth retrying throws.
 */
export async function pushToDevice(
  ctx: Pick<AppContext, 'db' | 'config' | 'secretBox'>,
  to: { userId: string; subscriptionId: string },
  payload: string,
  options: { ttl: number; urgency: PushUrgency },
): Promise<PushOutcome | null> {
  const device = await repo.find(ctx.db, to.subscriptionId);
  if (!device || device.userId !== to.userId) return null;
  const outcome = await sendWebPush(
    device,
    payload,
    { ...options, timeoutMs: ctx.config.pushTimeoutMs },
    await vapidKeys(ctx),
    ctx.config.pushAllowedHosts,
  );
  if (outcome.result === 'sent') {
    await repo.markSent(ctx.db, device.id);
  } else if (outcome.result === 'gone') {
    await repo.deleteGone(ctx.db, device.id, device.endpoint, device.p256dh);
  }
  return outcome;
}
