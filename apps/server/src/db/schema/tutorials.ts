import { boolean, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Tutorial progress (docs/spec/2-matches-protocols-admin.md §3 Tutorial state): one row per user
 * and guide, where a guide is 'intro' or a page key. No row means not completed, step 0. One row
 * per guide, so that two devices finishing different guides at the same moment each write their own
 * row and neither completion can be lost to the other's write.
 */
export const tutorialProgress = pgTable(
  'tutorial_progress',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    guide: text().notNull(),
    completed: boolean().notNull().default(false),
    step: smallint().notNull().default(0),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.guide] })],
);
