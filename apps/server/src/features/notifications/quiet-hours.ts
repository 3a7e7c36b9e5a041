import type { NotificationSettings } from '@speedway/contracts';

export type QuietHours = NotificationSettings['quietHours'];

const DAY_MS = 24 * 60 * 60 * 1000;

function minutesOf(hhmm: string): number {
  return Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
}

/**
 * The end of the quiet window `at` falls in, or null when it falls outside (UTC). start == end
 * is no window at all; start > end wraps midnight (22:00–07:00 is quiet from 22:00 to 07:00 the
 * next morning). The start minute is quiet, the end minute is not.
 */
export function quietUntil(at: Date, quiet: QuietHours): Date | null {
  const start = minutesOf(quiet.start);
  const end = minutesOf(quiet.end);
  if (start === end) return null;
  const midnight = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  const minute = (at.getTime() - midnight) / 60_000;
  const endToday = new Date(midnight + end * 60_000);
  if (start < end) return minute >= start && minute < end ? endToday : null;
  if (minute >= start) return new Date(endToday.getTime() + DAY_MS);
  if (minute < end) return endToday;
  return null;
}
