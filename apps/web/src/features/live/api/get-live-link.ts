import type { LiveLinkState } from '@speedway/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { liveShareKeys } from './keys';

export function getLiveLink(
  matchId: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<LiveLinkState> {
  return api.get<LiveLinkState>(`/api/matches/${encodeURIComponent(matchId)}/live-link`, {
    signal,
  });
}

export function getLiveLinkQueryOptions(matchId: string) {
  return queryOptions({
    queryKey: liveShareKeys.link(matchId),
    queryFn: ({ signal }) => getLiveLink(matchId, { signal }),
  });
}

export function useLiveLink(matchId: string) {
  return useQuery(getLiveLinkQueryOptions(matchId));
}
