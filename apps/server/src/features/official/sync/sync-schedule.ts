import { stockholmDate } from '../../../lib/stockholm-date';
import { stockholmTime } from '../svemo-ta/match-time';

// When the sync runs next: often on a match night (from 18:00 to midnight, Swedish time, on a day
// with a match in the app), rarely otherwise. Pure; the tick (sync.service.ts) asks every minute.

export const MATCH_NIGHT_FROM = '18:00';

export type ScheduleInput = {
  now: Date;
  /** The start of the newest run, whatever started it. */
  lastStart: Date | null;
  /** Whether a match in the app is on today's date in Stockholm. */
  matchToday: boolean;
  matchNightMinutes: number;
  quietHours: number;
};

const WALL_CLOCK = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Stockholm',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** The time on a Stockholm clock at `at`, read as if it were UTC (ms). */
function wallClock(at: Date): number {
  const part = Object.fromEntries(WALL_CLOCK.formatToParts(at).map((p) => [p.type, p.value]));
  return Date.UTC(+part.year!, +part.month! - 1, +part.day!, +part.hour!, +part.minute!);
}

/**
 * The midnight that starts `date` in Stockholm. stockholmTime takes the offset of the day's noon,
 * which is not midnight's on the day the clocks change (the last Sunday of March and of October):
 * the clock's reading at that first guess says by how much it is off.
 */
function stockholmMidnight(date: string): Date {
  const guess = new Date(stockholmTime(date, '00:00'));
  return new Date(guess.getTime() - (wallClock(guess) - Date.parse(`${date}T00:00:00Z`)));
}

const dayAfter = (date: string) =>
  stockholmDate(new Date(Date.parse(`${date}T12:00:00Z`) + 24 * 3600 * 1000));

/** Today's match-night window in Stockholm: [18:00, midnight). */
export function matchNightWindow(now: Date): { from: Date; to: Date } {
  const today = stockholmDate(now);
  return {
    from: new Date(stockholmTime(today, MATCH_NIGHT_FROM)),
    to: stockholmMidnight(dayAfter(today)),
  };
}

/** Stockholm's today as a UTC range, for "a match today". */
export function stockholmDay(now: Date): { from: Date; to: Date } {
  const today = stockholmDate(now);
  return { from: stockholmMidnight(today), to: stockholmMidnight(dayAfter(today)) };
}

export function nextRunAt(input: ScheduleInput): Date {
  const { now, lastStart } = input;
  if (lastStart === null) return now;
  const quiet = new Date(lastStart.getTime() + input.quietHours * 3600 * 1000);
  if (!input.matchToday) return quiet;
  const night = matchNightWindow(now);
  if (now < night.from) return quiet < night.from ? quiet : night.from;
  if (now >= night.to) return quiet;
  // In the window: the first run of the night at once, then every few minutes.
  if (lastStart < night.from) return night.from;
  return new Date(lastStart.getTime() + input.matchNightMinutes * 60 * 1000);
}

/** Whether a run is due now; a match night makes the next runs come every few minutes. */
export function isDue(input: ScheduleInput): boolean {
  return nextRunAt(input) <= input.now;
}

/** Whether `now` is in a match night (for choosing the run's scope). */
export function inMatchNight(now: Date, matchToday: boolean): boolean {
  const night = matchNightWindow(now);
  return matchToday && now >= night.from && now < night.to;
}
