import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { KeptDataNote } from '@/components/kept-data';
import { TeamName } from '@/components/stats-links';
import { Skeleton } from '@/components/ui/skeleton';
import { useRiderStats } from '../api/get-rider-stats';
import { seasonParam } from '../lib/season';
import { GateTable } from './gate-table';
import { HeadToHeadPicker } from './head-to-head-picker';
import { RideKinds } from './ride-kinds';
import { RiderMatches } from './rider-matches';
import { RiderSeasonLine } from './rider-season-line';
import { SeasonSelect } from './season-select';
import { StatsLoadFailure } from './stats-load-failure';
import { StatsSection } from './stats-section';

function RiderSkeleton() {
  return (
    <div role="status" aria-busy="true" aria-label="Laddar föraren" className="grid gap-4">
      <Skeleton className="h-10 w-2/3" />
      <Skeleton className="h-44 rounded-xl" />
      <div className="grid gap-4 lg:grid-cols-2">
        <Skeleton className="h-56 rounded-xl" />
        <Skeleton className="h-56 rounded-xl" />
      </div>
    </div>
  );
}

const BACK = { to: '/statistik', label: 'Statistik' };

/**
 * /forare/{id}: a rider's season from one request: the season line, per gate, per kind of ride,
 * the matches and the head-to-head picker (its heats are a second request, once a rider is picked).
 */
export function RiderView({ riderId }: { riderId: string }) {
  const [search] = useSearchParams();
  const season = seasonParam(search);
  const query = useRiderStats(riderId, season);
  if (query.data === undefined) {
    if (query.isError || query.fetchStatus === 'paused') {
      return (
        <StatsLoadFailure
          title="Förare"
          error={query.error}
          fallback="Kunde inte ladda föraren."
          retry={() => void query.refetch()}
        />
      );
    }
    return <RiderSkeleton />;
  }
  const stats = query.data;
  const { line } = stats;
  return (
    <div className="grid gap-5">
      <PageHeader
        className="mb-0"
        title={stats.rider.name}
        back={BACK}
        description={
          line && line.teams.length > 0 ? (
            <span>
              {line.teams.map((team, i) => (
                <span key={team.id}>
                  {i > 0 ? ', ' : null}
                  <TeamName teamId={team.id} name={team.name} />
                </span>
              ))}
              {stats.season !== null ? ` · säsong ${stats.season}` : null}
            </span>
          ) : stats.season !== null ? (
            `Säsong ${stats.season}`
          ) : null
        }
        actions={<SeasonSelect seasons={stats.seasons} season={stats.season} className="w-36" />}
      />
      <KeptDataNote query={query} />
      {line === null ? (
        <p className="rounded-xl border border-dashed px-4 py-8 text-center text-sm text-muted-foreground">
          {stats.season === null
            ? 'Föraren har inga officiella heat ännu.'
            : `Föraren har inga officiella heat säsongen ${stats.season}.`}
        </p>
      ) : (
        <>
          <StatsSection title="Säsongen">
            <RiderSeasonLine line={line} />
          </StatsSection>
          <div className="grid gap-5 lg:grid-cols-2">
            <StatsSection title="Per startspår">
              <GateTable gates={stats.gates} caption="Per startspår" />
            </StatsSection>
            <StatsSection title="Per typ av start">
              <RideKinds kinds={stats.kinds} />
            </StatsSection>
          </div>
          <div className="grid gap-5 lg:grid-cols-2">
            <StatsSection
              title="Matcher"
              description="Den senaste först; * bonuspoäng · X utesluten."
            >
              <RiderMatches matches={stats.matches} />
            </StatsSection>
            <StatsSection
              title="Inbördes möten"
              description="Heaten där föraren mötte en annan förare, och vem som kom före."
            >
              <HeadToHeadPicker
                riderId={stats.rider.id}
                season={stats.season ?? undefined}
                opponents={stats.opponents}
              />
            </StatsSection>
          </div>
        </>
      )}
    </div>
  );
}
