import { PageHeader } from '@/components/page-header';
import { StandingsView } from '@/features/standings/components/standings-view';

export function TableRoute() {
  return (
    <section>
      <PageHeader title="Tabell" description="Elitserien, räknad från de officiella resultaten." />
      <StandingsView />
    </section>
  );
}
