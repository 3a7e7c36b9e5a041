import { bigint, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Fixed-window counters shared by every server instance on this database. */
export const rateLimits = pgTable('rate_limits', {
  key: text().primaryKey(),
  count: integer().notNull(),
  resetAt: timestamp({ withTimezone: true }).notNull(),
});

/** Generated-once settings every instance must agree on (e.g. VAPID keys). */
export const systemSettings = pgTable('system_settings', {
  key: text().primaryKey(),
  value: jsonb().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * A counter per kind of shared data, raised in the transaction that changes it: a per-instance
 * cache of that data is current exactly when its version equals the stored one, whichever
 * instance made the change.
 */
export const dataVersions = pgTable('data_versions', {
  key: text().primaryKey(),
  version: bigint({ mode: 'number' }).notNull().default(0),
});
