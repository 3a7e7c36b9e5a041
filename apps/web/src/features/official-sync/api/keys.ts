/** The official-data sync's queries (/admin/official-data); a sync or a save invalidates them here. */
export const officialSyncKeys = {
  all: ['official-sync'] as const,
  status: () => [...officialSyncKeys.all, 'status'] as const,
  runs: () => [...officialSyncKeys.all, 'runs'] as const,
  teamNames: () => [...officialSyncKeys.all, 'team-names'] as const,
};

/** How often the screen asks again while a run is going on, so it sees the run finish. */
export const SYNC_POLL_MS = 2_000;
