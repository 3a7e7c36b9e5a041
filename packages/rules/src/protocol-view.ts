import { canSaveProtocol, completedCount, type MatchState } from './match';
import { matchScore } from './scoring';
import { LANES, type Heat } from './types';

// What the server stores beside a protocol's heats and what a device can work out for itself
// from the heats it has (ADR 010): the derived fields, and the tags a replayed change names as
// the state it was made on (`If-Match`). One implementation for the server and the web app.

export type ProtocolStatus = 'upcoming' | 'live' | 'completed' | 'confirmed';

export interface ProtocolDerived {
  home_score: number;
  away_score: number;
  completed_heats: number;
  status: ProtocolStatus;
}

/**
 * Scores, progress and status, all from the heats: upcoming before any heat is complete, live
 * while some are, completed once the protocol can be saved. A confirmed protocol stays confirmed.
 */
export function protocolDerived(state: MatchState, current?: ProtocolStatus): ProtocolDerived {
  const score = matchScore(state.heats);
  const completed = completedCount(state.heats);
  let status: ProtocolStatus = completed > 0 ? 'live' : 'upcoming';
  if (canSaveProtocol(state).ok) status = 'completed';
  if (current === 'confirmed') status = 'confirmed';
  return {
    home_score: score.home_score,
    away_score: score.away_score,
    completed_heats: completed,
    status,
  };
}

/** A tag: 14 lower-case hex digits (a 53-bit hash). */
export const TAG_PATTERN = /^[0-9a-f]{14}$/;

/**
 * cyrb53 (bryc, public domain): a 53-bit hash of a string with 32-bit integer steps only, so
 * every JavaScript engine gives the same result. Not cryptographic: it tells versions apart.
 */
function hash53(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  const value = 4294967296 * (2097151 & h2) + (h1 >>> 0);
  return value.toString(16).padStart(14, '0');
}

/**
 * The tag of a heat: a hash of canonical JSON of what a save changes — each lane's rider, team,
 * helmet and lock (lanes in order), the results sorted by rider, and R/R. Arrays in a fixed
 * order, so neither key order nor a JSON round trip changes it; names and labels do not count.
 */
export function heatTag(heat: Heat): string {
  const lanes = LANES.map((lane) => {
    const rider = heat.riders[lane];
    return rider ? [rider.rider_id, rider.team, rider.helmet_color, rider.locked === true] : null;
  });
  // Each result as JSON text led by its rider, sorted as text: one order for any input order.
  const results = heat.results
    .map((r) => JSON.stringify([r.rider_id, r.position, r.status, r.points, r.bonus_points]))
    .sort();
  return hash53(JSON.stringify([lanes, results, heat.rr === true]));
}

/** The tag of several heats: a hash of their numbers and tags, in heat order. */
function heatsTag(heats: readonly Heat[]): string {
  const tags = [...heats]
    .sort((a, b) => a.heat_number - b.heat_number)
    .map((heat) => [heat.heat_number, heatTag(heat)]);
  return hash53(JSON.stringify(tags));
}

/** The tag of a whole protocol (saving and confirming it): all its heat tags. */
export function protocolTag(match: Pick<MatchState, 'heats'>): string {
  return heatsTag(match.heats);
}

/** The heats a nomination request is judged on: the nominated heats 14 and 15. */
export const NOMINATION_TAG_HEATS: readonly number[] = [14, 15];

/** The tag of a nomination request: heats 14 and 15 (whichever the rulebook nominates). */
export function nominationsTag(match: Pick<MatchState, 'heats'>): string {
  return heatsTag(match.heats.filter((heat) => NOMINATION_TAG_HEATS.includes(heat.heat_number)));
}
