import type { OfficialMatchDetail } from '@speedway/contracts';
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '@/lib/api-client';
import { isOnline } from '@/lib/offline/connectivity';
import { MINUTE, queryKeys } from '@/lib/query-keys';
import { withTeamNames } from '@/lib/team-names';

export function getOfficialMatch(
  id: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<OfficialMatchDetail> {
  return api
    .get<OfficialMatchDetail>(`/api/official-matches/${encodeURIComponent(id)}`, { signal })
    .then(withTeamNames);
}

export function getOfficialMatchQueryOptions(id: string) {
  return queryOptions({
    queryKey: queryKeys.officialMatch(id),
    queryFn: ({ signal }) => getOfficialMatch(id, { signal }),
    staleTime: MINUTE,
  });
}

export function useOfficialMatch(id: string) {
  return useQuery(getOfficialMatchQueryOptions(id));
}

/** How long a print waits for the referee before it prints without one. */
export const REFEREE_WAIT_MS = 3000;

/**
 * The referee of an official match, for a printed protocol of it: from the cache when the match
 * has been shown, else asked for when online (at most REFEREE_WAIT_MS); null when unknown.
 */
export async function refereeOf(
  queryClient: QueryClient,
  id: string | null,
): Promise<string | null> {
  if (!id) return null;
  const options = getOfficialMatchQueryOptions(id);
  const cached = queryClient.getQueryData(options.queryKey);
  if (cached) return cached.referee;
  if (!isOnline()) return null;
  let timer = 0;
  const timeout = new Promise<null>((resolve) => {
    timer = window.setTimeout(() => resolve(null), REFEREE_WAIT_MS);
  });
  try {
    const match = await Promise.race([queryClient.fetchQuery(options), timeout]);
    return match?.referee ?? null;
  } catch {
    return null;
  } finally {
    window.clearTimeout(timer);
  }
}

/** refereeOf with this app's query cache. */
export function useRefereeOf() {
  const queryClient = useQueryClient();
  return useCallback((id: string | null) => refereeOf(queryClient, id), [queryClient]);
}
