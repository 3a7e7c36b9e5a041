import type { NewOutboxEntry } from '../outbox';

/** The heat-save path the outbox replays. */
export const heatPath = (matchId: string, n: number) => `/api/matches/${matchId}/heat/${n}/save`;

/** A heat save as the protocol page enqueues it, with tags named after the heat. */
export function heatEntry(userId: string, matchId: string, n: number): NewOutboxEntry {
  return {
    userId,
    matchId,
    kind: 'heat',
    heatNumber: n,
    method: 'POST',
    path: heatPath(matchId, n),
    body: { rr: n % 2 === 0 },
    base: `base-${n}`,
    expect: `expect-${n}`,
  };
}
