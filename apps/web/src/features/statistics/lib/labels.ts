import type { RiderStats } from '@speedway/contracts';

/** The kinds of ride, in the words of a Swedish programme. */
export const KIND_LABELS: Record<RiderStats['kinds'][number]['kind'], string> = {
  programmed: 'Ordinarie',
  reserve: 'Reserv',
  tactical: 'Taktisk reserv',
  nominated: 'Nominerad',
};

/** TA's codes, where the source gave them, as '2 × F, 1 × X'; '–' without any. */
export function codesText(codes: Record<string, number>): string {
  const entries = Object.entries(codes).filter(([, count]) => count > 0);
  if (entries.length === 0) return '–';
  return entries
    .sort(([a], [b]) => a.localeCompare(b, 'sv-SE'))
    .map(([code, count]) => `${count} × ${code}`)
    .join(', ');
}
