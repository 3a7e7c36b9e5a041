import { and, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { tutorialProgress } from '../../db/schema/index';

/** The guide key of the intro; the page guides use their page keys. */
export const INTRO_GUIDE = 'intro';

export type ProgressRow = { guide: string; completed: boolean; step: number; updatedAt: Date };

/** A device's report for one guide: a completion is only ever added, a step replaces the old. */
export type ProgressReport = { guide: string; completed?: boolean; step?: number };

export const tutorialsRepository = {
  list(db: Executor, userId: string): Promise<ProgressRow[]> {
    return db
      .select({
        guide: tutorialProgress.guide,
        completed: tutorialProgress.completed,
        step: tutorialProgress.step,
        updatedAt: tutorialProgress.updatedAt,
      })
      .from(tutorialProgress)
      .where(eq(tutorialProgress.userId, userId))
      .orderBy(tutorialProgress.guide);
  },

  /**
   * Inserts or merges each reported guide on its own key, so a concurrent report for another
   * guide (or the same one) from another device never overwrites a completion: `completed` is
   * OR-ed, `step` replaced only where reported. Two statements at most (with and without a step);
   * the caller runs them in one transaction.
   */
  async report(db: Executor, userId: string, reports: ProgressReport[]): Promise<void> {
    for (const withStep of [true, false]) {
      const rows = reports.filter((r) => (r.step !== undefined) === withStep);
      if (rows.length === 0) continue;
      await db
        .insert(tutorialProgress)
        .values(
          rows.map((r) => ({
            userId,
            guide: r.guide,
            completed: r.completed === true,
            step: r.step ?? 0,
          })),
        )
        .onConflictDoUpdate({
          target: [tutorialProgress.userId, tutorialProgress.guide],
          set: {
            completed: sql`${tutorialProgress.completed} OR excluded.completed`,
            ...(withStep ? { step: sql`excluded.step` } : {}),
            updatedAt: sql`now()`,
          },
        });
    }
  },

  /** Forgets the named guides: no row reads as not completed, step 0. */
  async reset(db: Executor, userId: string, guide: string): Promise<void> {
    await db
      .delete(tutorialProgress)
      .where(and(eq(tutorialProgress.userId, userId), eq(tutorialProgress.guide, guide)));
  },

  async resetAllPages(db: Executor, userId: string): Promise<void> {
    await db
      .delete(tutorialProgress)
      .where(and(eq(tutorialProgress.userId, userId), ne(tutorialProgress.guide, INTRO_GUIDE)));
  },
};
