import type { HeatDifference, Heat, MatchScore, ScoreDiscrepancy } from '@speedway/rules';
import {
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { matches } from './matches';
import { users } from './users';

export const USER_MATCH_STATUSES = ['complete', 'validated', 'disputed'] as const;
export const RESOLUTIONS = ['accept_official', 'keep_user'] as const;

/** An official result as a resolution was made against it. */
export type ResolvedOfficial = MatchScore & { heats: Heat[] | null };

/**
 * A saved protocol (spec: Saved user match): the user's copy of a confirmed protocol and how it
 * compares with the official result. One per protocol, also under concurrent saves.
 */
export const userMatches = pgTable(
  'user_matches',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    matchId: uuid()
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    status: text({ enum: USER_MATCH_STATUSES }).notNull().default('complete'),
    /** user_results: the protocol's heats, or the official ones once accepted. */
    heats: jsonb().$type<Heat[]>().notNull(),
    homeScore: integer().notNull(),
    awayScore: integer().notNull(),
    /** The comparison with the official result when last saved, imported or resolved. */
    discrepancies: jsonb().$type<ScoreDiscrepancy[]>().notNull(),
    heatDiscrepancies: jsonb().$type<HeatDifference[]>().notNull(),
    resolution: text({ enum: RESOLUTIONS }),
    /** The official result the resolution answers; a different one makes it lapse. */
    resolvedOfficial: jsonb().$type<ResolvedOfficial>(),
    resolvedAt: timestamp({ withTimezone: true }),
    completedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('user_matches_one_per_protocol').on(t.userId, t.matchId),
    index().on(t.matchId),
    index().on(t.userId, t.completedAt),
  ],
);
