import type {
  TutorialState,
  TutorialStatus,
  TutorialUpdateBody,
} from '@speedway/contracts/tutorials';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api-client';
import { applyUpdate, mergeReports } from '../lib/apply-update';
import { readLocalTutorial, writeLocalTutorial } from '../lib/tutorial-storage';
import { disableTutorialSync, isTutorialSyncEnabled, logTutorialFailure } from '../lib/sync';
import { TUTORIAL_STATUS_PATH, tutorialStatusKey } from './get-tutorial-status';

export function updateTutorialStatus(body: TutorialUpdateBody): Promise<TutorialStatus> {
  return api.put<TutorialStatus>(TUTORIAL_STATUS_PATH, body);
}

/** The update's result when the server has no tutorial status: the local state, changed. */
function updateLocally(userId: string, body: TutorialUpdateBody): TutorialState {
  const local = readLocalTutorial(userId);
  const state = applyUpdate(local.state, body);
  writeLocalTutorial(userId, { state, pending: null });
  return state;
}

/**
 * One update (docs/spec/2-matches-protocols-admin.md §7): shown at once, stored on the device, then
 * sent; the state the server returns replaces the cached one once no later update is on its way (an
 * answer to an earlier one would undo what the later one already shows: a guide skipped while the
 * intro's answer was on its way opened again). A 404 turns syncing off (the device's state stands).
 * A failed progress report is only logged and kept to be sent with the next status fetch; a failed
 * reset is the caller's to show (the settings page toasts 'Kunde inte uppdatera tutorialstatus.').
 */
export function useUpdateTutorialStatus(userId: string) {
  const queryClient = useQueryClient();
  const key = tutorialStatusKey(userId);
  return useMutation({
    mutationKey: key,
    mutationFn: async (body: TutorialUpdateBody): Promise<TutorialState> => {
      if (!isTutorialSyncEnabled()) return updateLocally(userId, body);
      try {
        const status = await updateTutorialStatus(body);
        writeLocalTutorial(userId, { state: status.tutorial, pending: null });
        return status.tutorial;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) {
          disableTutorialSync();
          logTutorialFailure('servern saknar tutorialstatus (404); synk avstängd.', error);
          return updateLocally(userId, body);
        }
        logTutorialFailure('kunde inte uppdatera tutorialstatus.', error);
        if (body.tutorial) {
          const local = readLocalTutorial(userId);
          writeLocalTutorial(userId, {
            state: applyUpdate(local.state, body),
            pending: mergeReports(local.pending, body.tutorial),
          });
        }
        throw error;
      }
    },
    onMutate: async (body) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<TutorialState>(key);
      const base = previous ?? readLocalTutorial(userId).state;
      queryClient.setQueryData<TutorialState>(key, applyUpdate(base, body));
      return { previous };
    },
    onSuccess: (state) => {
      // This one is still counted while its onSuccess runs.
      if (queryClient.isMutating({ mutationKey: key }) > 1) return;
      queryClient.setQueryData<TutorialState>(key, state);
    },
    onError: (_error, body, context) => {
      // A reset that did not happen is undone on screen; progress stays (it is pending).
      if (!body.tutorial && context) queryClient.setQueryData(key, context.previous);
    },
  });
}
