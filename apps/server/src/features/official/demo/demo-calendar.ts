// Wall-clock times in Sweden, where the league is played, whatever the server's own time zone.

const TIME_ZONE = 'Europe/Stockholm';

export type CalendarDay = { year: number; month: number; day: number };

const formatter = new Intl.DateTimeFormat('en-US', {
  timeZone: TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

function wallClock(date: Date) {
  const parts = Object.fromEntries(
    formatter.formatToParts(date).map((part) => [part.type, Number(part.value)]),
  ) as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;
  return parts;
}

/** How far Swedish wall-clock time is ahead of UTC at that moment. */
function offsetMs(date: Date): number {
  const w = wallClock(date);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(date.getTime() / 1000) * 1000;
}

export function swedishDay(date: Date): CalendarDay {
  const { year, month, day } = wallClock(date);
  return { year, month, day };
}

export function addDays(day: CalendarDay, days: number): CalendarDay {
  const date = new Date(Date.UTC(day.year, day.month - 1, day.day + days));
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

/** The moment a Swedish wall clock shows this day and time. */
export function swedishTime(day: CalendarDay, hour: number, minute = 0): Date {
  const guess = Date.UTC(day.year, day.month - 1, day.day, hour, minute);
  const first = guess - offsetMs(new Date(guess));
  // Near a daylight-saving switch the offset at the result can differ from the guess's.
  return new Date(guess - offsetMs(new Date(first)));
}
