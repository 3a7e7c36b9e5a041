import type { Team } from '@speedway/contracts';
import { useQuery } from '@tanstack/react-query';
import { getTeamsQueryOptions } from '@/features/teams';

// GET /api/teams: every team with its standing, computed by the server from official results.
// One fetcher and one cache entry (the teams feature's): the home page's table tab and /tabell
// read the same answer.

// The server ranks (points, then heat-point difference, then name); this only keeps its order
// should the reply ever come unsorted. Module-level, so the result is kept between renders.
const byRank = (teams: Team[]) => [...teams].sort((a, b) => a.rank - b.rank);

/** The teams in table order (rank 1 first). */
export function useStandings() {
  return useQuery({ ...getTeamsQueryOptions(), select: byRank });
}
