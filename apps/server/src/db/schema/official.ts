import type { Heat, Lineups } from '@speedway/rules';
import { index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';

export const teams = pgTable('teams', {
  id: uuid().primaryKey().defaultRandom(),
  slug: text().notNull().unique(),
  name: text().notNull(),
  city: text(),
  short: text(),
  arena: text(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** A rider of a team's squad; official line-ups name riders by these ids. */
export const riders = pgTable(
  'riders',
  {
    id: uuid().primaryKey().defaultRandom(),
    teamId: uuid()
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique().on(t.teamId, t.name)],
);

export const officialMatches = pgTable(
  'official_matches',
  {
    id: uuid().primaryKey().defaultRandom(),
    // The source's stable id: re-importing it updates this row, never duplicates it.
    externalId: text().notNull().unique(),
    competition: text(),
    season: integer(),
    round: integer(),
    rulebook: text().notNull(),
    startsAt: timestamp({ withTimezone: true }),
    homeTeamId: uuid()
      .notNull()
      .references(() => teams.id),
    awayTeamId: uuid()
      .notNull()
      .references(() => teams.id),
    venue: text(),
    referee: text(),
    tv: text(),
    /** Spectators, when the source publishes it (TA's "Publik"). */
    attendance: integer(),
    /** Riders 1–7 per team (rider_id = riders.id), as the engine reads them; empty until known. */
    lineups: jsonb().$type<Lineups>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  // (season, starts_at): GET /api/official-matches?season= reads one season, in start order, by
  // an index range however many seasons are stored; starts_at alone serves the date windows.
  (t) => [
    index().on(t.startsAt),
    index().on(t.season, t.startsAt),
    index().on(t.homeTeamId),
    index().on(t.awayTeamId),
  ],
);

/** The official result once known: totals and, when published, all 15 heats as the engine's. */
export const officialResults = pgTable('official_results', {
  officialMatchId: uuid()
    .primaryKey()
    .references(() => officialMatches.id, { onDelete: 'cascade' }),
  homeScore: integer().notNull(),
  awayScore: integer().notNull(),
  heats: jsonb().$type<Heat[] | null>(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
