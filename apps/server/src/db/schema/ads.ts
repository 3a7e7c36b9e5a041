import { sql } from 'drizzle-orm';
import { check, date, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const AD_PACKAGE_VALUES = ['bronze', 'silver', 'gold', 'platinum'] as const;
export const AD_STATUS_VALUES = ['active', 'paused'] as const;
export const AD_MODERATION_VALUES = ['pending', 'approved', 'rejected'] as const;
export const AD_PLACEMENT_VALUES = ['protocol-top', 'protocol-bottom'] as const;

/**
 * A banner ad (spec §3 Ad). It belongs to a club (club_slug), not to the person who wrote it:
 * no user id is kept, so deleting a club_admin's account leaves the club's ads as they are.
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
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('ads_period', sql`${t.endDate} >= ${t.startDate}`), index().on(t.clubSlug)],
);

/**
 * Counted impressions and clicks: one row per one-time token (its random id is the key, so a
 * replayed token counts nothing). Nothing about the person who saw or clicked is kept.
 */
export const adImpressions = pgTable(
  'ad_impressions',
  {
    tokenId: text().primaryKey(),
    adId: uuid()
      .notNull()
      .references(() => ads.id, { onDelete: 'cascade' }),
    placement: text({ enum: AD_PLACEMENT_VALUES }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.adId)],
);

export const adClicks = pgTable(
  'ad_clicks',
  {
    tokenId: text().primaryKey(),
    adId: uuid()
      .notNull()
      .references(() => ads.id, { onDelete: 'cascade' }),
    placement: text({ enum: AD_PLACEMENT_VALUES }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.adId)],
);
