import type { SyncStatus } from '@speedway/contracts';
import { LoaderCircle, RefreshCw, RotateCw } from 'lucide-react';
import { toast } from 'sonner';
import { EmptyState } from '@/components/empty-state';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime, formatTime } from '@/lib/format';
import { useSyncStatus } from '../api/get-sync-status';
import { useStartSync } from '../api/start-sync';
import { RunStatusBadge } from './run-status-badge';

/** A run that ended while the screen was open: told as a toast, the counts are in the list. */
function toastRunEnded({ last_run: run }: SyncStatus) {
  if (run?.status === 'failed') {
    toast.error('Synkningen misslyckades', { description: run.error ?? undefined });
  } else if (run?.status === 'done') {
    toast.success('Synkningen är klar');
  }
}

/** Where official data comes from, the last and next run, and 'Synka nu'. */
export function SyncSourceCard() {
  const status = useSyncStatus({ onRunEnded: toastRunEnded });
  const data = status.data;
  const title = !data
    ? 'Källa'
    : data.source === 'svemo-ta'
      ? 'Källa: Svemo TA'
      : 'Ingen källa är inställd';

  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        {data?.source === 'svemo-ta' ? (
          <CardDescription>
            Servern hämtar Elitseriens matcher och resultat från Svemo TA enligt ett schema. Med
            Synka nu hämtar den direkt.
          </CardDescription>
        ) : null}
      </CardHeader>
      <CardContent>
        {status.isError ? (
          <div className="grid justify-items-center gap-3">
            <EmptyState error className="w-full">
              {errorMessage(status.error, 'Kunde inte hämta synkningens status.')}
            </EmptyState>
            <Button variant="outline" onClick={() => status.refetch()} disabled={status.isFetching}>
              <RotateCw aria-hidden="true" />
              Försök igen
            </Button>
          </div>
        ) : data ? (
          <SourceDetails status={data} />
        ) : (
          <div className="grid gap-3" aria-busy="true">
            <Skeleton className="h-5 w-3/4" />
            <Skeleton className="h-5 w-1/2" />
            <Skeleton className="h-5 w-2/3" />
            <Skeleton className="h-11 w-32" />
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function SourceDetails({ status }: { status: SyncStatus }) {
  const start = useStartSync();
  const configured = status.source === 'svemo-ta';
  const { running, last_run: lastRun } = status;

  const onSync = () =>
    start.mutate(undefined, {
      onSuccess: (reply) => toast.success(reply.message),
      onError: (error) => toast.error(errorMessage(error, 'Kunde inte starta synkningen.')),
    });

  return (
    <div className="grid gap-4">
      {configured ? null : (
        <p className="text-sm">
          Servern hämtar inga officiella data av sig själv. Sätt miljövariabeln{' '}
          <code className="rounded bg-muted px-1 py-0.5 text-[13px] break-all">
            OFFICIAL_SOURCE=svemo-ta
          </code>{' '}
          för servern och starta om den för att synka Elitserien från Svemo TA. Till dess kan du
          importera en fil.
        </p>
      )}
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
        {configured ? (
          <>
            <dt className="text-muted-foreground">Adress</dt>
            <dd className="break-all">
              {status.url ? (
                <a
                  href={status.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="font-medium text-primary underline-offset-4 hover:underline"
                >
                  {status.url} <span className="sr-only">(öppnas i en ny flik)</span>
                </a>
              ) : (
                '–'
              )}
            </dd>
            <dt className="text-muted-foreground">Säsonger</dt>
            <dd>{status.seasons.length > 0 ? status.seasons.join(', ') : '–'}</dd>
            <dt className="text-muted-foreground">Serie</dt>
            <dd className="break-words">{status.series || '–'}</dd>
          </>
        ) : null}
        <dt className="text-muted-foreground">Senaste körning</dt>
        <dd>
          {lastRun ? (
            <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
              {formatDateTime(lastRun.started_at)}
              <RunStatusBadge status={lastRun.status} />
            </span>
          ) : (
            'Ingen ännu'
          )}
        </dd>
        <dt className="text-muted-foreground">Nästa körning</dt>
        <dd>{status.next_run_at ? formatDateTime(status.next_run_at) : 'Inte schemalagd'}</dd>
      </dl>
      {running ? (
        <p className="flex items-center gap-2 text-sm font-medium">
          <LoaderCircle
            aria-hidden="true"
            className="size-4 shrink-0 animate-spin text-primary motion-reduce:animate-none"
          />
          En körning pågår sedan {formatTime(running.started_at)}.
        </p>
      ) : null}
      <div>
        <Button onClick={onSync} disabled={!configured || running !== null || start.isPending}>
          {start.isPending ? <Spinner /> : <RefreshCw aria-hidden="true" />}
          Synka nu
        </Button>
      </div>
    </div>
  );
}
