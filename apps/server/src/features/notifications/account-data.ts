import type { Executor } from '../../db/client';
import { exportDevices } from '../push/index';
import { notificationsRepository } from './notifications.repository';
import type { NotifyDeps } from './notify';
import { cancelUserReminders } from './reminders';
import { remindersRepository } from './reminders.repository';
import { toItem } from './notifications.service';

/** The user's notifications, settings, devices and reminders for the data export (no keys). */
export async function exportNotificationData(db: Executor, userId: string) {
  return {
    notifications: (await notificationsRepository.exportOf(db, userId)).map(toItem),
    notification_settings: await notificationsRepository.settings(db, userId),
    push_subscriptions: await exportDevices(db, userId),
    match_reminders: await remindersRepository.exportOf(db, userId),
  };
}

/**
 * In the account deletion's transaction: the reminder jobs are cancelled (the rows themselves,
 * the inbox, settings and devices go with the user by ON DELETE CASCADE).
 */
export async function forgetNotificationData(deps: NotifyDeps, tx: Executor, userId: string) {
  await cancelUserReminders(deps, tx, userId);
}
