import type { SyncCounts, SyncRefusal } from '@speedway/contracts';
import { sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { teams } from './official';

/** One run of the official-data sync (features/official/sync); at most one runs at a time. */
export const officialSyncRuns = pgTable(
  'official_sync_runs',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** schedule, manual ('Synka nu') or command (`npm run sync`). */
    trigger: text().notNull(),
    /** TA's base URL or the folder read. */
    origin: text().notNull(),
    seasons: integer().array().notNull(),
    /** running, done or failed. */
    status: text().notNull(),
    startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Moved on after every match: a running run whose instance died is told by its silence. */
    heartbeatAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
    error: text(),
    counts: jsonb().$type<SyncCounts>().notNull(),
    refusals: jsonb().$type<SyncRefusal[]>().notNull(),
  },
  (t) => [
    uniqueIndex('official_sync_runs_one_running')
      .on(t.status)
      .where(sql`status = 'running'`),
  ],
);

/**
 * What the last import of a source page wrote, by the page's key (`svemo-ta-<CompetitionId>`):
 * a page whose match comes out the same is not imported again; the validators make the next
 * request conditional.
 */
export const officialSourcePages = pgTable('official_source_pages', {
  key: text().primaryKey(),
  url: text().notNull(),
  etag: text(),
  lastModified: text(),
  /** SHA-256 of the match as imported (the page's meaning, not its bytes: TA's view state moves). */
  contentHash: text().notNull(),
  importedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** A team name as TA writes it → the app's team its matches go to. */
export const officialTeamNames = pgTable('official_team_names', {
  sourceName: text().primaryKey(),
  abbreviation: text(),
  teamId: uuid()
    .notNull()
    .references(() => teams.id, { onDelete: 'cascade' }),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
