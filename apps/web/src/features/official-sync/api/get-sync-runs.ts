import type { SyncRunList } from '@speedway/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { officialSyncKeys, SYNC_POLL_MS } from './keys';

export function getSyncRuns({ signal }: { signal?: AbortSignal } = {}): Promise<SyncRunList> {
  return api.get<SyncRunList>('/api/admin/official-sync/runs', { signal });
}

export function getSyncRunsQueryOptions() {
  return queryOptions({
    queryKey: officialSyncKeys.runs(),
    queryFn: ({ signal }) => getSyncRuns({ signal }),
    // While a listed run is going on the list is asked for again until it shows the run's end.
    refetchInterval: (query) =>
      query.state.data?.runs.some((run) => run.status === 'running') ? SYNC_POLL_MS : false,
  });
}

/** The sync's runs, newest first, with their counts and refused pages. */
export function useSyncRuns() {
  return useQuery(getSyncRunsQueryOptions());
}
