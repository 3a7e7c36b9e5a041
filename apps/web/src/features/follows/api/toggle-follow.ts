import type { FollowList, FollowState, OfficialMatchSummary } from '@speedway/contracts';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { api } from '@/lib/api-client';
import { patchOfficialMatch, queryKeys } from '@/lib/query-keys';

export type FollowTarget = { match: OfficialMatchSummary; follow: boolean };

export function setFollow({ match, follow }: FollowTarget): Promise<FollowState> {
  const path = `/api/official-matches/${match.id}/follow`;
  return follow ? api.put<FollowState>(path, {}) : api.delete<FollowState>(path, {});
}

type Snapshot = ReturnType<QueryClient['getQueriesData']>;

/** Writes the followed flag into every cached copy of the match and the follows list. */
function applyFollow(queryClient: QueryClient, match: OfficialMatchSummary, followed: boolean) {
  patchOfficialMatch(queryClient, match.id, { followed });
  queryClient.setQueryData<FollowList>(queryKeys.follows, (list) => {
    if (!list) return list;
    const rest = list.filter((m) => m.id !== match.id);
    return followed
      ? [...rest, { ...match, followed, followed_at: new Date().toISOString() }]
      : rest;
  });
}

/** 'Följ match': toggles at once (optimistic), rolls back and says so if the server refuses. */
export function useToggleFollow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setFollow,
    onMutate: async ({ match, follow }) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.follows });
      await queryClient.cancelQueries({ queryKey: queryKeys.officialMatches });
      const snapshot: Snapshot = [
        ...queryClient.getQueriesData({ queryKey: queryKeys.follows }),
        ...queryClient.getQueriesData({ queryKey: queryKeys.officialMatches }),
      ];
      applyFollow(queryClient, match, follow);
      return { snapshot };
    },
    onError: (_error, _target, context) => {
      context?.snapshot.forEach(([key, data]) => queryClient.setQueryData(key, data));
      toast.error('Kunde inte uppdatera bevakningen.');
    },
    onSuccess: ({ followed }, { match }) => applyFollow(queryClient, match, followed),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.follows }),
        queryClient.invalidateQueries({ queryKey: queryKeys.officialMatches, exact: true }),
      ]),
  });
}
