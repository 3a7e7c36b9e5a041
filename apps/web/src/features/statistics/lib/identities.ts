import type { RiderIdentity } from '@speedway/contracts';

// How the super_admin's screen (/admin/riders) names a rider identity's entries: a squad rider of
// a team in a season. Two identities often bear one name; their entries tell them apart.

export type RiderEntry = RiderIdentity['entries'][number];

/** A match without a season (a file that gave none) makes an entry without one. */
export function seasonLabel(season: number | null): string {
  return season === null ? 'utan säsong' : String(season);
}

/** 'Vargarna 2012', 'Vargarna, utan säsong'. */
export function entryLabel(entry: RiderEntry): string {
  return entry.season === null
    ? `${entry.team.name}, ${seasonLabel(null)}`
    : `${entry.team.name} ${entry.season}`;
}

/**
 * An identity's entries, newest season first as the server sends them: 'Vargarna 2012, Dackarna
 * 2011 och 3 till' beyond `max`, so that a long career stays a line.
 */
export function entriesLabel(identity: RiderIdentity, max = 3): string {
  const { entries } = identity;
  if (entries.length === 0) return 'inga poster';
  const shown = entries.slice(0, max).map(entryLabel).join(', ');
  return entries.length > max ? `${shown} och ${entries.length - max} till` : shown;
}

export function entryCountLabel(count: number): string {
  return count === 1 ? '1 post' : `${count} poster`;
}

/** 'heat' is the same in the plural. */
export function heatsLabel(heats: number): string {
  return `${heats} heat`;
}

/** The heats of all an identity's entries. */
export function totalHeats(identity: RiderIdentity): number {
  return identity.entries.reduce((sum, entry) => sum + entry.heats, 0);
}
