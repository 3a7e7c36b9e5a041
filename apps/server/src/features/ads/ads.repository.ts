import { AD_MIN_SWAP_MS } from '@speedway/contracts';
import { and, desc, eq, getTableColumns, ne, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { dataVersionOf } from '../../db/data-versions';
import { adClicks, adImpressions, ads, teams, users } from '../../db/schema/index';
import { AD_TOKEN_TTL_SECONDS } from './ad-tokens';

export type AdRow = typeof ads.$inferSelect;
export type NewAd = Omit<typeof ads.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type AdChanges = Partial<NewAd>;
type AdPlacementValue = NonNullable<AdRow['placement']>;
export type AdWithStats = AdRow & { impressions: number; clicks: number };

const withStats = {
  ...getTableColumns(ads),
  impressions: sql<number>`(SELECT count(*) FROM ${adImpressions} WHERE ${adImpressions.adId} = ${ads.id})::int`,
  clicks: sql<number>`(SELECT count(*) FROM ${adClicks} WHERE ${adClicks.adId} = ${ads.id})::int`,
};

/** A club_admin reaches the ads of their club only; null: every ad (super_admin). */
export type AdScope = { clubSlug: string | null } | null;

function scoped(scope: AdScope, where?: SQL): SQL | undefined {
  if (scope === null) return where;
  // A club_admin without a club reaches nothing (NULL never equals).
  const ofClub = scope.clubSlug === null ? sql`false` : eq(ads.clubSlug, scope.clubSlug);
  return where ? and(where, ofClub) : ofClub;
}

export const adsRepository = {
  async list(db: Executor, scope: AdScope): Promise<AdWithStats[]> {
    return db
      .select(withStats)
      .from(ads)
      .where(scoped(scope))
      .orderBy(desc(ads.createdAt), desc(ads.id));
  },

  async find(db: Executor, scope: AdScope, id: string): Promise<AdWithStats | undefined> {
    const [row] = await db
      .select(withStats)
      .from(ads)
      .where(scoped(scope, eq(ads.id, id)));
    return row;
  },

  /** The row, locked for the rest of the transaction (an edit decides from what it reads). */
  async lock(db: Executor, scope: AdScope, id: string): Promise<AdRow | undefined> {
    const [row] = await db
      .select()
      .from(ads)
      .where(scoped(scope, eq(ads.id, id)))
      .for('update');
    return row;
  },

  async insert(db: Executor, values: NewAd): Promise<AdRow> {
    const [row] = await db.insert(ads).values(values).returning();
    return row!;
  },

  async update(db: Executor, id: string, changes: AdChanges): Promise<void> {
    await db
      .update(ads)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(ads.id, id));
  },

  /** Sets one field unless it already has the value: true when something changed. */
  async setState(
    db: Executor,
    id: string,
    change: { status: AdRow['status'] } | { moderationStatus: AdRow['moderationStatus'] },
  ): Promise<boolean> {
    const differs =
      'status' in change
        ? ne(ads.status, change.status)
        : ne(ads.moderationStatus, change.moderationStatus);
    const rows = await db
      .update(ads)
      .set({ ...change, updatedAt: sql`now()` })
      .where(and(eq(ads.id, id), differs))
      .returning({ id: ads.id });
    return rows.length > 0;
  },

  async delete(db: Executor, id: string): Promise<boolean> {
    const rows = await db.delete(ads).where(eq(ads.id, id)).returning({ id: ads.id });
    return rows.length > 0;
  },

  /**
   * What the selection draws from, with the versions it is current at (read first, so that the
   * data read after them is never labelled older than it is): the approved, active ads whose
   * period has not ended (a day of slack for the time zone), and each team's slug.
   */
  async selectable(db: Executor) {
    const read = await db.execute<{ ads: string; official: string }>(
      sql`SELECT ${dataVersionOf('ads')} AS ads, ${dataVersionOf('official')} AS official`,
    );
    const versions = read.rows[0];
    const rows = await db
      .select({
        id: ads.id,
        title: ads.title,
        imageUrl: ads.imageUrl,
        clickUrl: ads.clickUrl,
        placement: ads.placement,
        startDate: ads.startDate,
        endDate: ads.endDate,
        package: ads.package,
        clubSlug: ads.clubSlug,
      })
      .from(ads)
      .where(
        and(
          eq(ads.moderationStatus, 'approved'),
          eq(ads.status, 'active'),
          sql`${ads.endDate} >= current_date - 1`,
        ),
      );
    const teamRows = await db.select({ id: teams.id, slug: teams.slug }).from(teams);
    return {
      versions: { ads: Number(versions!.ads), official: Number(versions!.official) },
      ads: rows,
      teamSlugs: new Map(teamRows.map((t) => [t.id, t.slug])),
    };
  },

  /**
   * Counts an impression once per token, and once per viewer, ad and placement in a 10-second
   * slot (the unique keys decide, on any instance): false when it was counted before, the slot
   * already has one, or the ad or the viewer is gone.
   */
  async countImpression(
    db: Executor,
    values: { tokenId: string; adId: string; placement: AdPlacementValue; userId: string },
  ): Promise<boolean> {
    const result = await db.execute(sql`
      INSERT INTO ${adImpressions} (token_id, ad_id, placement, user_id, time_slot)
      SELECT ${values.tokenId}, ${values.adId}, ${values.placement}, ${values.userId},
        floor(extract(epoch FROM now()) * 1000 / ${AD_MIN_SWAP_MS})::int
      WHERE EXISTS (SELECT 1 FROM ${ads} WHERE ${ads.id} = ${values.adId})
        AND EXISTS (SELECT 1 FROM ${users} WHERE ${users.id} = ${values.userId})
      ON CONFLICT DO NOTHING`);
    return (result.rowCount ?? 0) > 0;
  },

  /**
   * Counts a click on one counted impression, at most once (impression_id is unique): with the
   * selection's click token, the impression it names; in the spec's form (no token), the viewer's
   * latest impression of the ad (in the placement, if named) of the last day not yet clicked.
   * false when there is no such impression.
   */
  async countClick(
    db: Executor,
    on:
      | { tokenId: string; adId: string }
      | { userId: string; adId: string; placement: AdPlacementValue | undefined },
  ): Promise<boolean> {
    const impression =
      'tokenId' in on
        ? sql`${adImpressions.tokenId} = ${on.tokenId} AND ${adImpressions.adId} = ${on.adId}`
        : sql`${adImpressions.userId} = ${on.userId} AND ${adImpressions.adId} = ${on.adId}
            AND ${adImpressions.createdAt} > now() - make_interval(secs => ${AD_TOKEN_TTL_SECONDS})
            ${on.placement ? sql`AND ${adImpressions.placement} = ${on.placement}` : sql``}
            AND NOT EXISTS (SELECT 1 FROM ${adClicks} WHERE ${adClicks.impressionId} = ${adImpressions.tokenId})`;
    const result = await db.execute(sql`
      INSERT INTO ${adClicks} (token_id, impression_id, ad_id, placement)
      SELECT ${adImpressions.tokenId}, ${adImpressions.tokenId}, ${adImpressions.adId}, ${adImpressions.placement}
      FROM ${adImpressions}
      WHERE ${impression}
      ORDER BY ${adImpressions.createdAt} DESC
      LIMIT 1
      ON CONFLICT DO NOTHING`);
    return (result.rowCount ?? 0) > 0;
  },
};
