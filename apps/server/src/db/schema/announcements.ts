import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export const ANNOUNCEMENT_LEVEL_VALUES = ['info', 'success', 'warning', 'error'] as const;

/**
 * The one global announcement (docs/spec/2-matches-protocols-admin.md §3 Announcement): at most one
 * row, created by the first save. Every save raises version; a dismissal on a device is kept per
 * id + version.
 */
export const announcements = pgTable(
  'announcements',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Always true, and unique: a second row cannot exist. */
    singleton: boolean().notNull().default(true),
    version: integer().notNull().default(1),
    message: text().notNull(),
    level: text({ enum: ANNOUNCEMENT_LEVEL_VALUES }).notNull().default('info'),
    active: boolean().notNull(),
    dismissible: boolean().notNull().default(true),
    expiresAt: timestamp({ withTimezone: true }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('announcements_one_row').on(t.singleton),
    check('announcements_singleton', sql`${t.singleton}`),
  ],
);
