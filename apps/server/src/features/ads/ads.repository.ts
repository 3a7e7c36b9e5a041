import { and, desc, eq, getTableColumns, ne, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { dataVersionOf } from '../../db/data-versions';
import { adClicks, adImpressions, ads, teams } from '../../db/schema/index';

export type AdRow = typeof ads.$inferSelect;
export type NewAd = Omit<typeof ads.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type AdChanges = Partial<NewAd>;
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

  /** Counts a token once: false when it was counted before or the ad is gone. */
  async count(
    db: Executor,
    kind: 'impression' | 'click',
    values: { tokenId: string; adId: string; placement: AdRow['placement'] & string },
  ): Promise<boolean> {
    const table = kind === 'impression' ? adImpressions : adClicks;
    const result = await db.execute(sql`
      INSERT INTO ${table} (token_id, ad_id, placement)
      SELECT ${values.tokenId}, ${values.adId}, ${values.placement}
      WHERE EXISTS (SELECT 1 FROM ${ads} WHERE ${ads.id} = ${values.adId})
      ON CONFLICT (token_id) DO NOTHING`);
    return (result.rowCount ?? 0) > 0;
  },
};
