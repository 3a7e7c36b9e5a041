import type { TutorialState, TutorialStatus } from '@speedway/contracts/tutorials';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api-client';
import { MINUTE } from '@/lib/query-keys';
import { hasLocalTutorial, readLocalTutorial, writeLocalTutorial } from '../lib/tutorial-storage';
import { disableTutorialSync, isTutorialSyncEnabled, logTutorialFailure } from '../lib/sync';

export const TUTORIAL_STATUS_PATH = '/api/account/tutorials';

export const tutorialStatusKey = (userId: string) => ['tutorial-status', userId] as const;

export function getTutorialStatus(): Promise<TutorialStatus> {
  return api.get<TutorialStatus>(TUTORIAL_STATUS_PATH);
}

/**
 * The server's state, kept locally; progress a device could not sync earlier is sent first. A 404
 * turns syncing off and the local state is the answer; any other failure is the query's error
 * (the guides then go on with the local state, the settings page says so), logged unless it is
 * the network's.
 */
async function loadTutorialState(userId: string): Promise<TutorialState> {
  const local = readLocalTutorial(userId);
  if (!isTutorialSyncEnabled()) return local.state;
  try {
    const status = local.pending
      ? await api.put<TutorialStatus>(TUTORIAL_STATUS_PATH, { tutorial: local.pending })
      : await getTutorialStatus();
    writeLocalTutorial(userId, { state: status.tutorial, pending: null });
    return status.tutorial;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) {
      disableTutorialSync();
      logTutorialFailure('servern saknar tutorialstatus (404); synk avstängd.', error);
      return local.state;
    }
    // No reply (status 0) is no fault: at the track it is the usual state, and the query's error
    // says it. (The contracts' error codes are not imported here: they bring zod to every start.)
    if (!(error instanceof ApiError && error.status === 0)) {
      logTutorialFailure('kunde inte hämta tutorialstatus.', error);
    }
    throw error;
  }
}

/**
 * docs/spec/2-matches-protocols-admin.md §7 and §9: stale time 0; otherwise the tutorial area's
 * defaults.
 */
export function tutorialStatusQueryOptions(userId: string) {
  return queryOptions({
    queryKey: tutorialStatusKey(userId),
    queryFn: () => loadTutorialState(userId),
    staleTime: 0,
    gcTime: 30 * MINUTE,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

export function useTutorialStatus(userId: string) {
  return useQuery(tutorialStatusQueryOptions(userId));
}

/**
 * The state to act on: the server's when known; after a failed fetch the one this device kept,
 * and none when it kept nothing (better no intro than one the user finished on another device).
 */
export function effectiveTutorialState(
  userId: string,
  query: { data: TutorialState | undefined; isError: boolean },
): TutorialState | null {
  if (query.data) return query.data;
  return query.isError && hasLocalTutorial(userId) ? readLocalTutorial(userId).state : null;
}
