import type { EmailNotificationKind } from '@speedway/contracts';
import type { AppContext } from '../../context';
import { notificationMail } from '../../mail/notification-templates';
import { notificationsRepository } from './notifications.repository';
import { optOutToken } from './opt-out-token';

export type EmailJob = {
  userId: string;
  kind: EmailNotificationKind;
  title: string;
  body: string;
  deeplink: string;
};

export const OPT_OUT_PATH = '/api/notifications/email-opt-out';

/**
 * The worker of notification-email: renders and sends one mail. The address and the setting are
 * read when it goes out (an address changed meanwhile gets it; a mail turned off meanwhile is not
 * sent). An SMTP failure throws, so that pg-boss retries it with backoff.
 */
export function emailWorker(ctx: AppContext) {
  return async (job: EmailJob) => {
    const to = await notificationsRepository.userEmail(ctx.db, job.userId);
    if (!to) return;
    const settings = await notificationsRepository.settings(ctx.db, job.userId);
    if (!settings.email[job.kind]) return;
    const app = ctx.config.appUrl;
    const token = optOutToken(ctx.secretBox, job.userId, job.kind);
    await ctx.mailer.send(
      notificationMail({
        to,
        kind: job.kind,
        title: job.title,
        body: job.body,
        url: `${app}${job.deeplink}`,
        optOutUrl: `${app}${OPT_OUT_PATH}?token=${encodeURIComponent(token)}`,
        settingsUrl: `${app}/account/notifications`,
      }),
    );
  };
}
