import { PageHeader } from '@/components/page-header';
import { ImportFileCard } from '@/features/official-sync/components/import-file-card';
import { SyncRunsCard } from '@/features/official-sync/components/sync-runs-card';
import { SyncSourceCard } from '@/features/official-sync/components/sync-source-card';
import { TeamNameMappingCard } from '@/features/official-sync/components/team-name-mapping-card';
import { useTeams } from '@/features/teams/api/get-teams';

/**
 * /admin/official-data (super_admin only, RequireSuperAdmin in router.tsx): the Svemo TA source
 * and 'Synka nu', the runs, a file import and the TA team names. The teams for the name mapping
 * come from the teams feature; the route hands them over so neither feature imports the other.
 */
export function AdminOfficialDataRoute() {
  const teams = useTeams();
  return (
    <div className="grid gap-6">
      <PageHeader
        title="Officiella data"
        description="Elitseriens matcher och resultat från Svemo TA: källan, körningarna, import av fil och lagnamnen."
        className="mb-0"
      />
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <SyncSourceCard />
        <ImportFileCard />
      </div>
      <SyncRunsCard />
      <TeamNameMappingCard
        teams={teams.data?.map(({ slug, name }) => ({ slug, name }))}
        teamsError={teams.isError}
      />
    </div>
  );
}
