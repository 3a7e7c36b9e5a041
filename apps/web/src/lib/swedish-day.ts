const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** 01:00 UTC on the last Sunday of `month` (0-based): when EU summer time starts or ends. */
function lastSundayAtOneUtc(year: number, month: number): number {
  const lastDay = Date.UTC(year, month + 1, 0);
  return lastDay - new Date(lastDay).getUTCDay() * DAY + HOUR;
}

/**
 * The date in Sweden of an instant, 'YYYY-MM-DD'. Worked out instead of asked of Intl: a formatter
 * for Europe/Stockholm loads the browser's time-zone data at its first use, ~20 ms on a slow phone
 * in the middle of a page's start. Sweden keeps EU summer time: UTC+2 from 01:00 UTC on
 * the last Sunday of March to 01:00 UTC on the last Sunday of October, UTC+1 otherwise.
 */
export function swedishDay(ms: number): string {
  const year = new Date(ms).getUTCFullYear();
  const summer = ms >= lastSundayAtOneUtc(year, 2) && ms < lastSundayAtOneUtc(year, 9);
  return new Date(ms + (summer ? 2 : 1) * HOUR).toISOString().slice(0, 10);
}
