import type { AppContext } from '../../context';
import { vapidKeys } from '../push/index';
import { emailWorker, type EmailJob } from './email-delivery';
import { importNotificationsWorker } from './import-notifications';
import { PRUNE_CRON, pruneInbox } from './inbox-prune';
import type { ImportNotificationsJob } from './producers';
import { pushWorker, type PushJob } from './push-delivery';
import { reminderWorker, sweepReminders, SWEEP_CRON, type ReminderJob } from './reminders';

/**
 * At start: the VAPID key pair is loaded (or generated once for all instances), and this
 * instance takes its share of notification mail, pushes, reminders and imports' notifications.
 * The sweep re-queues lost reminders, the prune trims inboxes (each once per occurrence across
 * instances: pg-boss sends a scheduled job once).
 */
export async function startNotificationJobs(ctx: AppContext): Promise<void> {
  await vapidKeys(ctx);
  await ctx.jobs.work<EmailJob>('notification-email', emailWorker(ctx));
  await ctx.jobs.work<PushJob>('notification-push', pushWorker(ctx));
  await ctx.jobs.work<ReminderJob>('match-reminder', reminderWorker(ctx));
  await ctx.jobs.work<ImportNotificationsJob>(
    'import-notifications',
    importNotificationsWorker(ctx),
  );
  await ctx.jobs.work('notification-sweep', async () => {
    await sweepReminders(ctx);
  });
  await ctx.jobs.schedule('notification-sweep', SWEEP_CRON);
  await ctx.jobs.work('notification-prune', async () => {
    await pruneInbox(ctx);
  });
  await ctx.jobs.schedule('notification-prune', PRUNE_CRON);
}
