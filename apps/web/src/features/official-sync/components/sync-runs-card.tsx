import type { SyncRefusal, SyncRun } from '@speedway/contracts';
import { ExternalLink, RotateCw } from 'lucide-react';
import { useId, useState } from 'react';
import { EmptyState } from '@/components/empty-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useSyncRuns } from '../api/get-sync-runs';
import { COUNT_LABELS, formatCount, TRIGGER_LABELS, webUrlOf } from '../lib/sync-labels';
import { RunStatusBadge } from './run-status-badge';

/** A run's refused pages shown before 'Visa alla': a season's list can refuse dozens. */
export const REFUSALS_SHOWN = 5;

/** Newest first, whatever order the list came in. */
function newestFirst(runs: SyncRun[]): SyncRun[] {
  return [...runs].sort((a, b) => Date.parse(b.started_at) - Date.parse(a.started_at));
}

/** The sync's runs: when, why, how it went, the counts and every refused page. */
export function SyncRunsCard() {
  const runs = useSyncRuns();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Körningar</CardTitle>
        <CardDescription>
          Varje synkning, nyast först: vad den läste och varför en sida avvisades.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {runs.isError ? (
          <div className="grid justify-items-center gap-3">
            <EmptyState error className="w-full">
              {errorMessage(runs.error, 'Kunde inte hämta körningarna.')}
            </EmptyState>
            <Button variant="outline" onClick={() => runs.refetch()} disabled={runs.isFetching}>
              <RotateCw aria-hidden="true" />
              Försök igen
            </Button>
          </div>
        ) : !runs.data ? (
          <div className="grid gap-3" aria-busy="true">
            <Skeleton className="h-36" />
            <Skeleton className="h-36" />
          </div>
        ) : runs.data.runs.length === 0 ? (
          <EmptyState>Inga körningar ännu.</EmptyState>
        ) : (
          <ol className="grid gap-3">
            {newestFirst(runs.data.runs).map((run) => (
              <li key={run.id}>
                <SyncRunItem run={run} />
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}

function SyncRunItem({ run }: { run: SyncRun }) {
  const headingId = useId();
  return (
    <article aria-labelledby={headingId} className="grid min-w-0 gap-3 rounded-xl border p-4">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <h3 id={headingId} className="font-semibold">
          {formatDateTime(run.started_at)}
        </h3>
        <Badge variant="secondary">{TRIGGER_LABELS[run.trigger]}</Badge>
        <RunStatusBadge status={run.status} />
      </div>
      <p className="text-[13px] break-words text-muted-foreground">
        <span className="break-all">{run.origin}</span>
        {run.seasons.length > 0 ? (
          <>
            {' · '}
            {run.seasons.length === 1 ? 'Säsong' : 'Säsonger'} {run.seasons.join(', ')}
          </>
        ) : null}
        {run.finished_at ? <> · Slut {formatDateTime(run.finished_at)}</> : null}
      </p>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-5">
        {COUNT_LABELS.map(([key, label]) => (
          <div key={key} className="min-w-0 rounded-lg bg-muted/50 px-3 py-2">
            <dt className="text-xs break-words text-muted-foreground">{label}</dt>
            <dd className="text-lg font-semibold tabular-nums">{formatCount(run.counts[key])}</dd>
          </div>
        ))}
      </dl>
      {run.status === 'failed' ? (
        <p className="rounded-lg border border-destructive/40 bg-destructive/5 px-3 py-2 text-sm break-words whitespace-pre-line text-destructive">
          <span className="font-semibold">Fel: </span>
          {run.error ?? 'Källan kunde inte läsas.'}
        </p>
      ) : null}
      {run.refusals.length > 0 ? (
        // A group, not a region: every run has one, and landmarks must have names of their own.
        <div role="group" aria-labelledby={`${headingId}-refused`} className="grid gap-2">
          <h4 id={`${headingId}-refused`} className="text-sm font-semibold">
            Avvisade sidor ({formatCount(run.refusals.length)})
          </h4>
          <RefusalList refusals={run.refusals} />
        </div>
      ) : null}
    </article>
  );
}

function RefusalList({ refusals }: { refusals: SyncRefusal[] }) {
  const [all, setAll] = useState(false);
  const listId = useId();
  const shown = all ? refusals : refusals.slice(0, REFUSALS_SHOWN);
  const hidden = refusals.length - shown.length;
  return (
    <>
      <ul id={listId} className="grid gap-2">
        {shown.map((refusal, index) => (
          <li key={`${refusal.external_id ?? ''}-${index}`}>
            <RefusalItem refusal={refusal} />
          </li>
        ))}
      </ul>
      {refusals.length > REFUSALS_SHOWN ? (
        <Button
          variant="outline"
          className="justify-self-start"
          aria-expanded={all}
          aria-controls={listId}
          onClick={() => setAll((open) => !open)}
        >
          {all
            ? 'Visa färre'
            : `Visa alla ${formatCount(refusals.length)} (${formatCount(hidden)} till)`}
        </Button>
      ) : null}
    </>
  );
}

function RefusalItem({ refusal }: { refusal: SyncRefusal }) {
  const href = webUrlOf(refusal.url);
  return (
    <div className="grid gap-1 rounded-lg border px-3 py-2 text-sm">
      <p className="font-medium break-words">{refusal.title}</p>
      <p className="break-words whitespace-pre-line text-muted-foreground">{refusal.reason}</p>
      {href ? (
        <a
          href={href}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex min-h-11 w-fit items-center gap-1.5 rounded-lg font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          Öppna sidan <span className="sr-only">{refusal.title} (öppnas i en ny flik)</span>
          <ExternalLink aria-hidden="true" className="size-4" />
        </a>
      ) : refusal.url ? (
        <p className="font-mono text-xs break-all text-muted-foreground">{refusal.url}</p>
      ) : null}
    </div>
  );
}
