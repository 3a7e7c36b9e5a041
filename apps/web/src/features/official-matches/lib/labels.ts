import type { OfficialMatchSummary } from '@speedway/contracts';
import { isSameDay } from 'date-fns';
import { formatDate, formatTime } from '@/lib/format';
import { teamShort } from '@/lib/team-names';
import { startOf } from './schedule';

type Match = OfficialMatchSummary;

/** 'Idag' for a match today, 'Pågår' while live, else 'Kommande' (or 'Avslutad' once played). */
export function dayBadge(match: Match, now: Date): string {
  if (match.status === 'live') return 'Pågår';
  if (match.status === 'completed') return 'Avslutad';
  const start = startOf(match);
  return start && isSameDay(start, now) ? 'Idag' : 'Kommande';
}

/** 'lör 21 nov.' and '19:00', or 'Datum ej satt'. */
export function whenText(match: Match): { date: string; time: string | null } {
  const start = startOf(match);
  if (!start) return { date: 'Datum ej satt', time: null };
  return { date: formatDate(start, 'EEE d MMM'), time: formatTime(start) };
}

/** 'VÄS – LEJ': the pairing by the teams' short names, for rows where the full names do not fit. */
export function shortTitle(match: Match): string {
  return `${teamShort(match.home_team, match.home_short, 'home')} – ${teamShort(match.away_team, match.away_short, 'away')}`;
}
