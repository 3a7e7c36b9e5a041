import {
  NotificationSettingsSchema,
  QUIET_HOURS_STEP_MINUTES,
  REMINDER_DEFAULT_MINUTES,
  type NotificationSettings,
} from '@speedway/contracts';

/** The form's values: the settings, with the minutes as typed. */
export type SettingsFormValues = Omit<NotificationSettings, 'push'> & {
  push: {
    match_reminder: { enabled: boolean; minutesBefore: string };
    result_validation: { enabled: boolean };
  };
};

export function toFormValues(settings: NotificationSettings): SettingsFormValues {
  return {
    ...settings,
    push: {
      ...settings.push,
      match_reminder: {
        enabled: settings.push.match_reminder.enabled,
        minutesBefore: String(settings.push.match_reminder.minutesBefore),
      },
    },
  };
}

/**
 * docs/spec/1-app-shell-auth-account.md §5: minutes before the match reminder are an integer of at
 * least 1, else 60.
 */
export function parseMinutesBefore(text: string): { minutes: number; corrected: boolean } {
  const trimmed = text.trim();
  if (/^\d+$/.test(trimmed)) {
    const minutes = Number(trimmed);
    if (Number.isSafeInteger(minutes) && minutes >= 1) return { minutes, corrected: false };
  }
  return { minutes: REMINDER_DEFAULT_MINUTES, corrected: true };
}

export type SettingsFieldErrors = Partial<
  Record<'minutesBefore' | 'quietHoursStart' | 'quietHoursEnd', string>
>;

const FIELD_OF_PATH: Record<string, keyof SettingsFieldErrors> = {
  'push.match_reminder.minutesBefore': 'minutesBefore',
  'quietHours.start': 'quietHoursStart',
  'quietHours.end': 'quietHoursEnd',
};

/**
 * The settings to send, checked with the server's own schema (the messages are the server's), or
 * the first message per field. Minutes that are not a whole number of at least 1 become 60.
 */
export function fromFormValues(
  values: SettingsFormValues,
):
  | { settings: NotificationSettings; errors?: undefined }
  | { settings?: undefined; errors: SettingsFieldErrors } {
  const candidate = {
    ...values,
    push: {
      ...values.push,
      match_reminder: {
        enabled: values.push.match_reminder.enabled,
        minutesBefore: parseMinutesBefore(values.push.match_reminder.minutesBefore).minutes,
      },
    },
  };
  const result = NotificationSettingsSchema.safeParse(candidate);
  if (result.success) return { settings: result.data };
  const errors: SettingsFieldErrors = {};
  for (const issue of result.error.issues) {
    const field = FIELD_OF_PATH[issue.path.join('.')];
    if (field) errors[field] ??= issue.message;
  }
  return { errors };
}

/**
 * docs/spec/1-app-shell-auth-account.md §5: HH:MM, hours 0–23, on a 15-minute step:
 * 00:00, 00:15 … 23:45.
 */
export const QUIET_HOUR_TIMES: readonly string[] = Array.from(
  { length: (24 * 60) / QUIET_HOURS_STEP_MINUTES },
  (_, index) => {
    const minutes = index * QUIET_HOURS_STEP_MINUTES;
    return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  },
);

/** A UTC time of day (HH:MM) as the clock shows it here on `day`, e.g. 22:00 → 23:00 in winter. */
export function utcTimeToLocal(time: string, day: Date = new Date()): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const date = new Date(
    Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), hours, minutes),
  );
  return `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
}
