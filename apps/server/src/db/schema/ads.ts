import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

export const AD_PACKAGE_VALUES = ['bronze', 'silver', 'gold', 'platinum'] as const;
export const AD_STATUS_VALUES = ['active', 'paused'] as const;
export const AD_MODERATION_VALUES = ['pending', 'approved', 'rejected'] as const;
export const AD_PLACEMENT_VALUES = ['protocol-top', 'protocol-bottom'] as const;

/**
 * A banner ad (docs/spec/2-matches-protocols-admin.md §3 Ad). It belongs to a club (club_slug), not
 * to the person who wrote it: no user id is kept, so deleting a club_admin's account leaves the
 * club's ads as they are.
 */
export const ads = pgTable(
  'ads',
  {
    id: uuid().primaryKey().defaultRandom(),
    title: text().notNull(),
    imageUrl: text().notNull(),
    clickUrl: text().notNull(),
    /** null: shown in every slot. */
    placement: text({ enum: AD_PLACEMENT_VALUES }),
    /** Whole days in Swedish time (Europe/Stockholm), both included. */
    startDate: date({ mode: 'string' }).notNull(),
    endDate: date({ mode: 'string' }).notNull(),
    package: text({ enum: AD_PACKAGE_VALUES }).notNull().default('bronze'),
    /** null: a house ad of the super_admin's. */
    clubSlug: text(),
    status: text({ enum: AD_STATUS_VALUES }).notNull().default('active'),
    moderationStatus: text({ enum: AD_MODERATION_VALUES }).notNull().default('pending'),
    /**
     * The version of the content a moderator reviews (title, image, click URL, period): raised by
     * every change of it. An approval names the revision it saw and is refused for another.
     */
    revision: integer().notNull().default(1),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('ads_period', sql`${t.endDate} >= ${t.startDate}`), index().on(t.clubSlug)],
);

/**
 * Counted impressions: one row per one-time token (its random id is the key, so a replayed token
 * counts nothing). The viewer is kept so that a click can be tied to an impression they were
 * shown (ad_clicks); a deleted account leaves its impressions counted, without the viewer.
 */
export const adImpressions = pgTable(
  'ad_impressions',
  {
    tokenId: text().primaryKey(),
    adId: uuid()
      .notNull()
      .references(() => ads.id, { onDelete: 'cascade' }),
    placement: text({ enum: AD_PLACEMENT_VALUES }).notNull(),
    /** null: counted before viewers were kept, or the account is deleted. */
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    /**
     * The 10-second slot it was counted in (epoch seconds / 10; a banner swaps at most every
     * 10 s, AD_MIN_SWAP_MS): one counted impression per viewer, ad and placement in each.
     */
    timeSlot: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index().on(t.adId),
    index().on(t.userId, t.adId),
    unique('ad_impressions_one_per_slot').on(t.userId, t.adId, t.placement, t.timeSlot),
  ],
);

/**
 * Counted clicks: at most one per counted impression (impression_id is unique), so that a click
 * is counted only after an impression the viewer was shown, and once.
 */
export const adClicks = pgTable(
  'ad_clicks',
  {
    /** The clicked impression's token id (before impression_id existed: the click token's). */
    tokenId: text().primaryKey(),
    adId: uuid()
      .notNull()
      .references(() => ads.id, { onDelete: 'cascade' }),
    placement: text({ enum: AD_PLACEMENT_VALUES }).notNull(),
    /** null only for clicks counted before clicks were tied to impressions (migration 0017). */
    impressionId: text()
      .unique()
      .references(() => adImpressions.tokenId, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.adId)],
);
