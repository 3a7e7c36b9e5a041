import type { HeadToHeadReply } from '@speedway/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { MINUTE } from '@/lib/query-keys';
import { statsKeys, withSeason } from './keys';

// GET /api/stats/riders/{id}/head-to-head/{opponentId}: every heat of the season where the two met.

export function getHeadToHead(
  id: string,
  opponentId: string,
  season: number | undefined,
  { signal }: { signal?: AbortSignal } = {},
): Promise<HeadToHeadReply> {
  const path = `/api/stats/riders/${encodeURIComponent(id)}/head-to-head/${encodeURIComponent(opponentId)}`;
  return api.get<HeadToHeadReply>(withSeason(path, season), { signal });
}

export function getHeadToHeadQueryOptions(id: string, opponentId: string, season?: number) {
  return queryOptions({
    queryKey: statsKeys.headToHead(id, opponentId, season),
    queryFn: ({ signal }) => getHeadToHead(id, opponentId, season, { signal }),
    staleTime: 5 * MINUTE,
  });
}

/** Asks only once an opponent is picked. */
export function useHeadToHead(id: string, opponentId: string | null, season?: number) {
  return useQuery({
    ...getHeadToHeadQueryOptions(id, opponentId ?? '', season),
    enabled: opponentId !== null,
  });
}
