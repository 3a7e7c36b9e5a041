import type { MatchSummary, OfficialMatchSummary, SavedMatchSummary } from '@speedway/contracts';

/** The user's own figures on the dashboard; a part that could not be loaded is null. */
export type DashboardFigures = {
  protocols: { total: number; inProgress: number; confirmed: number } | null;
  saved: { total: number; validated: number; disputed: number; awaiting: number } | null;
  followed: number | null;
  upcoming: { count: number; next: OfficialMatchSummary | null } | null;
};

type Sources = {
  protocols: readonly MatchSummary[] | null;
  saved: readonly SavedMatchSummary[] | null;
  follows: readonly unknown[] | null;
  /** The upcoming official matches, soonest first. */
  upcoming: readonly OfficialMatchSummary[] | null;
};

/**
 * Counts from the lists the app already loads: protocols kept (started, of which confirmed),
 * saved protocols by comparison (validated, disputed, awaiting an official result), follows.
 */
export function dashboardFigures({
  protocols,
  saved,
  follows,
  upcoming,
}: Sources): DashboardFigures {
  return {
    protocols: protocols && {
      total: protocols.length,
      confirmed: protocols.filter((p) => p.status === 'confirmed').length,
      inProgress: protocols.filter((p) => p.status !== 'confirmed').length,
    },
    saved: saved && {
      total: saved.length,
      validated: saved.filter((s) => s.status === 'validated').length,
      disputed: saved.filter((s) => s.status === 'disputed').length,
      awaiting: saved.filter((s) => s.status === 'complete').length,
    },
    followed: follows ? follows.length : null,
    upcoming: upcoming && { count: upcoming.length, next: upcoming[0] ?? null },
  };
}
