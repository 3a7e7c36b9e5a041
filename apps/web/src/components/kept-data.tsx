import type { UseQueryResult } from '@tanstack/react-query';
import { RotateCw } from 'lucide-react';
import { DataAge } from '@/components/data-age';
import { EmptyState } from '@/components/empty-state';
import { Button } from '@/components/ui/button';
import { isOnline } from '@/lib/offline/connectivity';
import { useOnline } from '@/lib/offline/use-outbox';
import { checkConnection } from '@/lib/offline/use-reconnect';

// Data the user has is never replaced by an error. A list the server could not refresh
// (offline, a dead network, a failed call) keeps showing what it has, with its age and 'Försök
// igen'; only a list with nothing at all says that it could not load.

type KeptQuery = Pick<
  UseQueryResult<unknown>,
  'data' | 'isError' | 'fetchStatus' | 'dataUpdatedAt' | 'refetch'
>;

/** Whether a query with nothing to show has given up for now: it failed, or waits for a network. */
export function failedToLoad(
  query: Pick<UseQueryResult<unknown>, 'data' | 'isError' | 'fetchStatus'>,
): boolean {
  return query.data === undefined && (query.isError || query.fetchStatus === 'paused');
}

function TryAgain({ query }: { query: KeptQuery }) {
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={query.fetchStatus === 'fetching'}
      onClick={() => {
        // Unreachable: the server is asked at once; the query waits for it and goes on by itself.
        if (!isOnline()) void checkConnection();
        void query.refetch();
      }}
    >
      <RotateCw aria-hidden="true" />
      Försök igen
    </Button>
  );
}

/** Above data the server could not refresh: how old it is and 'Försök igen'; nothing otherwise. */
export function KeptDataNote({ query }: { query: KeptQuery }) {
  const online = useOnline();
  if (query.data === undefined || (online && !query.isError)) return null;
  return (
    <div className="flex min-h-9 items-center justify-between gap-3">
      <DataAge updatedAt={query.dataUpdatedAt} />
      <TryAgain query={query} />
    </div>
  );
}

/** A query that has no data at all and could not load: the screen's words and 'Försök igen'. */
export function LoadFailed({ query, children }: { query: KeptQuery; children: React.ReactNode }) {
  return (
    <div className="grid justify-items-center gap-3">
      <EmptyState error className="w-full">
        {children}
      </EmptyState>
      <TryAgain query={query} />
    </div>
  );
}
