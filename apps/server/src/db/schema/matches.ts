import type { Heat, Lineups, TacticalRules } from '@speedway/rules';
import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { officialMatches, teams } from './official';
import { users } from './users';

export const MATCH_STATUSES = ['upcoming', 'live', 'completed', 'confirmed'] as const;

/** A user's own protocol of a match (spec: Match): a snapshot taken from an official match. */
export const matches = pgTable(
  'matches',
  {
    id: uuid().primaryKey().defaultRandom(),
    createdBy: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    officialMatchId: uuid().references(() => officialMatches.id, { onDelete: 'set null' }),
    rulebook: text().notNull(),
    /** meta.rules.tactical as it was when the protocol was created. */
    tactical: jsonb().$type<TacticalRules>().notNull(),
    homeTeamId: uuid().references(() => teams.id),
    awayTeamId: uuid().references(() => teams.id),
    homeTeam: text().notNull(),
    awayTeam: text().notNull(),
    homeShort: text(),
    awayShort: text(),
    startsAt: timestamp({ withTimezone: true }),
    venue: text(),
    competition: text(),
    round: integer(),
    status: text({ enum: MATCH_STATUSES }).notNull().default('upcoming'),
    lineups: jsonb().$type<Lineups>().notNull(),
    // Derived from the heats on every save (never accumulated), kept for lists.
    homeScore: integer().notNull().default(0),
    awayScore: integer().notNull().default(0),
    completedHeats: integer().notNull().default(0),
    confirmedAt: timestamp({ withTimezone: true }),
    // Raised by every change of the protocol: a heat save writes only if it is still the one it
    // read (optimistic, one statement), and a locked change (confirm, nominations) moves it on.
    revision: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index().on(t.createdBy, t.createdAt),
    index().on(t.officialMatchId),
    // At most one unfinished protocol per user and official match, also under double clicks.
    uniqueIndex('matches_one_open_per_official')
      .on(t.createdBy, t.officialMatchId)
      .where(sql`status <> 'confirmed' AND official_match_id IS NOT NULL`),
  ],
);

/** One row per heat, replaced whole on every save: two devices never leave a mixed heat. */
export const matchHeats = pgTable(
  'match_heats',
  {
    matchId: uuid()
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    heatNumber: integer().notNull(),
    heat: jsonb().$type<Heat>().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.matchId, t.heatNumber] })],
);

/** 'Följ match': the official matches a user watches ('Mina bevakningar'). */
export const follows = pgTable(
  'follows',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    officialMatchId: uuid()
      .notNull()
      .references(() => officialMatches.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.officialMatchId] }), index().on(t.officialMatchId)],
);
