import { Megaphone } from 'lucide-react';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useAccount } from '@/features/account/api/get-account';
import { useAuth } from '@/lib/auth';
import { ROLE_LABELS } from '@/lib/user';

export function AdminOverviewRoute() {
  const { user } = useAuth();
  const account = useAccount();
  const me = account.data ?? user;
  if (!me) return null;
  const superAdmin = me.role === 'super_admin';
  return (
    <div className="grid gap-6">
      <PageHeader
        title="Översikt"
        description={
          superAdmin
            ? 'Som superadmin granskar du alla klubbars annonser och kan publicera ett meddelande till alla användare.'
            : 'Här hanterar du din klubbs annonser i appen.'
        }
        className="mb-0"
      />
      <div className="grid gap-4 md:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Annonser</CardTitle>
          </CardHeader>
          <CardContent>
            <Button asChild>
              <Link to="/admin/ads">
                <Megaphone aria-hidden="true" />
                Hantera annonser
              </Link>
            </Button>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Snabbinfo</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
              <dt className="text-muted-foreground">E-post</dt>
              <dd className="truncate font-medium">{me.email}</dd>
              <dt className="text-muted-foreground">Roll</dt>
              <dd className="font-medium">{ROLE_LABELS[me.role]}</dd>
              <dt className="text-muted-foreground">Klubb</dt>
              <dd className="font-medium">{me.club_slug ?? '–'}</dd>
            </dl>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
