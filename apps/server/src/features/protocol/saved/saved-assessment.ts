import type { ResolveAction } from '@speedway/contracts';
import { compareWithOfficial, matchScore, type Comparison, type Heat } from '@speedway/rules';
import type { ResolvedOfficial } from '../../../db/schema/index';
import type { UserMatchRow } from './saved-matches.repository';

// How a saved protocol stands against the official result (docs/spec/2-matches-protocols-admin.md
// §4 Saved match). The comparison itself is the engine's; this decides what is stored from it.

/** What a save, an import or a resolution writes to a saved copy. */
export type Assessment = Pick<
  UserMatchRow,
  | 'status'
  | 'heats'
  | 'homeScore'
  | 'awayScore'
  | 'discrepancies'
  | 'heatDiscrepancies'
  | 'resolution'
  | 'resolvedOfficial'
  | 'resolvedAt'
>;

export type Resolution = {
  action: ResolveAction;
  /** The official result the user answered. */
  against: ResolvedOfficial;
  at: Date;
};

/** The stored resolution of a copy, if it has one. */
export function resolutionOf(
  row: Pick<UserMatchRow, 'resolution' | 'resolvedOfficial' | 'resolvedAt'> | undefined,
): Resolution | null {
  if (!row?.resolution || !row.resolvedOfficial || !row.resolvedAt) return null;
  return { action: row.resolution, against: row.resolvedOfficial, at: row.resolvedAt };
}

/** Totals only, when the official result was published without heats. */
function compare(own: readonly Heat[], official: ResolvedOfficial): Comparison {
  const totals = { home_score: official.home_score, away_score: official.away_score };
  if (!official.heats)
    return { discrepancies: compareWithOfficial(own, [], totals).discrepancies, heats: [] };
  return compareWithOfficial(own, official.heats, totals);
}

/** The same official result: equal totals and, heat by heat, equal placements. */
export function sameOfficial(a: ResolvedOfficial, b: ResolvedOfficial): boolean {
  if (a.home_score !== b.home_score || a.away_score !== b.away_score) return false;
  if (!a.heats || !b.heats) return a.heats === b.heats;
  return compareWithOfficial(a.heats, b.heats).heats.length === 0;
}

/**
 * The copy of a protocol with `own` heats against `official` (null: none yet → 'complete').
 * A resolution holds while the official result is the one it answered: 'validated', with the
 * official points after accept_official. A different (or withdrawn) official result makes it
 * lapse: the protocol's own points are compared afresh → 'validated' when equal, else 'disputed'.
 */
export function assess(
  own: Heat[],
  official: ResolvedOfficial | null,
  resolution: Resolution | null,
): Assessment {
  const ownScore = matchScore(own);
  const unresolved = {
    heats: own,
    homeScore: ownScore.home_score,
    awayScore: ownScore.away_score,
    resolution: null,
    resolvedOfficial: null,
    resolvedAt: null,
  };
  if (!official) {
    return { ...unresolved, status: 'complete', discrepancies: [], heatDiscrepancies: [] };
  }
  if (resolution && sameOfficial(resolution.against, official)) {
    const accepted = resolution.action === 'accept_official';
    return {
      status: 'validated',
      // Totals-only results have no heats to take: the protocol's heats stay beside them.
      heats: accepted && official.heats ? official.heats : own,
      homeScore: accepted ? official.home_score : ownScore.home_score,
      awayScore: accepted ? official.away_score : ownScore.away_score,
      discrepancies: [],
      heatDiscrepancies: [],
      resolution: resolution.action,
      resolvedOfficial: resolution.against,
      resolvedAt: resolution.at,
    };
  }
  const comparison = compare(own, official);
  // The spec's discrepancy is the final score: equal totals are 'validated' even where heats
  // differ (riders swapped within a team, say); those heats are kept and shown beside it.
  return {
    ...unresolved,
    status: comparison.discrepancies.length > 0 ? 'disputed' : 'validated',
    discrepancies: comparison.discrepancies,
    heatDiscrepancies: comparison.heats,
  };
}
