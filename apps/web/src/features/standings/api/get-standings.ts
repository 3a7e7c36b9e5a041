import type { Team } from '@speedway/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/teams: every team with its standing, computed by the server from official results. */
export function getStandings({ signal }: { signal?: AbortSignal } = {}): Promise<Team[]> {
  return api.get<Team[]>('/api/teams', { signal });
}

/** Under the shared teams key: the home page's table tab and /tabell are one cache entry. */
export function getStandingsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.teams,
    queryFn: ({ signal }) => getStandings({ signal }),
  });
}

// The server ranks (points, then heat-point difference, then name); this only keeps its order
// should the reply ever come unsorted. Module-level, so the result is kept between renders.
const byRank = (teams: Team[]) => [...teams].sort((a, b) => a.rank - b.rank);

/** The teams in table order (rank 1 first). */
export function useStandings() {
  return useQuery({ ...getStandingsQueryOptions(), select: byRank });
}
