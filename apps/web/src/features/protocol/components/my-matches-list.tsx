import type { MatchSummary } from '@speedway/contracts';
import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { EmptyState } from '@/components/empty-state';
import { failedToLoad, KeptDataNote, LoadFailed } from '@/components/kept-data';
import { FittedName } from '@/components/fitted-name';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDate } from '@/lib/format';
import { teamShort } from '@/lib/team-names';
import { useMatches } from '../api/get-matches';
import { matchStatusLabel } from './match-header';

export const HOME_LIST_LIMIT = 10;

/** The home page's 'Mina matcher' tab: the user's ten latest protocols. */
export function MyMatchesList() {
  const matches = useMatches();
  if (matches.data === undefined) {
    if (!failedToLoad(matches)) return <Skeleton className="h-48 w-full rounded-xl" />;
    return <LoadFailed query={matches}>Kunde inte ladda matcher.</LoadFailed>;
  }
  const rows = [...matches.data]
    .sort((a, b) => b.updated_at.localeCompare(a.updated_at))
    .slice(0, HOME_LIST_LIMIT);
  return (
    <div className="grid gap-3">
      <KeptDataNote query={matches} />
      {rows.length === 0 ? (
        <EmptyState>Du har inga egna matcher.</EmptyState>
      ) : (
        <MatchRows rows={rows} />
      )}
    </div>
  );
}

function MatchRows({ rows }: { rows: MatchSummary[] }) {
  return (
    <ul className="divide-y overflow-hidden rounded-xl border bg-card">
      {rows.map((match) => (
        <li key={match.id}>
          <Link
            to={`/match/${match.id}`}
            className="flex min-h-14 items-center gap-3 px-4 py-3 hover:bg-muted/60"
          >
            <div className="min-w-0 flex-1">
              <FittedName
                full={`${match.home_team} – ${match.away_team}`}
                short={`${teamShort(match.home_team, match.home_team_short, 'home')} – ${teamShort(match.away_team, match.away_team_short, 'away')}`}
                className="font-semibold"
              />
              <span className="block truncate text-[13px] text-muted-foreground">
                {formatDate(match.date)} · {match.completed_heats}/{match.total_heats} heat
              </span>
            </div>
            <span className="font-bold tabular-nums">
              {match.home_score}–{match.away_score}
            </span>
            <Badge variant="secondary" className="hidden sm:inline-flex">
              {matchStatusLabel(match.status)}
            </Badge>
            <ChevronRight className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          </Link>
        </li>
      ))}
    </ul>
  );
}
