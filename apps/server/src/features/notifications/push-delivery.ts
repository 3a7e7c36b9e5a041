import type { NotificationKind, NotificationSettings } from '@speedway/contracts';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { pushToDevice, userDevices } from '../push/index';
import { PUSH_DELIVERY } from './channels';
import { clock } from './clock';
import { notificationsRepository } from './notifications.repository';
import { quietUntil } from './quiet-hours';

/** What the service worker receives (the JSON inside the encrypted push). */
export type PushMessage = {
  title: string;
  body: string;
  icon: string;
  /** Pushes with the same tag replace each other on the device. */
  tag: string;
  data: { kind: NotificationKind; deeplink: string; notificationId: string | null };
};

export type PushJob = {
  userId: string;
  subscriptionId: string;
  kind: NotificationKind;
  message: PushMessage;
  /** ISO: after this the push is useless (a reminder once its match has started). */
  staleAt: string | null;
};

export const PUSH_ICON = '/icon-192.svg';

type Deps = Pick<AppContext, 'jobs' | 'log'>;

/**
 * One push job per device of the user, in the caller's transaction. Inside quiet hours the jobs
 * start when the window ends; a push that would be stale by then is dropped (and logged).
 * Returns how many devices it was queued for and when it will go (null: now).
 */
export async function enqueuePushes(
  deps: Deps,
  tx: Executor,
  input: {
    userId: string;
    settings: NotificationSettings;
    kind: NotificationKind;
    message: PushMessage;
    staleAt?: Date | null;
  },
): Promise<{ devices: number; deferredUntil: Date | null; dropped: boolean }> {
  const now = clock.now();
  const deferredUntil = quietUntil(now, input.settings.quietHours);
  const staleAt = input.staleAt ?? null;
  if (staleAt && (deferredUntil ?? now) >= staleAt) {
    deps.log.info(
      { kind: input.kind, user: input.userId, staleAt, deferredUntil },
      'push dropped: stale by the end of quiet hours',
    );
    return { devices: 0, deferredUntil, dropped: true };
  }
  const devices = await userDevices(tx, input.userId);
  for (const device of devices) {
    const job: PushJob = {
      userId: input.userId,
      subscriptionId: device.id,
      kind: input.kind,
      message: input.message,
      staleAt: staleAt?.toISOString() ?? null,
    };
    await deps.jobs.send('notification-push', job, {
      tx,
      ...(deferredUntil ? { startAfter: deferredUntil } : {}),
    });
  }
  return { devices: devices.length, deferredUntil, dropped: false };
}

/**
 * The worker of notification-push: one push to one device. Quiet hours are checked again (the
 * settings may have changed, or retries may have run into the window): inside them the push is
 * queued again for the window's end. A 404/410 deletes the subscription; a timeout, 429 or 5xx
 * throws, so that pg-boss retries with backoff.
 */
export function pushWorker(ctx: AppContext) {
  return async (job: PushJob) => {
    const now = clock.now();
    const staleAt = job.staleAt ? new Date(job.staleAt) : null;
    if (staleAt && now >= staleAt) {
      ctx.log.info({ kind: job.kind, user: job.userId }, 'push dropped: stale');
      return;
    }
    const settings = await notificationsRepository.settings(ctx.db, job.userId);
    const quietEnd = quietUntil(now, settings.quietHours);
    if (quietEnd) {
      if (staleAt && quietEnd >= staleAt) {
        ctx.log.info(
          { kind: job.kind, user: job.userId },
          'push dropped: stale by the end of quiet hours',
        );
        return;
      }
      await ctx.jobs.send('notification-push', job, { startAfter: quietEnd });
      return;
    }
    const delivery = PUSH_DELIVERY[job.kind];
    const ttl = staleAt ? Math.floor((staleAt.getTime() - now.getTime()) / 1000) : delivery.ttl;
    const outcome = await pushToDevice(ctx, job, JSON.stringify(job.message), {
      ttl,
      urgency: delivery.urgency,
    });
    // Null: unsubscribed, or the endpoint now belongs to another account; nothing was sent.
    if (outcome?.result === 'gone') {
      ctx.log.info({ status: outcome.status }, 'push subscription gone; deleted');
    } else if (outcome?.result === 'rejected') {
      ctx.log.warn({ status: outcome.status, kind: job.kind }, 'push refused by the push service');
    }
  };
}
