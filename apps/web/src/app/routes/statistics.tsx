import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { RankingView } from '@/features/statistics/components/ranking-view';

export function StatisticsRoute() {
  return (
    <section>
      <PageHeader
        title="Förarstatistik"
        description={
          <>
            Elitserien, räknad från de officiella heaten.{' '}
            <Link
              to="/tabell"
              className="rounded-sm font-medium text-foreground underline underline-offset-[3px] outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
            >
              Till tabellen
            </Link>
          </>
        }
      />
      <RankingView />
    </section>
  );
}
