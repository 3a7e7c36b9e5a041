import { PageHeader } from '@/components/page-header';
import { Card, CardContent } from '@/components/ui/card';
import { AdForm } from '@/features/ads/components/ad-form';
import { useAdmin } from './use-admin';

/** /admin/ads/new */
export function AdminNewAdRoute() {
  const me = useAdmin();
  if (!me) return null;
  const superAdmin = me.role === 'super_admin';
  return (
    <div className="mx-auto grid w-full max-w-2xl gap-5">
      <PageHeader
        title="Ny annons"
        description={
          superAdmin
            ? 'Som superadmin publiceras annonsen direkt, utan granskning.'
            : 'Annonsen visas när en superadmin har godkänt den.'
        }
        back={{ to: '/admin/ads', label: 'Annonser' }}
        className="mb-0"
      />
      <Card>
        <CardContent>
          <AdForm superAdmin={superAdmin} />
        </CardContent>
      </Card>
    </div>
  );
}
