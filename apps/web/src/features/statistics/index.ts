// The season statistics (issue 28): /statistik, /forare/{id} and /lag/{id}. Routes import the
// views; the first script's queries (app/page-queries.ts) take the query options.
export { getRiderRankingQueryOptions } from './api/get-rider-ranking';
export { getRiderStatsQueryOptions } from './api/get-rider-stats';
export { getTeamStatsQueryOptions } from './api/get-team-stats';
