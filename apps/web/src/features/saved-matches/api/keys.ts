/**
 * The saved protocols' cache keys. The list and every saved match share the prefix, so one
 * invalidation after a save, a resolution or a deletion reaches all of them.
 */
export const savedMatchKeys = {
  all: ['user-matches'] as const,
  detail: (id: string) => ['user-matches', id] as const,
};
