import type { SyncStatus } from '@speedway/contracts';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useRef } from 'react';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { officialSyncKeys, SYNC_POLL_MS } from './keys';

export function getSyncStatus({ signal }: { signal?: AbortSignal } = {}): Promise<SyncStatus> {
  return api.get<SyncStatus>('/api/admin/official-sync', { signal });
}

export function getSyncStatusQueryOptions() {
  return queryOptions({
    queryKey: officialSyncKeys.status(),
    queryFn: ({ signal }) => getSyncStatus({ signal }),
    // Asked again every 2 s while a run is going on, and not otherwise.
    refetchInterval: (query) => (query.state.data?.running ? SYNC_POLL_MS : false),
  });
}

/**
 * The source, its schedule and the run going on. When a run it saw running has ended, what the
 * run may have changed is fetched again (the runs, the TA names, the official matches and teams)
 * and `onRunEnded` hears of it with the status that no longer shows the run.
 */
export function useSyncStatus({ onRunEnded }: { onRunEnded?: (status: SyncStatus) => void } = {}) {
  const queryClient = useQueryClient();
  const query = useQuery(getSyncStatusQueryOptions());
  const runningId = query.data?.running?.id ?? null;
  const seenRunning = useRef<string | null>(null);
  const runEnded = useEffectEvent(() => {
    if (query.data) onRunEnded?.(query.data);
  });
  useEffect(() => {
    const before = seenRunning.current;
    seenRunning.current = runningId;
    if (before === null || before === runningId) return;
    runEnded();
    for (const queryKey of [
      officialSyncKeys.runs(),
      officialSyncKeys.teamNames(),
      queryKeys.officialMatches,
      queryKeys.teams,
    ]) {
      void queryClient.invalidateQueries({ queryKey });
    }
  }, [runningId, queryClient]);
  return query;
}
