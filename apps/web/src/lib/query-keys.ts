/**
 * Query keys shared across features. A feature owns its calls, but a change in one (following a
 * match, starting a protocol) also refreshes lists another feature shows; the keys live here so
 * neither has to import the other.
 */
export const queryKeys = {
  officialMatches: ['official-matches'] as const,
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
