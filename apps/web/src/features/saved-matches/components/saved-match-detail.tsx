import type { SavedMatch } from '@speedway/contracts';
import { ClipboardList, SearchX, Trash2, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { PageHeader } from '@/components/page-header';
import { PageSpinner } from '@/components/page-spinner';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { ApiError } from '@/lib/api-client';
import { formatDate, formatDateTime } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useDeleteSavedMatch } from '../api/delete-saved-match';
import { useSavedMatch } from '../api/get-saved-match';
import { failureDetail } from '../lib/failure';
import { totalsAgreeText } from '../lib/labels';
import { teamShort } from '@/lib/team-names';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';
import { DiscrepancyList } from './discrepancy-list';
import { HeatOverview } from './heat-overview';
import { ResolveActions } from './resolve-actions';
import { RiderStatistics } from './rider-statistics';
import { SavedStatusBadge } from './saved-status-badge';

const BACK = { to: '/my-matches/saved-protocols', label: 'Mina matcher' };

function LoadFailure({ notFound }: { notFound: boolean }) {
  const Icon = notFound ? SearchX : TriangleAlert;
  return (
    <section>
      <PageHeader title="Sparad match" back={BACK} />
      <Card className="mx-auto max-w-md">
        <CardContent className="grid justify-items-center gap-4 py-6 text-center">
          <Icon className="size-10 text-muted-foreground" aria-hidden="true" />
          <p role="alert" className="font-semibold">
            {notFound
              ? 'Matchen saknas eller har tagits bort.'
              : 'Kunde inte hämta den sparade matchen.'}
          </p>
          <Button asChild variant="outline">
            <Link to={BACK.to}>Till sparade protokoll</Link>
          </Button>
        </CardContent>
      </Card>
    </section>
  );
}

/** /my-matches/saved/{id}: loading, the two failures, then the saved match. */
export function SavedMatchDetail({
  id,
  exportActions,
}: {
  id: string;
  /** The protocol's actions out of the app (print, PDF, CSV); they belong to another feature. */
  exportActions?: (saved: SavedMatch) => React.ReactNode;
}) {
  const query = useSavedMatch(id);
  if (query.isPending) return <PageSpinner />;
  if (query.isError) {
    const status = query.error instanceof ApiError ? query.error.status : 0;
    // A malformed id (400) names no match either.
    return <LoadFailure notFound={status === 404 || status === 400} />;
  }
  return <SavedMatchView saved={query.data} exportActions={exportActions} />;
}

function ScorePanel({
  label,
  score,
  shorts,
  differs,
}: {
  label: string;
  score: { home: number; away: number } | null;
  shorts: { home: string; away: string };
  differs?: { home: boolean; away: boolean };
}) {
  // Large bold figures: amber-700 is 5:1 on the card, AA and sunlight mode's AAA for large text.
  const changed = 'text-amber-700 dark:text-amber-400';
  return (
    <div className="grid content-start justify-items-center gap-1 px-3 py-4 text-center sm:px-5">
      <h2 className="text-[13px] font-medium text-muted-foreground">{label}</h2>
      {score ? (
        <>
          <p className="text-3xl font-bold tabular-nums sm:text-4xl">
            <span className={cn(differs?.home && changed)}>{score.home}</span>
            <span aria-hidden="true" className="px-1.5 text-muted-foreground">
              –
            </span>
            <span className="sr-only"> mot </span>
            <span className={cn(differs?.away && changed)}>{score.away}</span>
          </p>
          <p className="text-[12px] font-semibold text-muted-foreground">
            {shorts.home} – {shorts.away}
          </p>
        </>
      ) : (
        <p className="py-2 text-sm text-muted-foreground">Inget officiellt resultat ännu.</p>
      )}
    </div>
  );
}

function Verdict({ saved }: { saved: SavedMatch }) {
  if (saved.status === 'disputed') {
    const heats = saved.heat_discrepancies.length;
    return (
      <Card className="gap-3 border-amber-500/40 bg-amber-500/5">
        <CardContent className="grid gap-3">
          <p className="font-semibold">
            {saved.discrepancies.length === 0 && heats > 0
              ? totalsAgreeText(heats)
              : 'Ditt protokoll skiljer sig från det officiella resultatet.'}
          </p>
          <ResolveActions id={saved.id} />
        </CardContent>
      </Card>
    );
  }
  if (!saved.official_results) {
    return (
      <Alert>
        <AlertDescription>
          Det finns inget officiellt resultat att jämföra med ännu. Protokollet jämförs när
          resultatet publiceras.
        </AlertDescription>
      </Alert>
    );
  }
  if (saved.resolution) {
    return (
      <Alert variant="success">
        <AlertTitle>
          {saved.resolution === 'accept_official'
            ? 'Du har godtagit det officiella resultatet.'
            : 'Du har behållit ditt protokoll.'}
        </AlertTitle>
        {saved.resolved_at ? (
          <AlertDescription>Avgjort {formatDateTime(saved.resolved_at)}.</AlertDescription>
        ) : null}
      </Alert>
    );
  }
  if (saved.status === 'validated' && saved.heat_discrepancies.length > 0) {
    // The final score agrees (the spec's discrepancy), some heats do not: both, honestly.
    return (
      <Card className="gap-3">
        <CardContent className="grid gap-3">
          <p className="font-semibold">{totalsAgreeText(saved.heat_discrepancies.length)}</p>
          <p className="text-sm text-muted-foreground">
            Heatöversikten visar vilka. Godta det officiella protokollet för att ta dess heat, eller
            behåll ditt.
          </p>
          <ResolveActions id={saved.id} />
        </CardContent>
      </Card>
    );
  }
  if (saved.status === 'validated') {
    return (
      <Alert variant="success">
        <AlertTitle>Matchar ditt protokoll</AlertTitle>
        <AlertDescription>
          Det officiella resultatet stämmer med det du registrerade.
        </AlertDescription>
      </Alert>
    );
  }
  return null;
}

function SavedMatchView({
  saved,
  exportActions,
}: {
  saved: SavedMatch;
  exportActions?: (saved: SavedMatch) => React.ReactNode;
}) {
  const navigate = useNavigate();
  const remove = useDeleteSavedMatch();
  const [confirming, setConfirming] = useState(false);
  const details = saved.match_details;
  const names = { home: details.home_team, away: details.away_team };
  const shorts = {
    home: teamShort(details.home_team, details.home_team_short, 'home'),
    away: teamShort(details.away_team, details.away_team_short, 'away'),
  };
  const official = saved.official_results;
  const differs = {
    home: saved.discrepancies.some((d) => d.type === 'home_score'),
    away: saved.discrepancies.some((d) => d.type === 'away_score'),
  };
  const meta = [
    details.date ? formatDate(details.date, 'd MMM yyyy HH:mm') : null,
    details.venue,
    details.round !== null ? `Omgång ${details.round}` : null,
  ].filter(Boolean);

  const confirmDelete = () =>
    remove.mutate(saved.id, {
      onSuccess: () => {
        toast.success('Protokoll borttaget');
        setConfirming(false);
        // The page no longer exists; Back should not lead to it.
        void navigate('/my-matches/saved-protocols', { replace: true });
      },
      onError: (error) =>
        toast.error('Kunde inte ta bort matchen', { description: failureDetail(error) }),
    });

  return (
    <section className="grid gap-5">
      <PageHeader
        className="mb-0"
        title={`${names.home} – ${names.away}`}
        description={
          <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <SavedStatusBadge status={saved.status} />
            <span>{meta.join(' · ')}</span>
          </span>
        }
        back={BACK}
        actions={
          <>
            <Button asChild variant="outline">
              <Link to={`/match/${saved.match_id}`}>
                <ClipboardList aria-hidden="true" />
                Protokollet
              </Link>
            </Button>
            <Button
              variant="outline"
              className="text-destructive hover:text-destructive"
              onClick={() => setConfirming(true)}
            >
              <Trash2 aria-hidden="true" />
              Ta bort
            </Button>
          </>
        }
      />

      <Card className="gap-0 py-0">
        <div className="grid grid-cols-2 divide-x">
          <ScorePanel
            label="Ditt protokoll"
            score={{ home: saved.user_results.home_score, away: saved.user_results.away_score }}
            shorts={shorts}
            differs={differs}
          />
          <ScorePanel
            label="Officiellt resultat"
            score={official ? { home: official.home_score, away: official.away_score } : null}
            shorts={shorts}
          />
        </div>
        <p className="border-t px-5 py-2.5 text-center text-[12px] text-muted-foreground">
          Sparat {formatDateTime(saved.completed_at)}
        </p>
      </Card>

      {exportActions?.(saved)}
      <Verdict saved={saved} />
      <DiscrepancyList saved={saved} shorts={shorts} names={names} />
      <HeatOverview saved={saved} shorts={shorts} />
      <RiderStatistics saved={saved} names={names} />

      <ConfirmDeleteDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Ta bort det sparade protokollet?"
        description="Det sparade protokollet och matchprotokollet bakom det tas bort. Det går inte att ångra."
        subject={`${names.home} – ${names.away}`}
        pending={remove.isPending}
        onConfirm={confirmDelete}
      />
    </section>
  );
}
