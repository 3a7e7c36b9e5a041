// Season statistics from official heats (issue 28): what each figure means. Everything is counted
// from the stored official heats of one season's matches (StatsMatch, types.ts), each heat scored
// by the engine from its positions (scoring.ts scoreResults: 3-2-1-0 and the bonus), the same way
// as a match's rider lines (stats.ts riderLines). Pure: the server and the web run the same code.
//
// A rider (RiderSeasonLine, RiderSeason):
// - ride: a heat with a result for him; an exclusion is a ride, as Svemo counts "Heat". A rider
//   replaced before the start (Svemo's RR or N in his place) has no ride; his stand-in has.
// - matches: matches with at least one ride. heats: rides. points: 3-2-1-0 by position, no bonus.
// - bonus_points: a point for 2nd behind a team-mate in 1st or 3rd behind a team-mate in 2nd.
// - average: points ÷ heats, Svemo's "Löp. snitt" (formatAverage shows it as "1,988");
//   paid_average: (points + bonus) ÷ heats. Both 0 without heats.
// - wins: rides finished 1st. exclusions: rides with status 'excluded'.
// - codes: rides per Svemo code other than OK (N, FN, F, FX, X, TT, R, RR, M), as the official
//   source gave them (official.ts keeps them on the heat's results); files without codes give {}.
// - full_maximums: matches with at least MAXIMUM_MIN_RIDES (4) rides, every one won.
//   paid_maximums: matches with as many rides, every one won or 2nd behind a team-mate (3 with the
//   bonus), not all won. Told by positions (lines.ts maximumOf).
// - gates: per gate 1–4, always all four: starts, wins, points, points per start.
// - kinds (rides.ts matchRides): 'nominated' in a nominated heat (heat 15; 14 and 15 in
//   elitserien-2019); 'programmed' on the gate the programme gives him; 'tactical' a stand-in as a
//   tactical reserve (a protocol heat's flag, or for an official heat one the tactical rules allow
//   and the source does not mark RR); 'reserve' any other stand-in.
// - matches (per match, newest first): his line on that scorecard, marks as stats.ts rideMark.
// - opponents: everyone he met in a heat (team-mates too), most meetings first, with how often
//   he finished ahead and behind (meetings.ts aheadOf: placed beats excluded; two excluded: nobody).
// A team (TeamSeason):
// - home, away: matches, wins (V), draws (O), losses (F) and points for and against from the
//   official totals (home_score, away_score), matches without heats included; form: every match.
// - gates: its riders' starts per gate, all, at home and away.
// - riders: its riders' lines counted in this team's matches only, best average first.
// Head to head (headToHead): every heat where both rode, oldest first, and who finished ahead.
// The ranking (rankRiders): sort and filters, the one order of the API and the screens.
export * from './types';
export { formatAverage } from './format';
export { MAXIMUM_MIN_RIDES } from './lines';
export {
  maximumsOf,
  rankRiders,
  RIDER_RANK_SORTS,
  type RankOptions,
  type RiderRankSort,
} from './rank';
export { seasonStatistics, type SeasonStatistics } from './season';
export { headToHead } from './head-to-head';
