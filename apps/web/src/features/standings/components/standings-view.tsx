import { EmptyState } from '@/components/empty-state';
import { failedToLoad, LoadFailed } from '@/components/kept-data';
import { Skeleton } from '@/components/ui/skeleton';
import { useStandings } from '../api/get-standings';
import { LeagueTable } from './league-table';
import { PodiumCards } from './podium-cards';
import { TableLegend } from './table-legend';

function StandingsSkeleton() {
  return (
    <div role="status" aria-busy="true" aria-label="Laddar tabellen" className="grid gap-5">
      <div className="grid gap-3 sm:grid-cols-3">
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} className="h-36 rounded-xl" />
        ))}
      </div>
      <div className="grid gap-2 rounded-xl border bg-card p-3">
        {Array.from({ length: 8 }, (_, i) => (
          <Skeleton key={i} className="h-9" />
        ))}
      </div>
    </div>
  );
}

/** /tabell: the top three as cards, then the whole table; all of it from the teams call. */
export function StandingsView() {
  const standings = useStandings();
  if (standings.data === undefined) {
    if (!failedToLoad(standings)) return <StandingsSkeleton />;
    return <LoadFailed query={standings}>Kunde inte ladda tabellen.</LoadFailed>;
  }
  if (standings.data.length === 0) return <EmptyState>Ingen data ännu.</EmptyState>;
  return (
    <div className="grid gap-5">
      <PodiumCards teams={standings.data} />
      <LeagueTable teams={standings.data} />
      <TableLegend />
    </div>
  );
}
