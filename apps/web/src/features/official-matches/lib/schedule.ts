import type { OfficialMatchSummary } from '@speedway/contracts';
import { isSameDay, startOfDay } from 'date-fns';
import { toDate } from '@/lib/format';

type Match = OfficialMatchSummary;

export const PICKER_LIMIT = 8;
export const HOME_LIST_LIMIT = 10;

// Parsed once per match: the lists' sorts and filters ask for each start many times, and parsing
// was a visible part of rendering the home page on a slow phone. Query data is never
// changed in place, so a match object keeps its start.
const starts = new WeakMap<Pick<Match, 'start'>, Date | null>();

export function startOf(match: Pick<Match, 'start'>): Date | null {
  let start = starts.get(match);
  if (start === undefined) {
    start = toDate(match.start);
    starts.set(match, start);
  }
  return start;
}

/** docs/spec/2-matches-protocols-admin.md §5: upcoming means a valid date later than now. */
export function isUpcoming(match: Pick<Match, 'start'>, now: Date): boolean {
  const start = startOf(match);
  return start !== null && start.getTime() > now.getTime();
}

/** Date ascending, undated last; equal starts keep their order. */
export function byStart(a: Pick<Match, 'start'>, b: Pick<Match, 'start'>): number {
  const x = startOf(a)?.getTime() ?? Infinity;
  const y = startOf(b)?.getTime() ?? Infinity;
  return x === y ? 0 : x < y ? -1 : 1;
}

/** Everything from today on (past days hidden), undated last. */
export function visibleMatches(matches: readonly Match[], now: Date): Match[] {
  const today = startOfDay(now).getTime();
  return matches
    .filter((match) => {
      const start = startOf(match);
      return start === null || start.getTime() >= today;
    })
    .sort(byStart);
}

/** The upcoming official matches, soonest first (home page list). */
export function upcomingMatches(matches: readonly Match[], now: Date): Match[] {
  return matches.filter((match) => isUpcoming(match, now)).sort(byStart);
}

export type MatchesOverview = {
  /** All matches of the first day with an upcoming match. */
  featured: Match[];
  featuredIsToday: boolean;
  /** The rest, for the picker: not featured and not already taken by the user. */
  others: Match[];
};

/**
 * /matches: featured day first, then the picker's list (docs/spec/2-matches-protocols-admin.md §2).
 */
export function matchesOverview(matches: readonly Match[], now: Date): MatchesOverview {
  const visible = visibleMatches(matches, now);
  const first = visible.find((match) => isUpcoming(match, now));
  const day = first ? startOf(first) : null;
  const featured = day
    ? visible.filter((match) => {
        const start = startOf(match);
        return start !== null && isSameDay(start, day);
      })
    : [];
  const others = visible.filter(
    (match) => !featured.includes(match) && !match.consumedByCurrentUser,
  );
  return { featured, featuredIsToday: day !== null && isSameDay(day, now), others };
}

export type HomeSlides = { slides: Match[]; startIndex: number };

/**
 * The home hero: the next upcoming match, and beside it the other matches of its day that are not
 * finished (a match running now included), in start order, the carousel starting at the hero.
 */
export function homeSlides(matches: readonly Match[], now: Date): HomeSlides {
  const [hero] = upcomingMatches(matches, now);
  const day = hero ? startOf(hero) : null;
  if (!hero || !day) return { slides: [], startIndex: 0 };
  const slides = matches
    .filter((match) => {
      const start = startOf(match);
      return start !== null && isSameDay(start, day) && match.status !== 'completed';
    })
    .sort(byStart);
  return { slides, startIndex: Math.max(0, slides.indexOf(hero)) };
}

/**
 * docs/spec/2-matches-protocols-admin.md §5: earlier meetings of the same two teams in the same
 * calendar year as the shown match, with both scores present; newest first.
 */
export function headToHead(matches: readonly Match[], match: Match): Match[] {
  const start = startOf(match);
  if (!start) return [];
  const teams = [match.home_team_id, match.away_team_id].sort().join();
  return matches
    .filter((other) => {
      const date = startOf(other);
      return (
        other.id !== match.id &&
        date !== null &&
        date.getFullYear() === start.getFullYear() &&
        [other.home_team_id, other.away_team_id].sort().join() === teams &&
        other.home_score !== null &&
        other.away_score !== null
      );
    })
    .sort((a, b) => byStart(b, a));
}
