import type { HeatSaveResponse, Match } from '@speedway/contracts';
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

/** The server's answer to heat 1 of `match` saved with R/R: 4–2 after one heat. */
export function heatOneReply(match: Match): HeatSaveResponse {
  return {
    heat: { ...match.heats[0]!, rr: true },
    home_score: 4,
    away_score: 2,
    completed_heats: 1,
    status: 'live',
    updated_at: '2026-11-28T18:00:00.000Z',
  };
}
