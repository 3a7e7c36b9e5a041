import { Plus, RotateCw } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { useAds } from '@/features/ads/api/get-ads';
import { AdsTable } from '@/features/ads/components/ads-table';
import { useAdmin } from './use-admin';
import { useClubName } from './use-club-name';

/**
 * /admin/ads: the ads list (docs/spec/2-matches-protocols-admin.md §2); only a club_admin creates
 * ads here.
 */
export function AdminAdsRoute() {
  const me = useAdmin();
  const ads = useAds();
  const clubName = useClubName();
  if (!me) return null;
  const clubAdmin = me.role === 'club_admin';
  const club = me.club_slug ? clubName(me.club_slug) : '';
  const newAd = (label: string) => (
    <Button asChild>
      <Link to="/admin/ads/new">
        <Plus aria-hidden="true" />
        {label}
      </Link>
    </Button>
  );

  return (
    <div className="grid gap-5">
      <PageHeader
        title="Annonser"
        description={
          clubAdmin
            ? `Annonser för ${club || 'din klubb'}. Nya och ändrade annonser granskas innan de visas.`
            : 'Alla klubbars annonser: granska, pausa och ta bort.'
        }
        actions={clubAdmin ? newAd('Ny annons') : undefined}
        className="mb-0"
      />
      {ads.isError ? (
        <div className="grid justify-items-center gap-3">
          <EmptyState error className="w-full">
            Kunde inte hämta annonser
          </EmptyState>
          <Button variant="outline" onClick={() => ads.refetch()} disabled={ads.isFetching}>
            <RotateCw aria-hidden="true" />
            Försök igen
          </Button>
        </div>
      ) : ads.data?.length === 0 ? (
        <div className="grid justify-items-center gap-3">
          <EmptyState className="w-full">Inga annonser ännu.</EmptyState>
          {clubAdmin ? newAd('Skapa din första annons') : null}
        </div>
      ) : (
        <AdsTable ads={ads.data} role={me.role} clubName={clubName} />
      )}
    </div>
  );
}
