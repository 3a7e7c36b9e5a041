import type {
  MatchSummary,
  SavedMatch,
  SavedMatchSummary,
  SaveProtocolResponse,
} from '@speedway/contracts';
import {
  applyHeatSave,
  applyNomination,
  compareWithOfficial,
  createMatch,
  getRulebook,
  LANES,
  matchScore,
  matchStats,
  nominationCandidates,
  SIDES,
  type Heat,
  type Lineups,
  type MatchState,
  type Position,
  type Side,
} from '@speedway/rules';

// Saved matches for the tests, played through the rules engine so that every heat, score,
// statistic and difference is one the server could have sent.

export const USER_ID = '5b0a7b8e-2a6f-4d2b-9a43-0f7a3c1e9d11';
export const SAVED_ID = '3f1c2b4a-5d6e-4f70-8a91-b2c3d4e5f601';
export const PROTOCOL_ID = '7d0c5a8e-4c1b-4e0a-9d55-1a2b3c4d5e6f';
const RULEBOOK = 'elitserien-klassisk';

function lineups(): Lineups {
  const side = (team: Side, names: string[], prefix: string) =>
    names.map((name, i) => ({ rider_id: `${prefix}${i + 1}`, name, team, lineup_no: i + 1 }));
  return {
    home: side(
      'home',
      [
        'Algot Grusberg',
        'Vilgot Kurvqvist',
        'Edvin Spår',
        'Harry Vall',
        'Ivan Sand',
        'Ture Res',
        'Olle Res',
      ],
      'h',
    ),
    away: side(
      'away',
      [
        'Lage Kustgrus',
        'Melker Fyrbåk',
        'Nils Damm',
        'Otto Mull',
        'Pelle Lera',
        'Svante Res',
        'Rune Res',
      ],
      'a',
    ),
  };
}

/** Which team takes 1st and 2nd in a heat: the home team in odd heats, the away team in even. */
function winnerOf(heatNumber: number): Side {
  return heatNumber % 2 === 1 ? 'home' : 'away';
}

function order(state: MatchState, heatNumber: number, winner: Side): Map<string, Position> {
  const heat = state.heats.find((h) => h.heat_number === heatNumber)!;
  const riders = LANES.flatMap((lane) => heat.riders[lane] ?? []);
  const ranked = [
    ...riders.filter((r) => r.team === winner),
    ...riders.filter((r) => r.team !== winner),
  ];
  return new Map(ranked.map((rider, i) => [rider.rider_id, (i + 1) as Position]));
}

/** All fifteen heats; `flip` turns the order of one heat round (to make an official result differ). */
export function playedState(flip?: number): MatchState {
  let state = createMatch(RULEBOOK, lineups());
  for (let n = 1; n <= 15; n++) {
    if (getRulebook(RULEBOOK).nominated_heats.includes(n)) {
      const [h1, h2] = nominationCandidates(state, n, 'home');
      const [a1, a2] = nominationCandidates(state, n, 'away');
      const assignments = {
        '1': h1!.rider_id,
        '2': a1!.rider_id,
        '3': h2!.rider_id,
        '4': a2!.rider_id,
      };
      const nominated = applyNomination(state, n, { assignments, home_gates: '1-3' });
      if (!nominated.ok) throw new Error(nominated.error.message);
      state = nominated.match;
    }
    const winner = n === flip ? (winnerOf(n) === 'home' ? 'away' : 'home') : winnerOf(n);
    const positions = order(state, n, winner);
    const results = [...positions].map(([rider_id, position]) => ({
      rider_id,
      position,
      status: 'completed' as const,
    }));
    const saved = applyHeatSave(state, n, { results });
    if (!saved.ok) throw new Error(saved.error.message);
    state = saved.match;
  }
  return state;
}

export type SavedOptions = {
  /** none: no official result yet; same: it agrees; differs: heat 3 went the other way. */
  official?: 'none' | 'same' | 'differs';
  resolution?: SavedMatch['resolution'];
  id?: string;
};

export function makeSavedMatch({
  official = 'differs',
  resolution = null,
  id = SAVED_ID,
}: SavedOptions = {}): SavedMatch {
  const state = playedState();
  const officialHeats: Heat[] | null =
    official === 'none' ? null : official === 'same' ? state.heats : playedState(3).heats;
  const comparison =
    officialHeats && !resolution
      ? compareWithOfficial(state.heats, officialHeats)
      : { discrepancies: [], heats: [] };
  const differs = comparison.discrepancies.length > 0 || comparison.heats.length > 0;
  const stats = matchStats(state);
  const score = matchScore(state.heats);
  const officialScore = officialHeats ? matchScore(officialHeats) : null;
  return {
    id,
    match_id: PROTOCOL_ID,
    official_match_id: '00000000-0000-4000-8000-000000000001',
    status: !officialHeats ? 'complete' : differs ? 'disputed' : 'validated',
    resolution,
    resolved_at: resolution ? '2026-11-21T19:00:00.000Z' : null,
    completed_at: '2026-11-21T18:30:00.000Z',
    updated_at: '2026-11-21T18:30:00.000Z',
    match_details: {
      home_team: 'Vargarna',
      away_team: 'Dackarna',
      home_team_short: 'VAR',
      away_team_short: 'DAC',
      date: '2026-10-03T17:00:00.000Z',
      venue: 'Norrköping Motorstadion',
      competition: 'Elitserien',
      round: 1,
      rulebook: RULEBOOK,
    },
    user_results: { ...score, heats: state.heats },
    official_results:
      officialHeats && officialScore ? { ...officialScore, heats: officialHeats } : null,
    discrepancies: comparison.discrepancies,
    heat_discrepancies: comparison.heats,
    lineups: state.lineups,
    statistics: Object.fromEntries(
      SIDES.map((side) => [
        side,
        { totals: stats.teams[side], riders: stats.riders.filter((r) => r.team === side) },
      ]),
    ) as SavedMatch['statistics'],
  };
}

export function makeSaveResponse(options: SavedOptions = {}): SaveProtocolResponse {
  const saved = makeSavedMatch(options);
  return { ...saved, user_match_id: saved.id, message: 'Protokoll sparat' };
}

let sequence = 0;

export function makeSavedSummary(overrides: Partial<SavedMatchSummary> = {}): SavedMatchSummary {
  sequence += 1;
  return {
    id: `00000000-0000-4000-9000-${String(sequence).padStart(12, '0')}`,
    match_id: `00000000-0000-4000-a000-${String(sequence).padStart(12, '0')}`,
    official_match_id: null,
    home_team: 'Vargarna',
    away_team: 'Dackarna',
    home_team_short: 'VAR',
    away_team_short: 'DAC',
    date: '2026-10-03T17:00:00.000Z',
    venue: 'Norrköping Motorstadion',
    competition: 'Elitserien',
    round: 1,
    status: 'complete',
    resolution: null,
    home_score: 46,
    away_score: 44,
    official_results: null,
    completed_heats: 15,
    total_heats: 15,
    differing_heats: [],
    // 46–44 heat by heat: 14 heats of 3–3, then 4–2.
    heats: Array.from({ length: 15 }, (_, i) =>
      i < 14 ? { heat_number: i + 1, home: 3, away: 3 } : { heat_number: 15, home: 4, away: 2 },
    ),
    match: {
      id: `00000000-0000-4000-a000-${String(sequence).padStart(12, '0')}`,
      status: 'confirmed',
      home_team: 'Vargarna',
      away_team: 'Dackarna',
      date: '2026-10-03T17:00:00.000Z',
      venue: 'Norrköping Motorstadion',
    },
    completed_at: '2026-11-21T18:30:00.000Z',
    updated_at: '2026-11-21T18:30:00.000Z',
    ...overrides,
  };
}

export function makeProtocolSummary(overrides: Partial<MatchSummary> = {}): MatchSummary {
  sequence += 1;
  return {
    id: `00000000-0000-4000-b000-${String(sequence).padStart(12, '0')}`,
    official_match_id: null,
    home_team_id: null,
    away_team_id: null,
    home_team: 'Indianerna',
    away_team: 'Piraterna',
    home_team_short: 'IND',
    away_team_short: 'PIR',
    date: '2026-12-05T18:00:00.000Z',
    venue: 'Kumla Motorstadion',
    competition: 'Elitserien',
    round: 10,
    status: 'live',
    created_by: USER_ID,
    home_score: 10,
    away_score: 8,
    completed_heats: 3,
    total_heats: 15,
    created_at: '2026-11-20T18:00:00.000Z',
    updated_at: '2026-11-20T18:00:00.000Z',
    confirmed_at: null,
    ...overrides,
  };
}

/** A date `days` from now at noon, local time (noon keeps it inside the same local day). */
export function dayFromNow(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  date.setHours(12, 0, 0, 0);
  return date.toISOString();
}
