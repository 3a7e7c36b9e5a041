import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { riders } from './official';

/**
 * One person across squads and seasons (issue 28): the statistics count a rider's heats under
 * this id. Filled by every official import (features/official/riders/assign-identities.ts).
 */
export const riderIdentities = pgTable(
  'rider_identities',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    /** normalizeRiderName(name): the key a new squad entry is matched by. */
    normalizedName: text().notNull(),
    // "The oldest" is the assignment's last tie-break; clock_timestamp(), not the transaction's
    // now(), so that a split's new identity is younger than the one it left even in one test.
    createdAt: timestamp({ withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (t) => [index().on(t.normalizedName)],
);

/**
 * A squad rider (riders.id, what official line-ups name) in one season → his identity. The season
 * is the official match's; a match without a season gives an entry with season null (one per
 * squad rider: the second unique index). A super_admin's merge or split pins the entries it
 * moves; an import only adds entries for pairs it has not seen, so it never moves one back.
 */
export const riderIdentityEntries = pgTable(
  'rider_identity_entries',
  {
    id: uuid().primaryKey().defaultRandom(),
    riderId: uuid()
      .notNull()
      .references(() => riders.id, { onDelete: 'cascade' }),
    season: integer(),
    identityId: uuid()
      .notNull()
      .references(() => riderIdentities.id),
    /**
     * normalizeRiderName of the squad rider's name (riders.name never changes): a later entry
     * with this name finds the identity even when a merge gave it another name.
     */
    normalizedName: text().notNull(),
    /** Set by a super_admin's merge or split: a decision, not the import's guess. */
    pinned: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('rider_identity_entries_rider_season')
      .on(t.riderId, t.season)
      .where(sql`season IS NOT NULL`),
    uniqueIndex('rider_identity_entries_rider_no_season')
      .on(t.riderId)
      .where(sql`season IS NULL`),
    // The unique indexes are partial: this one serves "the entry of this rider in this season"
    // whether the season is known or not.
    index().on(t.riderId),
    index().on(t.identityId),
    index().on(t.normalizedName),
    index().on(t.season),
  ],
);
