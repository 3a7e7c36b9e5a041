import type { FollowList } from '@speedway/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { MINUTE, queryKeys } from '@/lib/query-keys';

export function getFollows({ signal }: { signal?: AbortSignal } = {}): Promise<FollowList> {
  return api.get<FollowList>('/api/follows', { signal });
}

export function getFollowsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.follows,
    queryFn: ({ signal }) => getFollows({ signal }),
    staleTime: MINUTE,
  });
}

/** The matches the user follows; its length is 'Mina bevakningar'. */
export function useFollows() {
  return useQuery(getFollowsQueryOptions());
}
