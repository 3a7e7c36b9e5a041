import { OFFICIAL_WINDOW_MAX_DAYS, type OfficialMatchListQuery } from '@speedway/contracts';
import { stockholmDate } from '../../lib/stockholm-date';

/**
 * The matches one GET /api/official-matches answers with, its defaults filled in: the query as
 * the read cache keys it and the repository filters by it. Days are Swedish calendar days
 * ('YYYY-MM-DD'), both ends included.
 */
export type OfficialWindow = {
  season: number | null;
  /** The first day, or null for none (only with a season). */
  from: string | null;
  /** The last day, or null for none (only with a season). */
  to: string | null;
  /**
   * Matches without a start are in it: they count as later than every date of their season, so
   * when no `to` is given (and their season is not over before `from`'s year).
   */
  undated: boolean;
};

const DAY_MS = 86_400_000;

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The window a query asks for (contracts' OfficialMatchListQuerySchema says what it means). A
 * season bounds itself; without one the window is a year at most, from today when nothing says
 * otherwise: today's and the coming matches are what the home page, /dashboard and /matches show
 * (past days are hidden there), and what did not grow with every season imported.
 */
export function officialWindow(query: OfficialMatchListQuery, now: Date): OfficialWindow {
  const undated = query.to === undefined;
  if (query.season !== undefined) {
    return { season: query.season, from: query.from ?? null, to: query.to ?? null, undated };
  }
  const span = OFFICIAL_WINDOW_MAX_DAYS - 1;
  const from = query.from ?? (query.to ? addDays(query.to, -span) : stockholmDate(now));
  return { season: null, from, to: query.to ?? addDays(from, span), undated };
}

/** One text per window: the read cache's key. */
export function windowKey(window: OfficialWindow): string {
  const { season, from, to, undated } = window;
  return `${season ?? '-'}/${from ?? '-'}/${to ?? '-'}/${undated ? 'u' : 'd'}`;
}
