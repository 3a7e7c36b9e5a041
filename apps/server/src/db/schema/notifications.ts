import type { NotificationSettings } from '@speedway/contracts';
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { officialMatches } from './official';
import { users } from './users';

export const NOTIFICATION_KINDS = [
  'protocol_saved',
  'conflict_detected',
  'result_validation',
  'match_created',
  'match_reminder',
  'push_test',
] as const;

/**
 * A user's inbox (the drawer). Mail and push jobs are made in the same transaction as the row.
 * Pruned: read items after 90 days, and anything beyond a user's newest 200 (inbox-prune.ts).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text({ enum: NOTIFICATION_KINDS }).notNull(),
    title: text().notNull(),
    body: text().notNull(),
    /** { deeplink?, url?, ... } as the drawer reads it. */
    data: jsonb().$type<Record<string, unknown>>().notNull(),
    /**
     * The event it tells of (e.g. `match_reminder:<official match>`): one item per user and event,
     * however often the event is reported (a retried job, two instances, a replayed import).
     */
    eventKey: text().notNull(),
    readAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique().on(t.userId, t.eventKey),
    index().on(t.userId, t.createdAt),
    // The inbox pruning's look for old read items (features/notifications/inbox-prune.ts).
    index('notifications_read_created_at_index')
      .on(t.createdAt)
      .where(sql`${t.readAt} IS NOT NULL`),
  ],
);

/** Stored only once a user changes something; until then the defaults apply. */
export const notificationSettings = pgTable('notification_settings', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  settings: jsonb().$type<NotificationSettings>().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** A browser's push subscription; one endpoint belongs to one user (the last who subscribed it). */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text().notNull().unique(),
    /** The browser's public ECDH key and auth secret (base64url), needed to encrypt to it. */
    p256dh: text().notNull(),
    auth: text().notNull(),
    userAgent: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastSuccessAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.userId)],
);

/**
 * A match reminder due for a user: one row per user and official match, so a reminder is sent
 * once. A pg-boss job fires it at fire_at; moving fire_at (a new start time, other minutes)
 * makes the old job a no-op and schedules a new one.
 */
export const matchReminders = pgTable(
  'match_reminders',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    officialMatchId: uuid()
      .notNull()
      .references(() => officialMatches.id, { onDelete: 'cascade' }),
    fireAt: timestamp({ withTimezone: true }).notNull(),
    /** The pg-boss job that fires it (cancelled when the reminder moves or goes). */
    jobId: uuid(),
    sentAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique().on(t.userId, t.officialMatchId),
    index().on(t.officialMatchId),
    // The sweep's look for overdue reminders reads only the unsent ones.
    index('match_reminders_unsent_fire_at_index')
      .on(t.fireAt)
      .where(sql`${t.sentAt} IS NULL`),
  ],
);
