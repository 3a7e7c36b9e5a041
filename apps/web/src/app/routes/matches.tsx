import { PageHeader } from '@/components/page-header';
import { MatchesOverview } from '@/features/official-matches/components/matches-overview';

export function MatchesRoute() {
  return (
    <section>
      <PageHeader
        title="Matcher"
        description="Välj en officiell match och starta ditt protokoll."
      />
      <MatchesOverview />
    </section>
  );
}
