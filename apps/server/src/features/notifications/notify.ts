import type { NotificationKind, NotificationSettings } from '@speedway/contracts';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { emailEnabled, emailKindOf, pushEnabled } from './channels';
import type { EmailJob } from './email-delivery';
import { notificationsRepository as repo, type NotificationRow } from './notifications.repository';
import { enqueuePushes, PUSH_ICON } from './push-delivery';

export type Notice = {
  userId: string;
  kind: NotificationKind;
  /** One item per user and event key, however often the event is reported. */
  eventKey: string;
  title: string;
  body: string;
  /** In-app path the item opens. */
  deeplink: string;
  /** Further data for the drawer and the service worker. */
  extra?: Record<string, unknown>;
  /** When a push of it becomes useless (a reminder: the match's start). */
  staleAt?: Date | null;
};

export type NotifyDeps = Pick<AppContext, 'jobs' | 'log'>;

/**
 * The one way a notification is made, inside the transaction of the event it tells of: the inbox
 * item, and the mail and push jobs the user's settings ask for, commit or roll back with the
 * event. Returns the item, or undefined when this event was already told to this user.
 */
export async function notify(
  deps: NotifyDeps,
  tx: Executor,
  notice: Notice,
  knownSettings?: NotificationSettings,
): Promise<NotificationRow | undefined> {
  const row = await repo.insert(tx, {
    userId: notice.userId,
    kind: notice.kind,
    eventKey: notice.eventKey,
    title: notice.title,
    body: notice.body,
    data: { deeplink: notice.deeplink, ...notice.extra },
  });
  if (!row) return undefined;
  const settings = knownSettings ?? (await repo.settings(tx, notice.userId));
  const mailKind = emailKindOf(notice.kind);
  if (mailKind && emailEnabled(notice.kind, settings)) {
    const job: EmailJob = {
      userId: notice.userId,
      kind: mailKind,
      title: notice.title,
      body: notice.body,
      deeplink: notice.deeplink,
    };
    await deps.jobs.send('notification-email', job, { tx });
  }
  if (pushEnabled(notice.kind, settings)) {
    await enqueuePushes(deps, tx, {
      userId: notice.userId,
      settings,
      kind: notice.kind,
      staleAt: notice.staleAt ?? null,
      message: {
        title: notice.title,
        body: notice.body,
        icon: PUSH_ICON,
        tag: `${notice.kind}:${row.id}`,
        data: { kind: notice.kind, deeplink: notice.deeplink, notificationId: row.id },
      },
    });
  }
  return row;
}
