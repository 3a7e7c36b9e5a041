// TA gives a match's date only (the scorecard's title and the list's "Från datum"). The app needs
// a moment: Elitserien rides its matches in the evening, so a date is taken as 19:00 Swedish time
// until a source gives the time (README, "Official data").

export const ASSUMED_START = '19:00';

// Made once: a formatter costs far more to make than to use (lib/stockholm-date.ts).
const OFFSET = new Intl.DateTimeFormat('en-US', {
  timeZone: 'Europe/Stockholm',
  timeZoneName: 'longOffset',
});

/** The UTC offset of Europe/Stockholm at a moment, as "+02:00". */
function stockholmOffset(at: Date): string {
  const name = OFFSET.formatToParts(at).find((part) => part.type === 'timeZoneName')!.value;
  const offset = name.replace('GMT', '');
  return offset === '' ? '+00:00' : offset;
}

/** ("2012-07-24", "18:00") → "2012-07-24T18:00:00+02:00" (Stockholm's offset that day). */
export function stockholmTime(date: string, time: string): string {
  const noonUtc = new Date(`${date}T12:00:00Z`);
  return `${date}T${time}:00${stockholmOffset(noonUtc)}`;
}

/** "2012-07-24" → "2012-07-24T19:00:00+02:00": a match's start from TA's date. */
export function startOfDay(date: string): string {
  return stockholmTime(date, ASSUMED_START);
}
