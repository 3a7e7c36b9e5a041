import type { OfficialMatchSummary } from '@speedway/contracts';
import { format } from 'date-fns';
import { sv } from 'date-fns/locale/sv';
import { startOf } from './schedule';

type Match = OfficialMatchSummary;

/**
 * Lower case without accents, so that 'vasteras' finds 'Västerås' (å, ä → a; ö → o; é → e): a
 * phone keyboard or a hurried hand often leaves the dots and rings out.
 */
export function foldForSearch(text: string): string {
  return text
    .toLocaleLowerCase('sv')
    .normalize('NFD')
    .replace(/\p{M}+/gu, '');
}

/** A date as typed: each part that was given must be the match's (month 1–12). */
type DateQuery = { day?: number; month?: number; year?: number };

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'maj', 'jun', 'jul', 'aug', 'sep', 'okt', 'nov', 'dec'];

// On folded text. '12 dec', '12 december 2026', '12 dec.'; '12/12', '12/12/26'; '2026-12-12'.
const DATE_PATTERNS: { pattern: RegExp; read: (parts: string[]) => DateQuery }[] = [
  {
    pattern: /(?<!\S)(\d{4})-(\d{1,2})-(\d{1,2})(?!\S)/g,
    read: ([year, month, day]) => ({ year: Number(year), month: Number(month), day: Number(day) }),
  },
  {
    pattern: /(?<!\S)(\d{1,2})\/(\d{1,2})(?:\/(\d{2}|\d{4}))?(?!\S)/g,
    read: ([day, month, year]) => ({ day: Number(day), month: Number(month), ...yearOf(year) }),
  },
  {
    pattern: new RegExp(
      `(?<!\\S)(\\d{1,2})\\.?\\s*(${MONTHS.join('|')})[a-z]*\\.?(?:\\s+(\\d{4}))?(?!\\S)`,
      'g',
    ),
    read: ([day, month, year]) => ({
      day: Number(day),
      month: MONTHS.indexOf(month ?? '') + 1,
      ...yearOf(year),
    }),
  },
];

function yearOf(text: string | undefined): { year?: number } {
  if (!text) return {};
  const year = Number(text);
  return { year: text.length === 2 ? 2000 + year : year };
}

type Query = { dates: DateQuery[]; words: string[] };

/**
 * The typed search as date phrases and words. Date phrases are taken out first, so that '12 dec'
 * is one date and not the words '12' and 'dec'; a lone number of one or two digits is a day of
 * the month and one of four digits a year.
 */
function parseQuery(query: string): Query {
  let rest = foldForSearch(query);
  const dates: DateQuery[] = [];
  for (const { pattern, read } of DATE_PATTERNS) {
    rest = rest.replace(pattern, (_, ...groups: unknown[]) => {
      dates.push(read(groups.slice(0, 3) as string[]));
      return ' ';
    });
  }
  const words: string[] = [];
  for (const word of rest.split(/\s+/).filter(Boolean)) {
    if (/^\d{1,2}$/.test(word)) dates.push({ day: Number(word) });
    else if (/^\d{4}$/.test(word)) dates.push({ year: Number(word) });
    else words.push(word);
  }
  return { dates, words };
}

function onDate(start: Date | null, date: DateQuery): boolean {
  if (!start) return false;
  return (
    (date.day === undefined || date.day === start.getDate()) &&
    (date.month === undefined || date.month === start.getMonth() + 1) &&
    (date.year === undefined || date.year === start.getFullYear())
  );
}

/** What words are looked for in: the teams, the venue, and the day and month by name. */
function searchText(match: Match, start: Date | null): string {
  const names = start
    ? [format(start, 'EEEE', { locale: sv }), format(start, 'MMMM', { locale: sv })]
    : [];
  return foldForSearch(
    [match.home_team, match.away_team, match.home_short, match.away_short, match.venue, ...names]
      .filter(Boolean)
      .join(' '),
  );
}

/**
 * Search by team or date (docs/spec/2-matches-protocols-admin.md §2): every date and every word
 * typed must fit the match. A date matches the match's date ('12 dec' finds 12 December only); a
 * word occurs somewhere in its teams, venue, weekday or month, with or without å, ä and ö; an
 * unfinished ISO date ('2026-12') is the start of the match's.
 */
export function searchMatches(matches: readonly Match[], query: string): Match[] {
  const { dates, words } = parseQuery(query);
  if (dates.length === 0 && words.length === 0) return [...matches];
  return matches.filter((match) => {
    const start = startOf(match);
    if (!dates.every((date) => onDate(start, date))) return false;
    const text = searchText(match, start);
    const iso = start ? format(start, 'yyyy-MM-dd') : '';
    return words.every((word) =>
      /^[\d-]+$/.test(word) ? iso !== '' && iso.startsWith(word) : text.includes(word),
    );
  });
}
