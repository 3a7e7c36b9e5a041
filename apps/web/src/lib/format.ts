import { format, isValid, parseISO } from 'date-fns';
import { sv } from 'date-fns/locale/sv';

type DateInput = string | number | Date | null | undefined;

export function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = typeof value === 'string' ? parseISO(value) : new Date(value);
  return isValid(date) ? date : null;
}

/** 21 nov. 2026 */
export function formatDate(value: DateInput, pattern = 'd MMM yyyy'): string {
  const date = toDate(value);
  return date ? format(date, pattern, { locale: sv }) : '–';
}

/** 21 nov. 2026 19:57 */
export function formatDateTime(value: DateInput): string {
  return formatDate(value, 'd MMM yyyy HH:mm');
}

/** 19:57 */
export function formatTime(value: DateInput): string {
  return formatDate(value, 'HH:mm');
}

/** 2026-11-21, for file names. */
export function formatIsoDate(value: DateInput = new Date()): string {
  return formatDate(value, 'yyyy-MM-dd');
}

// Made at the first use: building it loads the browser's Swedish locale data, the costliest step
// of evaluating this module on a slow phone, on pages that never show a relative time.
let relative: Intl.RelativeTimeFormat | undefined;
const relativeFormat = () => (relative ??= new Intl.RelativeTimeFormat('sv', { numeric: 'auto' }));
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/**
 * Swedish relative time as the spec words it ('för 5 minuter sedan', 'om 2 timmar'); date-fns'
 * sv locale words it differently ('fem minuter sedan'), so the browser's Intl does the wording.
 */
export function formatRelative(value: DateInput, now: Date = new Date()): string {
  const date = toDate(value);
  if (!date) return '–';
  const seconds = Math.round((date.getTime() - now.getTime()) / 1000);
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return relativeFormat().format(Math.trunc(seconds / size), unit);
  }
  return relativeFormat().format(0, 'second');
}

/** Heat points with the bonus the way programmes print them: '2+1'. */
export function pointsLabel(points: number, bonus: number): string {
  return bonus > 0 ? `${points}+${bonus}` : String(points);
}
