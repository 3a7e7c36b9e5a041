import type { Side } from '@speedway/rules';

/** docs/spec/2-matches-protocols-admin.md §2: the venue shown when a match has none. */
export const VENUE_FALLBACK = 'Arena ej angiven';

/**
 * docs/spec/2-matches-protocols-admin.md §3: an official match's team without a name is 'Hemmalag'
 * or 'Bortalag'.
 */
export function teamName(name: string | null | undefined, side: Side): string {
  return name?.trim() || (side === 'home' ? 'Hemmalag' : 'Bortalag');
}

/** An official match with its teams' names, or the spec's fallbacks where a name is missing. */
export function withTeamNames<T extends { home_team: string; away_team: string }>(match: T): T {
  const home_team = teamName(match.home_team, 'home');
  const away_team = teamName(match.away_team, 'away');
  return home_team === match.home_team && away_team === match.away_team
    ? match
    : { ...match, home_team, away_team };
}

/**
 * A team's short name (docs/spec/2-matches-protocols-admin.md §3): the given short name or
 * abbreviation; else the first word's first three letters; else 'Hem' or 'Bor'. One rule for every
 * screen that shows it.
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
