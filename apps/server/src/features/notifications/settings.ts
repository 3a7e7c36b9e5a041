import {
  DEFAULT_NOTIFICATION_SETTINGS,
  type NotificationSettings,
  type NotificationSettingsUpdate,
} from '@speedway/contracts';

/**
 * A stored or partial settings object laid over `base` field by field, so that a row written
 * before a field existed (or a PUT naming one field) still reads as complete settings.
 */
export function mergeSettings(
  base: NotificationSettings,
  change: NotificationSettingsUpdate | NotificationSettings | null | undefined,
): NotificationSettings {
  if (!change) return base;
  return {
    email: { ...base.email, ...change.email },
    push: {
      match_reminder: { ...base.push.match_reminder, ...change.push?.match_reminder },
      result_validation: { ...base.push.result_validation, ...change.push?.result_validation },
    },
    quietHours: { ...base.quietHours, ...change.quietHours },
  };
}

export const withDefaults = (stored: NotificationSettings | null | undefined) =>
  mergeSettings(DEFAULT_NOTIFICATION_SETTINGS, stored);
