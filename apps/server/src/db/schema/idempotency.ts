import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Replies to writes sent with an `Idempotency-Key` (plugins/idempotency.ts, ADR 009): stored in
 * the write's own transaction, so a key is here exactly when its write committed. A key belongs to
 * one user and one route and method; a repeat is answered from here instead of writing again.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    method: text().notNull(),
    /** The route's pattern (e.g. /api/matches/:id/nominations), not the path. */
    route: text().notNull(),
    key: text().notNull(),
    /** SHA-256 of method, path and canonical body: the same key with another payload is a 422. */
    fingerprint: text().notNull(),
    status: integer().notNull(),
    /** The reply's JSON exactly as sent, so a replay is byte for byte the same. */
    body: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.method, t.route, t.key] }), index().on(t.createdAt)],
);
