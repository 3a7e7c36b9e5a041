import type { StatsMatch } from './types';

function startTime(match: StatsMatch): number {
  return match.starts_at === null ? Infinity : Date.parse(match.starts_at);
}

/** Oldest first by start (a match without one last), then by id: one order everywhere. */
export function chronological(matches: readonly StatsMatch[]): StatsMatch[] {
  return [...matches].sort((a, b) => startTime(a) - startTime(b) || a.id.localeCompare(b.id));
}
