// Dates on the sheet as Swedish officials write them, in Swedish time wherever it is printed.
const DATE_TIME = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Europe/Stockholm',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** "12 maj 2026 kl. 19:00", or '' without (or with an unreadable) date. */
export function formatSheetDate(iso: string | null): string {
  if (iso === null) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : DATE_TIME.format(date);
}
