import { z } from 'zod';

// Notifications (docs/spec/1-app-shell-auth-account.md §3 inbox item, settings, push subscription;
// §5 validation; §7 calls; §9 constants). Shared by the server's routes and the web's drawer and
// settings page.

/** What produced an item; also names the mail that the one-click link turns off. */
export const NotificationKindSchema = z.enum([
  'protocol_saved',
  'conflict_detected',
  'result_validation',
  'match_created',
  'match_reminder',
  'push_test',
]);
export type NotificationKind = z.infer<typeof NotificationKindSchema>;

/** The kinds that can be mailed: the keys of settings.email. */
export const EmailNotificationKindSchema = z.enum([
  'match_created',
  'protocol_saved',
  'conflict_detected',
]);
export type EmailNotificationKind = z.infer<typeof EmailNotificationKindSchema>;

// ---------------------------------------------------------------------------------------------
// Inbox

export const INBOX_DEFAULT_LIMIT = 20;
export const INBOX_MAX_LIMIT = 100;

export const NotificationDataSchema = z
  .object({
    /** An in-app path, e.g. /my-matches/saved/{id} or /match/{id}. */
    deeplink: z.string().optional(),
    /** An absolute URL (only when there is no in-app path). */
    url: z.string().optional(),
  })
  .catchall(z.unknown());
export type NotificationData = z.infer<typeof NotificationDataSchema>;

export const NotificationStatusSchema = z.enum(['read', 'unread']);
export type NotificationStatus = z.infer<typeof NotificationStatusSchema>;

export const NotificationItemSchema = z.object({
  id: z.uuid(),
  kind: NotificationKindSchema,
  title: z.string(),
  body: z.string(),
  status: NotificationStatusSchema,
  /** ISO timestamp, null while unread. */
  readAt: z.string().nullable(),
  /** ISO timestamp. */
  createdAt: z.string(),
  data: NotificationDataSchema,
  /** The same as data.deeplink (the spec's top-level fallback), null when there is none. */
  deeplink: z.string().nullable(),
});
export type NotificationItem = z.infer<typeof NotificationItemSchema>;
export const NotificationInboxSchema = z.array(NotificationItemSchema);
export type NotificationInbox = z.infer<typeof NotificationInboxSchema>;

export const InboxQuerySchema = z.object({
  limit: z.coerce
    .number({ message: `limit ska vara ett heltal mellan 1 och ${INBOX_MAX_LIMIT}.` })
    .int({ message: `limit ska vara ett heltal mellan 1 och ${INBOX_MAX_LIMIT}.` })
    .min(1, { message: `limit ska vara ett heltal mellan 1 och ${INBOX_MAX_LIMIT}.` })
    .max(INBOX_MAX_LIMIT, {
      message: `limit ska vara ett heltal mellan 1 och ${INBOX_MAX_LIMIT}.`,
    })
    .default(INBOX_DEFAULT_LIMIT),
});
export type InboxQuery = z.infer<typeof InboxQuerySchema>;

/** Reply of PUT /api/notifications/read-all. */
export const ReadAllResponseSchema = z.object({
  /** How many items changed from unread to read. */
  updated: z.number().int(),
  /** The readAt given to them (ISO). */
  readAt: z.string(),
});
export type ReadAllResponse = z.infer<typeof ReadAllResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Settings

export const REMINDER_DEFAULT_MINUTES = 60;
/** A week: reminders further ahead than this are not useful and would sit in the job queue. */
export const REMINDER_MAX_MINUTES = 10080;
export const QUIET_HOURS_STEP_MINUTES = 15;
export const QUIET_HOURS_DEFAULT = { start: '22:00', end: '07:00' } as const;

const TIME_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** HH:MM (00–23, 00–59) on a 15-minute step, in UTC. */
export const QuietHoursTimeSchema = z
  .string({ message: 'Ange en tid som TT:MM.' })
  .regex(TIME_PATTERN, { message: 'Ange en tid som TT:MM (timme 00–23, minut 00–59).' })
  .refine((t) => Number(t.slice(3)) % QUIET_HOURS_STEP_MINUTES === 0, {
    message: `Tiden måste ligga på en jämn kvart (steg om ${QUIET_HOURS_STEP_MINUTES} minuter).`,
  });

const bool = (field: string) => z.boolean({ message: `${field} ska vara sant eller falskt.` });

export const MinutesBeforeSchema = z
  .number({ message: 'Minuter före matchen ska vara ett heltal som är minst 1.' })
  .int({ message: 'Minuter före matchen ska vara ett heltal som är minst 1.' })
  .min(1, { message: 'Minuter före matchen ska vara ett heltal som är minst 1.' })
  .max(REMINDER_MAX_MINUTES, {
    message: `Minuter före matchen får vara högst ${REMINDER_MAX_MINUTES} (en vecka).`,
  });

export const NotificationSettingsSchema = z.object({
  email: z.object({
    match_created: bool('email.match_created'),
    protocol_saved: bool('email.protocol_saved'),
    conflict_detected: bool('email.conflict_detected'),
  }),
  push: z.object({
    match_reminder: z.object({
      enabled: bool('push.match_reminder.enabled'),
      minutesBefore: MinutesBeforeSchema,
    }),
    result_validation: z.object({ enabled: bool('push.result_validation.enabled') }),
  }),
  /** UTC. start == end means no quiet hours; start > end wraps midnight (22:00–07:00). */
  quietHours: z.object({ start: QuietHoursTimeSchema, end: QuietHoursTimeSchema }),
});
export type NotificationSettings = z.infer<typeof NotificationSettingsSchema>;

export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  email: { match_created: false, protocol_saved: false, conflict_detected: true },
  push: {
    match_reminder: { enabled: true, minutesBefore: REMINDER_DEFAULT_MINUTES },
    result_validation: { enabled: true },
  },
  quietHours: { ...QUIET_HOURS_DEFAULT },
};

/**
 * PUT /api/account/notifications: the whole settings object, or any part of it (missing fields
 * keep their stored value). Unknown fields are refused. The reply is the full settings.
 */
export const NotificationSettingsUpdateSchema = z.strictObject({
  email: z
    .strictObject({
      match_created: bool('email.match_created').optional(),
      protocol_saved: bool('email.protocol_saved').optional(),
      conflict_detected: bool('email.conflict_detected').optional(),
    })
    .optional(),
  push: z
    .strictObject({
      match_reminder: z
        .strictObject({
          enabled: bool('push.match_reminder.enabled').optional(),
          minutesBefore: MinutesBeforeSchema.optional(),
        })
        .optional(),
      result_validation: z
        .strictObject({ enabled: bool('push.result_validation.enabled').optional() })
        .optional(),
    })
    .optional(),
  quietHours: z
    .strictObject({
      start: QuietHoursTimeSchema.optional(),
      end: QuietHoursTimeSchema.optional(),
    })
    .optional(),
});
export type NotificationSettingsUpdate = z.infer<typeof NotificationSettingsUpdateSchema>;

// ---------------------------------------------------------------------------------------------
// Push

export const PUSH_ENDPOINT_MAX_LENGTH = 2048;

const base64urlBytes = (field: string, bytes: number, extra?: (b: Uint8Array) => boolean) =>
  z
    .string({ message: `${field} krävs.` })
    .max(128, { message: `${field} har fel längd eller form.` })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, { message: `${field} ska vara base64url-kodad.` })
    .refine(
      (s) => {
        const decoded = decodeBase64url(s);
        return decoded.length === bytes && (!extra || extra(decoded));
      },
      { message: `${field} har fel längd eller form.` },
    );

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** base64url (padding allowed) → bytes; no Buffer or atob, so that both sides can use it. */
export function decodeBase64url(text: string): Uint8Array {
  const clean = text.replace(/=+$/, '');
  const out: number[] = [];
  let bits = 0;
  let value = 0;
  for (const ch of clean) {
    const v = BASE64URL.indexOf(ch);
    if (v < 0) return new Uint8Array(0);
    value = (value << 6) | v;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out.push((value >> bits) & 0xff);
    }
  }
  return new Uint8Array(out);
}

export const PushEndpointSchema = z
  .string({ message: 'endpoint krävs.' })
  .max(PUSH_ENDPOINT_MAX_LENGTH, { message: 'endpoint är för lång.' })
  .pipe(z.url({ protocol: /^https?$/, message: 'endpoint ska vara en giltig https-adress.' }));

/** POST /api/account/push/subscribe: PushSubscription.toJSON() (expirationTime is ignored). */
export const PushSubscribeBodySchema = z.object({
  endpoint: PushEndpointSchema,
  expirationTime: z.number().nullable().optional(),
  keys: z.object(
    {
      /** The browser's P-256 public key: 65 bytes, an uncompressed point (0x04 …). */
      p256dh: base64urlBytes('keys.p256dh', 65, (b) => b[0] === 0x04),
      /** The auth secret: 16 bytes. */
      auth: base64urlBytes('keys.auth', 16),
    },
    { message: 'keys krävs (p256dh och auth).' },
  ),
});
export type PushSubscribeBody = z.infer<typeof PushSubscribeBodySchema>;

/** DELETE /api/account/push/subscribe. */
export const PushUnsubscribeBodySchema = z.object({ endpoint: PushEndpointSchema });
export type PushUnsubscribeBody = z.infer<typeof PushUnsubscribeBodySchema>;

export const PushPublicKeyResponseSchema = z.object({ vapidPublicKey: z.string() });
export type PushPublicKeyResponse = z.infer<typeof PushPublicKeyResponseSchema>;

/** Reply of POST /api/account/push/subscribe and DELETE …/subscribe. */
export const PushSubscriptionResponseSchema = z.object({
  subscribed: z.boolean(),
  /** How many devices the user now has push on. */
  devices: z.number().int(),
});
export type PushSubscriptionResponse = z.infer<typeof PushSubscriptionResponseSchema>;

/** Reply of POST /api/account/push/test: the test is queued, one push per device. */
export const PushTestResponseSchema = z.object({
  message: z.string(),
  devices: z.number().int(),
});
export type PushTestResponse = z.infer<typeof PushTestResponseSchema>;

/** Reply of the one-click mail opt-out (GET or POST /api/notifications/unsubscribe?token=). */
export const EmailUnsubscribeResponseSchema = z.object({
  message: z.string(),
  kind: EmailNotificationKindSchema,
});
export type EmailUnsubscribeResponse = z.infer<typeof EmailUnsubscribeResponseSchema>;
