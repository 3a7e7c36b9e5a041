// What other features take from teams: the one fetcher and cache entry of GET /api/teams (the
// standings read the same answer). Routes import the components directly.
export { getTeamsQueryOptions, useTeams } from './api/get-teams';
