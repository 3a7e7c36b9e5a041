import { RIDER_SORTS, type RiderSort } from '@speedway/contracts';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { failedToLoad, KeptDataNote, LoadFailed } from '@/components/kept-data';
import { Skeleton } from '@/components/ui/skeleton';
import { useRiderRanking } from '../api/get-rider-ranking';
import { parseMinHeats, rankLines, teamsOf, type RankingView as View } from '../lib/ranking';
import { seasonParam } from '../lib/season';
import { RankingFilters } from './ranking-filters';
import { RankingTable } from './ranking-table';
import { SeasonSelect } from './season-select';

function RankingSkeleton() {
  return (
    <div role="status" aria-busy="true" aria-label="Laddar förarstatistiken" className="grid gap-4">
      <div className="grid gap-3 sm:grid-cols-4">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-[4.25rem] rounded-lg" />
        ))}
      </div>
      <div className="grid gap-2 rounded-xl border bg-card p-3">
        {Array.from({ length: 10 }, (_, i) => (
          <Skeleton key={i} className="h-10" />
        ))}
      </div>
    </div>
  );
}

const isSort = (value: string | null): value is RiderSort =>
  (RIDER_SORTS as readonly (string | null)[]).includes(value);

/** The sort and filters in the address (?sort=&team=&min_heats=): a link or Back keeps them. */
function viewOf(search: URLSearchParams): View {
  const sort = search.get('sort');
  const team = search.get('team');
  const min = parseMinHeats(search.get('min_heats') ?? '');
  return {
    sort: isSort(sort) ? sort : 'average',
    ...(team ? { team_id: team } : {}),
    ...(min.ok && min.value !== undefined ? { min_heats: min.value } : {}),
  };
}

/**
 * /statistik: the season's riders from one request (GET /api/stats/riders?season=), sorted and
 * filtered here with the server's own rankRiders, so that a new sort or filter is instant and works
 * offline on the answer already had.
 */
export function RankingView() {
  const [search, setSearch] = useSearchParams();
  const season = seasonParam(search);
  const ranking = useRiderRanking(season);
  const lines = ranking.data?.riders;
  const teams = useMemo(() => (lines ? teamsOf(lines) : []), [lines]);
  const asked = viewOf(search);
  // A team of another season (a link, the season changed) filters nothing here.
  const { team_id, ...rest } = asked;
  const view: View = teams.some((t) => t.id === team_id) ? asked : rest;
  const ranked = useMemo(
    () => (lines ? rankLines(lines, view) : []),
    // The view is rebuilt from the address each render; its parts are what count.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [lines, view.sort, view.team_id, view.min_heats],
  );

  const change = (key: string, value: string | undefined) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === undefined) next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );

  if (ranking.data === undefined) {
    if (!failedToLoad(ranking)) return <RankingSkeleton />;
    return <LoadFailed query={ranking}>Kunde inte ladda förarstatistiken.</LoadFailed>;
  }
  const data = ranking.data;
  if (data.season === null) {
    return (
      <EmptyState>
        Ingen säsong har officiella heat ännu. Statistiken räknas fram ur de officiella heaten när
        matcher har importerats.
      </EmptyState>
    );
  }
  const team = teams.find((t) => t.id === view.team_id);
  const caption = `Förarstatistik ${data.season}${team ? `, ${team.name}` : ''}`;
  return (
    <div className="grid gap-4">
      <KeptDataNote query={ranking} />
      {/* Two by two on a phone, so that the list starts on the first screen; a row on wider ones. */}
      <div className="grid grid-cols-2 items-start gap-3 sm:grid-cols-4">
        <SeasonSelect seasons={data.seasons} season={data.season} />
        <RankingFilters
          teams={teams}
          teamId={view.team_id}
          minHeats={view.min_heats}
          sort={view.sort}
          onTeam={(id) => change('team', id)}
          onMinHeats={(min) => change('min_heats', min === undefined ? undefined : String(min))}
          onSort={(sort) => change('sort', sort === 'average' ? undefined : sort)}
        />
      </div>
      <p role="status" className="text-[13px] text-muted-foreground">
        {ranked.length === 1 ? '1 förare' : `${ranked.length} förare`}
        {view.min_heats !== undefined ? ` med minst ${view.min_heats} heat` : ''}
        {team ? ` i ${team.name}` : ''}, säsong {data.season}
      </p>
      {ranked.length === 0 ? (
        <EmptyState>Ingen förare matchar urvalet.</EmptyState>
      ) : (
        <RankingTable
          lines={ranked}
          sort={view.sort}
          onSort={(sort) => change('sort', sort === 'average' ? undefined : sort)}
          caption={caption}
        />
      )}
      <p className="text-[12px] text-muted-foreground">
        Snitt: poäng ÷ heat (Svemos löpande snitt); inkl. bonus: (poäng + bonus) ÷ heat. M matcher ·
        H heat · P poäng · B bonus · V heatvinster · Max fulla och betalda maxar.
      </p>
    </div>
  );
}
