import type { SyncStarted } from '@speedway/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { officialSyncKeys } from './keys';

/** 'Synka nu': 202 with the new run's id; 409 while a run is going on or without a source. */
export function startSync(): Promise<SyncStarted> {
  return api.post<SyncStarted>('/api/admin/official-sync', {});
}

export function useStartSync() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startSync,
    // Either way the status is asked again: a refusal may mean a run started elsewhere.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: officialSyncKeys.status() }),
        queryClient.invalidateQueries({ queryKey: officialSyncKeys.runs() }),
      ]),
  });
}
