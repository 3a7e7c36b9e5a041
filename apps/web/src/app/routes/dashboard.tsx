import { PageHeader } from '@/components/page-header';
import { DashboardActions } from '@/features/dashboard/components/dashboard-actions';
import { DashboardFiguresView } from '@/features/dashboard/components/dashboard-figures';
import { dashboardFigures } from '@/features/dashboard/lib/figures';
import { useFollows } from '@/features/follows/api/get-follows';
import { useOfficialMatches } from '@/features/official-matches/api/get-official-matches';
import { upcomingMatches } from '@/features/official-matches/lib/schedule';
import { useMatches } from '@/features/protocol/api/get-matches';
import { useSavedMatches } from '@/features/saved-matches/api/get-saved-matches';
import { useNow } from '@/lib/use-now';

/**
 * /dashboard: the home variant with three cards (docs/spec/2-matches-protocols-admin.md §2) and the
 * user's own figures, from the lists the app already loads (protocols, saved protocols, follows,
 * official matches).
 */
export function DashboardRoute() {
  const protocols = useMatches();
  const saved = useSavedMatches();
  const follows = useFollows();
  const official = useOfficialMatches();
  const now = useNow();
  const figures = dashboardFigures({
    protocols: protocols.data ?? null,
    saved: saved.data ?? null,
    follows: follows.data ?? null,
    upcoming: official.data ? upcomingMatches(official.data, now) : null,
  });
  return (
    <section className="grid gap-6">
      <PageHeader
        title="Dashboard"
        description="Starta en match, fortsätt dina protokoll och se hur de stämmer."
        className="mb-0"
      />
      <DashboardActions
        figures={figures}
        loading={{
          protocols: protocols.isPending || saved.isPending,
          upcoming: official.isPending,
        }}
      />
      <DashboardFiguresView
        figures={figures}
        loading={{
          protocols: protocols.isPending,
          saved: saved.isPending,
          followed: follows.isPending,
        }}
      />
    </section>
  );
}
