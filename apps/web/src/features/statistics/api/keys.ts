// The statistics' queries (/statistik, /forare/{id}, /lag/{id}) and the super_admin's rider
// identities (/admin/riders), under one prefix: a merge or a split changes who a rider is, so it
// invalidates them all. `season` undefined asks the server for its default (the newest season with
// official heats): a key of its own, since the reply says which season that was only once it has
// come.
type Season = number | undefined;
const seasonPart = (season: Season) => season ?? 'newest';

export const statsKeys = {
  all: ['stats'] as const,
  ranking: (season: Season) => [...statsKeys.all, 'riders', seasonPart(season)] as const,
  rider: (id: string, season: Season) =>
    [...statsKeys.all, 'rider', id, seasonPart(season)] as const,
  headToHead: (id: string, opponentId: string, season: Season) =>
    [...statsKeys.all, 'rider', id, 'head-to-head', opponentId, seasonPart(season)] as const,
  team: (id: string, season: Season) => [...statsKeys.all, 'team', id, seasonPart(season)] as const,
  /** The identities a search finds ('' for the first of all, by name). */
  identities: (q: string) => [...statsKeys.all, 'identities', q] as const,
};

/** `path?season=2012`, or the path alone for the server's default. */
export function withSeason(path: string, season: Season): string {
  return season === undefined ? path : `${path}?season=${season}`;
}
