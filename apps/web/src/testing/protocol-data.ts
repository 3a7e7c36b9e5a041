import type {
  Match,
  MatchSummary,
  OfficialMatchDetail,
  OfficialMatchSummary,
  Team,
} from '@speedway/contracts';
import {
  applyHeatSave,
  applyNomination,
  completedCount,
  createMatch,
  getRulebook,
  LANES,
  matchScore,
  tacticalRules,
  type Lineups,
  type MatchState,
  type Position,
  type RulebookId,
  type Side,
} from '@speedway/rules';

// Protocols built with the rules engine itself, so fixtures are always legal states.

const HOME_NAMES = [
  'Arvid Grus',
  'Bo Kurva',
  'Carl Spår',
  'Dan Vall',
  'Erik Sand',
  'Fred Res',
  'Gus Res',
];
const AWAY_NAMES = [
  'Hugo Lera',
  'Ivar Bana',
  'Jon Sten',
  'Kim Damm',
  'Leo Mull',
  'Max Res',
  'Nils Res',
];

export function makeLineups(): Lineups {
  // Rider ids are UUIDs, as the server's (a squad's riders carry the same ids): home
  // 10000000-…-00000000000n, away 20000000-…, n the line-up number.
  const side = (team: Side, names: string[], prefix: string) =>
    names.map((name, i) => ({
      rider_id: `${prefix}0000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
      name,
      team,
      lineup_no: i + 1,
    }));
  return { home: side('home', HOME_NAMES, '1'), away: side('away', AWAY_NAMES, '2') };
}

/** Finishing positions by lane ('1'–'4'); the default lets the away team win every heat 1-5. */
export type Order = readonly [Position, Position, Position, Position];

function laneOrder(state: MatchState, heatNumber: number, winner: Side): Order {
  const heat = state.heats.find((h) => h.heat_number === heatNumber)!;
  const lanes = LANES.filter((lane) => heat.riders[lane]);
  const winners = lanes.filter((lane) => heat.riders[lane]!.team === winner);
  const losers = lanes.filter((lane) => heat.riders[lane]!.team !== winner);
  // Who of each pair is ahead changes from heat to heat, so riders' totals differ.
  if (heatNumber % 3 === 0) winners.reverse();
  if (heatNumber % 2 === 0 || heatNumber % 5 === 0) losers.reverse();
  const ranked = [...winners, ...losers];
  return LANES.map((lane) => (ranked.indexOf(lane) + 1) as Position) as unknown as Order;
}

export type MatchOptions = {
  id?: string;
  rulebook?: RulebookId;
  /** Heats 1…n registered. */
  heatsDone?: number;
  /** Which team takes 1st and 2nd in each registered heat. */
  winner?: Side;
  status?: Match['status'];
};

export function buildState({
  rulebook = 'elitserien-klassisk',
  heatsDone = 0,
  winner = 'away',
}: MatchOptions = {}): MatchState {
  let state = createMatch(rulebook, makeLineups());
  const nominated = getRulebook(rulebook).nominated_heats;
  for (let n = 1; n <= heatsDone; n++) {
    if (nominated.includes(n)) {
      const picks = {
        '1': state.lineups.home[0]!.rider_id,
        '2': state.lineups.away[0]!.rider_id,
        '3': state.lineups.home[1]!.rider_id,
        '4': state.lineups.away[1]!.rider_id,
      };
      const outcome = applyNomination(state, n, { assignments: picks, home_gates: '1-3' });
      if (!outcome.ok) throw new Error(outcome.error.message);
      state = outcome.match;
    }
    const order = laneOrder(state, n, winner);
    const heat = state.heats.find((h) => h.heat_number === n)!;
    const results = LANES.map((lane, i) => ({
      rider_id: heat.riders[lane]!.rider_id,
      position: order[i]!,
      status: 'completed' as const,
    }));
    const outcome = applyHeatSave(state, n, { results });
    if (!outcome.ok) throw new Error(outcome.error.message);
    state = outcome.match;
  }
  return state;
}

export const MATCH_ID = '7d0c5a8e-4c1b-4e0a-9d55-1a2b3c4d5e6f';
export const HOME_TEAM_ID = '11111111-1111-4111-8111-111111111111';
export const AWAY_TEAM_ID = '22222222-2222-4222-8222-222222222222';

export function makeMatch(options: MatchOptions = {}): Match {
  const state = buildState(options);
  const rulebook = options.rulebook ?? 'elitserien-klassisk';
  const done = completedCount(state.heats);
  return {
    id: options.id ?? MATCH_ID,
    official_match_id: null,
    home_team_id: HOME_TEAM_ID,
    away_team_id: AWAY_TEAM_ID,
    home_team: 'Hemmalaget',
    away_team: 'Bortalaget',
    home_team_short: 'HEM',
    away_team_short: 'BOR',
    date: '2026-11-21T18:00:00.000Z',
    venue: 'Testarenan',
    competition: 'Elitserien',
    round: 8,
    status: options.status ?? (done === 0 ? 'upcoming' : done === 15 ? 'completed' : 'live'),
    created_by: '5b0a7b8e-2a6f-4d2b-9a43-0f7a3c1e9d11',
    ...matchScore(state.heats),
    completed_heats: done,
    total_heats: 15,
    created_at: '2026-11-21T17:00:00.000Z',
    updated_at: '2026-11-21T17:00:00.000Z',
    confirmed_at: null,
    heats: state.heats,
    lineups: state.lineups,
    meta: {
      rules: {
        rulebook,
        tactical: tacticalRules(rulebook),
        nominated_heats: [...getRulebook(rulebook).nominated_heats],
      },
    },
  };
}

/** A protocol as the list of them gives it (GET /api/matches): without heats, line-ups or rules. */
export function makeMatchSummary(options: MatchOptions = {}): MatchSummary {
  const { heats: _heats, lineups: _lineups, meta: _meta, ...summary } = makeMatch(options);
  return summary;
}

let sequence = 0;

/** An official match; `start` defaults to tomorrow 19:00. */
export function makeOfficialMatch(
  overrides: Partial<OfficialMatchSummary> = {},
): OfficialMatchSummary {
  sequence += 1;
  const tomorrow = new Date();
  tomorrow.setDate(tomorrow.getDate() + 1);
  tomorrow.setHours(19, 0, 0, 0);
  return {
    id: `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    external_id: `es-${sequence}`,
    home_team_id: HOME_TEAM_ID,
    away_team_id: AWAY_TEAM_ID,
    home_team: 'Vargarna',
    away_team: 'Dackarna',
    home_short: 'VAR',
    away_short: 'DAC',
    start: tomorrow.toISOString(),
    venue: 'Norrköping Motorstadion',
    league: 'Elitserien',
    competition: 'Elitserien',
    season: tomorrow.getFullYear(),
    round: 8,
    status: 'upcoming',
    home_score: null,
    away_score: null,
    tv: null,
    referee: null,
    rulebook: 'elitserien-klassisk',
    lineups_ready: true,
    consumedByCurrentUser: false,
    protocol_id: null,
    // Newer contracts add the saved protocol's id; older ones do not know it (hence the cast).
    user_match_id: null,
    followed: false,
    ...overrides,
  } as OfficialMatchSummary;
}

export function makeOfficialDetail(
  overrides: Partial<OfficialMatchSummary> = {},
): OfficialMatchDetail {
  const state = buildState();
  return {
    ...makeOfficialMatch(overrides),
    heats: state.heats,
    lineups: state.lineups,
    result: null,
  };
}

/** An official match as the list of them gives it (GET /api/official-matches). */
export function officialSummaryOf(match: OfficialMatchDetail): OfficialMatchSummary {
  const { heats: _heats, lineups: _lineups, result: _result, ...summary } = match;
  return summary;
}

/** A date `days` from today at the given hour (local time). */
export function dayAt(days: number, hour: number, minute = 0): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  date.setHours(hour, minute, 0, 0);
  return date.toISOString();
}

export function makeTeam(overrides: Partial<Team> = {}): Team {
  return {
    id: HOME_TEAM_ID,
    slug: 'vargarna',
    name: 'Vargarna',
    city: 'Norrköping',
    short: 'VAR',
    arena: 'Norrköping Motorstadion',
    rank: 1,
    matches_played: 7,
    wins: 6,
    draws: 0,
    losses: 1,
    heat_points_for: 344,
    heat_points_against: 286,
    heat_point_difference: 58,
    bonus_points: 0,
    points: 12,
    form: ['V', 'V', 'F', 'V', 'V'],
    riders: [],
    ...overrides,
  };
}
