import { Link, useParams } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useAd } from '@/features/ads/api/get-ad';
import { AdForm } from '@/features/ads/components/ad-form';
import { errorMessage } from '@/lib/api-client';
import { useAdmin } from './use-admin';

/** /admin/ads/{adId}/edit */
export function AdminEditAdRoute() {
  const { adId = '' } = useParams();
  const me = useAdmin();
  const ad = useAd(adId);
  if (!me) return null;
  return (
    <div className="mx-auto grid w-full max-w-2xl gap-5">
      <PageHeader
        title="Redigera annons"
        back={{ to: '/admin/ads', label: 'Annonser' }}
        className="mb-0"
      />
      {ad.isError ? (
        <div className="grid justify-items-center gap-3">
          <EmptyState error className="w-full">
            {errorMessage(ad.error, 'Kunde inte hämta annonsen.')}
          </EmptyState>
          <Button asChild variant="outline">
            <Link to="/admin/ads">Till annonserna</Link>
          </Button>
        </div>
      ) : (
        <Card>
          <CardContent>
            {ad.data ? (
              <AdForm key={ad.data.id} ad={ad.data} superAdmin={me.role === 'super_admin'} />
            ) : (
              <div className="grid gap-5" aria-busy="true">
                {Array.from({ length: 4 }, (_, i) => (
                  <Skeleton key={i} className="h-16" />
                ))}
              </div>
            )}
          </CardContent>
        </Card>
      )}
    </div>
  );
}
