import { useSearchParams } from 'react-router';
import { KeptDataNote } from '@/components/kept-data';
import { PageHeader } from '@/components/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { useTeamStats } from '../api/get-team-stats';
import { seasonParam } from '../lib/season';
import { SeasonSelect } from './season-select';
import { StatsLoadFailure } from './stats-load-failure';
import { StatsSection } from './stats-section';
import { TeamFormList } from './team-form-list';
import { TeamGates } from './team-gates';
import { TeamRiders } from './team-riders';
import { VenueRecords } from './venue-records';

function TeamSkeleton() {
  return (
    <div role="status" aria-busy="true" aria-label="Laddar laget" className="grid gap-4">
      <Skeleton className="h-10 w-1/2" />
      <div className="grid gap-4 lg:grid-cols-2">
        <Skeleton className="h-48 rounded-xl" />
        <Skeleton className="h-48 rounded-xl" />
      </div>
      <Skeleton className="h-72 rounded-xl" />
    </div>
  );
}

/**
 * /lag/{id}: a team's season from one request: home and away, the matches (form), the riders'
 * starts per gate and the riders' averages in this team's matches.
 */
export function TeamView({ teamId }: { teamId: string }) {
  const [search] = useSearchParams();
  const query = useTeamStats(teamId, seasonParam(search));
  if (query.data === undefined) {
    if (query.isError || query.fetchStatus === 'paused') {
      return (
        <StatsLoadFailure
          title="Lag"
          error={query.error}
          fallback="Kunde inte ladda laget."
          retry={() => void query.refetch()}
        />
      );
    }
    return <TeamSkeleton />;
  }
  const stats = query.data;
  return (
    <div className="grid gap-5">
      <PageHeader
        className="mb-0"
        title={stats.team.name}
        back={{ to: '/tabell', label: 'Tabell' }}
        description={
          stats.season !== null ? `Säsong ${stats.season}` : 'Inga officiella matcher ännu.'
        }
        actions={<SeasonSelect seasons={stats.seasons} season={stats.season} className="w-36" />}
      />
      <KeptDataNote query={query} />
      <div className="grid gap-5 lg:grid-cols-2">
        <StatsSection title="Hemma och borta">
          <VenueRecords home={stats.home} away={stats.away} />
        </StatsSection>
        <StatsSection title="Per startspår" description="Lagets förares starter från varje spår.">
          <TeamGates gates={stats.gates} />
        </StatsSection>
      </div>
      <div className="grid gap-5 lg:grid-cols-2">
        <StatsSection title="Förarnas snitt" description="Räknat i lagets matcher.">
          <TeamRiders riders={stats.riders} team={stats.team.name} />
        </StatsSection>
        <StatsSection title="Form" description="Säsongens matcher, den äldsta först.">
          <TeamFormList form={stats.form} />
        </StatsSection>
      </div>
    </div>
  );
}
