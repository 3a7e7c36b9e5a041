/** The live link of a protocol (the owner's) and a shared protocol's snapshot (anyone's). */
export const liveShareKeys = {
  link: (matchId: string) => ['matches', matchId, 'live-link'] as const,
  snapshot: (token: string) => ['live', token] as const,
};
