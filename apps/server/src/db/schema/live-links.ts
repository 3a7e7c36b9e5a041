import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { matches } from './matches';

/**
 * A read-only link to one protocol for people without an account ('Dela live'). The link's token
 * is found by its SHA-256 hash; the token itself is kept sealed with APP_SECRET only so that the
 * owner can copy the same link again (ADR 012). A protocol has at most one link in use.
 */
export const liveLinks = pgTable(
  'live_links',
  {
    id: uuid().primaryKey().defaultRandom(),
    matchId: uuid()
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull().unique(),
    sealedToken: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index().on(t.matchId),
    uniqueIndex('live_links_one_active_per_match')
      .on(t.matchId)
      .where(sql`revoked_at IS NULL`),
  ],
);
