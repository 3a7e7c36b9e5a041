import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { EmptyState } from '@/components/empty-state';
import { failedToLoad, LoadFailed } from '@/components/kept-data';
import { FittedName } from '@/components/fitted-name';
import { Skeleton } from '@/components/ui/skeleton';
import { useNow } from '@/lib/use-now';
import { OFFICIAL_MATCHES_FRESH, useOfficialMatches } from '../api/get-official-matches';
import { VENUE_FALLBACK } from '@/lib/team-names';
import { dayBadge, shortTitle, whenText } from '../lib/labels';
import { HOME_LIST_LIMIT, upcomingMatches } from '../lib/schedule';

/** The home page's official matches tab: the next ten. */
export function OfficialMatchList() {
  const now = useNow();
  const matches = useOfficialMatches(OFFICIAL_MATCHES_FRESH.home);
  // The hero above shows how old these matches are when they could not be refreshed.
  if (matches.data === undefined) {
    if (!failedToLoad(matches)) return <Skeleton className="h-64 w-full rounded-xl" />;
    return <LoadFailed query={matches}>Kunde inte ladda officiella matcher.</LoadFailed>;
  }
  const rows = upcomingMatches(matches.data, now).slice(0, HOME_LIST_LIMIT);
  if (rows.length === 0) return <EmptyState>Inga kommande officiella matcher.</EmptyState>;
  return (
    <ul className="divide-y overflow-hidden rounded-xl border bg-card">
      {rows.map((match) => {
        const { date, time } = whenText(match);
        return (
          <li key={match.id}>
            <Link
              to={`/matches/official/${match.id}`}
              className="flex min-h-14 items-center gap-3 px-4 py-3 hover:bg-muted/60"
            >
              <div className="w-20 shrink-0 text-[13px] leading-tight text-muted-foreground">
                <span className="block">{date}</span>
                {time ? <span className="block font-semibold text-foreground">{time}</span> : null}
              </div>
              <div className="min-w-0 flex-1">
                <FittedName
                  full={`${match.home_team} – ${match.away_team}`}
                  short={shortTitle(match)}
                  className="font-semibold"
                />
                <span className="block truncate text-[13px] text-muted-foreground">
                  {match.venue ?? VENUE_FALLBACK}
                </span>
              </div>
              <Badge variant="secondary" className="hidden sm:inline-flex">
                {dayBadge(match, now)}
              </Badge>
              <ChevronRight className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
