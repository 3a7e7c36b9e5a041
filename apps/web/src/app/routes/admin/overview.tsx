import { Database, Megaphone, Plus } from 'lucide-react';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { AnnouncementEditor } from '@/features/announcement/components/announcement-editor';
import { ROLE_LABELS } from '@/lib/user';
import { useAdmin } from './use-admin';
import { useClubName } from './use-club-name';

/** /admin: welcome per role, the ads links, quick info, and for a super_admin the announcement. */
export function AdminOverviewRoute() {
  const me = useAdmin();
  const clubName = useClubName({ enabled: Boolean(me?.club_slug) });
  if (!me) return null;
  const superAdmin = me.role === 'super_admin';
  const club = me.club_slug ? clubName(me.club_slug) : '';
  return (
    <div className="grid gap-6">
      <PageHeader
        title="Översikt"
        description={
          superAdmin
            ? 'Välkommen! Som superadmin granskar du alla klubbars annonser och kan publicera ett meddelande till alla användare.'
            : `Välkommen! Här hanterar du annonserna för ${club || 'din klubb'} i appen.`
        }
        className="mb-0"
      />
      <div className="grid gap-4 md:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Annonser</CardTitle>
            <CardDescription>
              {superAdmin
                ? 'Godkänn, avvisa, pausa och ta bort annonser, och välj paket.'
                : 'Skapa och redigera klubbens annonser. De visas när de har godkänts.'}
            </CardDescription>
          </CardHeader>
          <CardContent className="flex flex-wrap gap-2">
            <Button asChild>
              <Link to="/admin/ads">
                <Megaphone aria-hidden="true" />
                Hantera annonser
              </Link>
            </Button>
            <Button asChild variant="outline">
              <Link to="/admin/ads/new">
                <Plus aria-hidden="true" />
                Skapa ny annons
              </Link>
            </Button>
          </CardContent>
        </Card>
        {superAdmin ? (
          <Card>
            <CardHeader>
              <CardTitle>Officiella data</CardTitle>
              <CardDescription>
                Elitseriens matcher och resultat från Svemo TA: synka nu, se körningarna och vad som
                avvisades, importera en fil och koppla lagnamn.
              </CardDescription>
            </CardHeader>
            <CardContent className="flex flex-wrap gap-2">
              <Button asChild>
                <Link to="/admin/official-data">
                  <Database aria-hidden="true" />
                  Hantera officiella data
                </Link>
              </Button>
            </CardContent>
          </Card>
        ) : null}
        {superAdmin ? (
          // The left column on wide screens: the toasts (356 px at the bottom right,
          // docs/spec/2-matches-protocols-admin.md §9) then never cover the form's controls,
          // wherever the page is scrolled.
          <div data-slot="announcement-column" className="min-w-0 md:col-start-1">
            <AnnouncementEditor />
          </div>
        ) : null}
        <Card className="md:self-start">
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
              <dd className="font-medium">{me.club_slug ? club : '–'}</dd>
            </dl>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
