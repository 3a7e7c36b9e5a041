import type {
  OfficialMatchDetail,
  OfficialMatchListQuery,
  OfficialMatchSummary,
} from '@speedway/contracts';
import type { QueryClient } from '@tanstack/react-query';

/**
 * Query keys shared across features. A feature owns its calls, but a change in one (following a
 * match, starting a protocol) also refreshes lists another feature shows; the keys live here so
 * neither has to import the other.
 */
export const queryKeys = {
  /** The official list's default window (today on); also the prefix of every official query. */
  officialMatches: ['official-matches'] as const,
  /** Another window of the official list (a season, or days). */
  officialMatchesIn: (window: OfficialMatchListQuery) =>
    ['official-matches', 'window', window] as const,
  officialMatch: (id: string) => ['official-matches', id] as const,
  follows: ['follows'] as const,
  matches: ['matches'] as const,
  match: (id: string) => ['matches', id] as const,
  teams: ['teams'] as const,
  teamRiders: (teamId: string, matchId: string) => ['teams', teamId, 'riders', matchId] as const,
  /** The user's saved protocols (features/saved-matches builds its keys on these). */
  userMatches: ['user-matches'] as const,
  userMatch: (id: string) => ['user-matches', id] as const,
};

export const MINUTE = 60_000;

/**
 * Writes `patch` into official match `id` wherever the cache holds it: each window of the list it
 * is in, and its detail. A follow or a started protocol changes the match in all of them.
 */
export function patchOfficialMatch(
  queryClient: QueryClient,
  id: string,
  patch: Partial<OfficialMatchSummary>,
): void {
  queryClient.setQueriesData<OfficialMatchSummary[]>(
    // The detail shares the prefix; it is not a list.
    { queryKey: queryKeys.officialMatches, predicate: (query) => Array.isArray(query.state.data) },
    (list) => list?.map((m) => (m.id === id ? { ...m, ...patch } : m)),
  );
  queryClient.setQueryData<OfficialMatchDetail>(queryKeys.officialMatch(id), (detail) =>
    detail ? { ...detail, ...patch } : detail,
  );
}
