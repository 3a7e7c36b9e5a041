import type { Side } from '@speedway/rules';

/** Spec §2: the venue shown when a match has none. */
export const VENUE_FALLBACK = 'Arena ej angiven';

/**
 * A team's short name (spec §3): the given short name or abbreviation; else the first word's
 * first three letters; else 'Hem' or 'Bor'. One rule for every screen that shows it.
 */
export function teamShort(
  name: string | null | undefined,
  short: string | null | undefined,
  side: Side,
) {
  const given = short?.trim();
  if (given) return given;
  const letters = ((name ?? '').trim().split(/\s+/)[0] ?? '').replace(/[^\p{L}]/gu, '');
  if (letters) return letters.slice(0, 3).toLocaleUpperCase('sv');
  return side === 'home' ? 'Hem' : 'Bor';
}
