import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { StandingsView } from '@/features/standings/components/standings-view';

export function TableRoute() {
  return (
    <section>
      <PageHeader
        title="Tabell"
        description={
          <>
            Elitserien, räknad från de officiella resultaten.{' '}
            {/* A phone's bottom bar has no slot of its own for the statistics: they start here. */}
            <Link
              to="/statistik"
              className="rounded-sm font-medium text-foreground underline underline-offset-[3px] outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
            >
              Förarstatistik
            </Link>
          </>
        }
      />
      <StandingsView />
    </section>
  );
}
