import type {
  EmailNotificationKind,
  NotificationItem,
  NotificationSettings,
  NotificationSettingsUpdate,
  PushTestResponse,
  ReadAllResponse,
} from '@speedway/contracts';
import type { AppContext, Auth } from '../../context';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { EMAIL_KIND_LABEL } from '../../mail/notification-templates';
import { countDevices } from '../push/index';
import { clock } from './clock';
import { notificationsRepository as repo, type NotificationRow } from './notifications.repository';
import { readOptOutToken } from './opt-out-token';
import { enqueuePushes, PUSH_ICON } from './push-delivery';
import { syncReminders } from './reminders';
import { mergeSettings } from './settings';

export const NOTIFICATION_NOT_FOUND = 'Notisen finns inte.';

export function toItem(row: NotificationRow): NotificationItem {
  const deeplink = typeof row.data.deeplink === 'string' ? row.data.deeplink : null;
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    body: row.body,
    status: row.readAt ? 'read' : 'unread',
    readAt: row.readAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    data: row.data,
    deeplink,
  };
}

export async function inbox(ctx: AppContext, { user }: Auth, limit: number) {
  return (await repo.inbox(ctx.db, user.id, limit)).map(toItem);
}

export async function markRead(ctx: AppContext, { user }: Auth, id: string) {
  const row = await repo.markRead(ctx.db, user.id, id);
  if (!row) throw notFound(NOTIFICATION_NOT_FOUND);
  return toItem(row);
}

export async function markAllRead(ctx: AppContext, { user }: Auth): Promise<ReadAllResponse> {
  const { updated, readAt } = await repo.markAllRead(ctx.db, user.id);
  return { updated, readAt: readAt.toISOString() };
}

export async function remove(ctx: AppContext, { user }: Auth, id: string) {
  if (!(await repo.delete(ctx.db, user.id, id))) throw notFound(NOTIFICATION_NOT_FOUND);
  return { message: 'Notisen togs bort.' };
}

export function getSettings(ctx: AppContext, { user }: Auth): Promise<NotificationSettings> {
  return repo.settings(ctx.db, user.id);
}

/**
 * PUT /api/account/notifications: the given fields over the stored ones. Reminder times follow
 * at once: scheduled reminders move to the new minutes, or go when reminders are turned off.
 */
export async function updateSettings(
  ctx: AppContext,
  { user }: Auth,
  change: NotificationSettingsUpdate,
): Promise<NotificationSettings> {
  return ctx.db.transaction(async (tx) => {
    const next = mergeSettings(await repo.lockSettings(tx, user.id), change);
    await repo.saveSettings(tx, user.id, next);
    await syncReminders(ctx, tx, { userId: user.id });
    return next;
  });
}

const TIME = new Intl.DateTimeFormat('sv-SE', {
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'UTC',
});

/** POST /api/account/push/test: one push to each of the user's devices, through the job queue. */
export async function sendTestPush(ctx: AppContext, { user }: Auth): Promise<PushTestResponse> {
  return ctx.db.transaction(async (tx) => {
    if ((await countDevices(tx, user.id)) === 0) {
      throw conflict(
        'Det finns ingen enhet med notiser påslagna. Aktivera notiser först.',
        'NO_PUSH_SUBSCRIPTION',
      );
    }
    const settings = await repo.settings(tx, user.id);
    const { devices, deferredUntil } = await enqueuePushes(ctx, tx, {
      userId: user.id,
      settings,
      kind: 'push_test',
      message: {
        title: 'Testnotis',
        body: 'Notiser fungerar på den här enheten.',
        icon: PUSH_ICON,
        tag: `push_test:${clock.now().getTime()}`,
        data: { kind: 'push_test', deeplink: '/account/notifications', notificationId: null },
      },
    });
    const to = devices === 1 ? '1 enhet' : `${devices} enheter`;
    return {
      devices,
      message: deferredUntil
        ? `Tysta timmar pågår: testnotisen skickas till ${to} kl. ${TIME.format(deferredUntil)} (UTC).`
        : `Testnotisen skickas till ${to}.`,
    };
  });
}

/** The one-click mail opt-out: turns that kind of mail off for the user the token names. */
export async function optOut(
  ctx: AppContext,
  token: string,
): Promise<{ kind: EmailNotificationKind; message: string }> {
  const found = readOptOutToken(ctx.secretBox, token);
  if (!found) throw badRequest('Länken är ogiltig.', 'INVALID_TOKEN');
  const { userId, kind } = found;
  return ctx.db.transaction(async (tx) => {
    if (!(await repo.userEmail(tx, userId))) throw notFound('Kontot finns inte längre.');
    const current = await repo.lockSettings(tx, userId);
    await repo.saveSettings(tx, userId, mergeSettings(current, { email: { [kind]: false } }));
    return {
      kind,
      message: `Klart! Du får inte längre e-post om ${EMAIL_KIND_LABEL[kind]}. Du kan slå på det igen under Mina sidor → Notiser.`,
    };
  });
}
