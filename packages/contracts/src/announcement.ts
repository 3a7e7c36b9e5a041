import { z } from 'zod';

// The global announcement (docs/spec/2-matches-protocols-admin.md §2 home banner and admin
// overview, §3 Announcement, §4 Announcement, §5 validation, §7 /api/system/announcement, §8 texts,
// §9 constants).

export const ANNOUNCEMENT_LEVELS = ['info', 'success', 'warning', 'error'] as const;
export const AnnouncementLevelSchema = z.enum(ANNOUNCEMENT_LEVELS, {
  message: 'Nivån ska vara info, success, warning eller error.',
});
export type AnnouncementLevel = z.infer<typeof AnnouncementLevelSchema>;

/** §9: the banner polls every 60 s; a read is fresh for 30 s. */
export const ANNOUNCEMENT_POLL_MS = 60_000;
export const ANNOUNCEMENT_STALE_MS = 30_000;
export const ANNOUNCEMENT_MESSAGE_MAX = 500;

/**
 * There is one announcement. Before the first save it is an empty, inactive one with version 0.
 * `active` is false once expiresAt has passed (an expired announcement is never active), and
 * every save (PUT or DELETE) raises `version`: a dismissal is kept per id + version.
 */
export const AnnouncementSchema = z.object({
  id: z.uuid(),
  version: z.number().int(),
  message: z.string(),
  level: AnnouncementLevelSchema,
  active: z.boolean(),
  dismissible: z.boolean(),
  /** ISO timestamp; null: shown until closed. */
  expiresAt: z.string().nullable(),
  /** ISO timestamp of the last save. */
  updatedAt: z.string(),
});
export type Announcement = z.infer<typeof AnnouncementSchema>;

export const ANNOUNCEMENT_MESSAGE_REQUIRED = 'Meddelandet måste fyllas i för att kunna aktiveras.';
export const ANNOUNCEMENT_INVALID_EXPIRY = 'Ogiltigt utgångsdatum.';

/** Empty (or blank) means no expiry; anything else must be an ISO timestamp. */
const ExpirySchema = z
  .union([z.string({ message: ANNOUNCEMENT_INVALID_EXPIRY }), z.null()], {
    message: ANNOUNCEMENT_INVALID_EXPIRY,
  })
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value === null || value.trim() === '') return null;
    const text = value.trim();
    const iso = z.iso.datetime({ offset: true }).safeParse(text);
    if (!iso.success || Number.isNaN(Date.parse(text))) {
      ctx.addIssue({ code: 'custom', message: ANNOUNCEMENT_INVALID_EXPIRY });
      return z.NEVER;
    }
    return new Date(text).toISOString();
  });

/** PUT /api/system/announcement (saving with active on publishes it). */
export const AnnouncementBodySchema = z
  .strictObject({
    message: z
      .string({ message: 'Meddelandet ska vara text.' })
      .trim()
      .max(ANNOUNCEMENT_MESSAGE_MAX, {
        message: `Meddelandet får vara högst ${ANNOUNCEMENT_MESSAGE_MAX} tecken.`,
      }),
    level: AnnouncementLevelSchema.default('info'),
    active: z.boolean({ message: 'Ange om meddelandet är aktivt (true eller false).' }),
    dismissible: z.boolean({ message: 'dismissible ska vara true eller false.' }).default(true),
    expiresAt: ExpirySchema,
  })
  .refine((a) => !a.active || a.message !== '', {
    message: ANNOUNCEMENT_MESSAGE_REQUIRED,
    path: ['message'],
  });
export type AnnouncementBody = z.infer<typeof AnnouncementBodySchema>;
export type AnnouncementInput = z.input<typeof AnnouncementBodySchema>;

/** Whether the banner shows it (§4): active, a message, not expired (an invalid expiry is none). */
export function isAnnouncementVisible(a: Announcement, now: Date = new Date()): boolean {
  if (!a.active || a.message.trim() === '') return false;
  if (a.expiresAt === null) return true;
  const expires = Date.parse(a.expiresAt);
  return Number.isNaN(expires) || expires > now.getTime();
}
