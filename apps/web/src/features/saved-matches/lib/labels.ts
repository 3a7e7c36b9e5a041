import type { SavedMatchStatus } from '@speedway/contracts';
import type { Position, ResultStatus, ScoreDiscrepancy } from '@speedway/rules';
import { isBefore, isSameDay, startOfDay } from 'date-fns';
import { toDate } from '@/lib/format';

/**
 * docs/spec/2-matches-protocols-admin.md §4: validated 'Validerad', disputed 'Avvikelse',
 * completed/complete 'Komplett' (default).
 */
export function savedStatusLabel(status: SavedMatchStatus | string | null | undefined): string {
  if (status === 'validated') return 'Validerad';
  if (status === 'disputed') return 'Avvikelse';
  return 'Komplett';
}

export const DISCREPANCY_LABELS: Record<ScoreDiscrepancy['type'], string> = {
  home_score: 'Hemmalagets poäng',
  away_score: 'Bortalagets poäng',
};

/**
 * docs/spec/2-matches-protocols-admin.md §2: 'Idag' for a match today, 'Avslutad' for one on an
 * earlier day, else no badge.
 */
export function dateBadge(date: string | null | undefined, now: Date): 'Idag' | 'Avslutad' | null {
  const when = toDate(date);
  if (!when) return null;
  if (isSameDay(when, now)) return 'Idag';
  return isBefore(when, startOfDay(now)) ? 'Avslutad' : null;
}

const ORDINALS: Record<number, string> = { 1: '1:a', 2: '2:a', 3: '3:e', 4: '4:e' };

/** A finishing place as a person reads it: '1:a', 'Utesl.' for an exclusion. */
export function placementLabel(
  placement: { position: Position; status: ResultStatus } | null | undefined,
): string {
  if (!placement) return 'Körde inte';
  if (placement.status === 'excluded') return 'Utesl.';
  return ORDINALS[placement.position] ?? '–';
}

export { pointsLabel } from '@/lib/format';

/**
 * A disputed protocol whose totals are the official ones differs only heat by heat: said in so
 * many words, so 'Avvikelse' does not read as a wrong final score.
 */
export function totalsAgreeText(heatsDiffering: number): string {
  return `Slutresultatet stämmer med det officiella, men ${heatsDiffering} heat skiljer sig.`;
}

export const TOTALS_AGREE = 'Slutresultatet stämmer';

/** 'heat 3 skiljer sig', 'heat 3 och 7 skiljer sig'. */
export function differingHeatsText(heats: readonly number[]): string {
  const numbers = heats.map(String);
  const named =
    numbers.length > 1 ? `${numbers.slice(0, -1).join(', ')} och ${numbers.at(-1)}` : numbers[0];
  return `heat ${named} skiljer sig`;
}
