import type {
  HeadToHeadReply,
  RiderRanking,
  RiderSeasonLineReply,
  RiderStats,
  StatsTeamRef,
  TeamSeasonStats,
} from '@speedway/contracts';

// Statistics replies as the server sends them (packages/contracts/src/statistics.ts), for the
// screens' tests. Figures are made to be checked by hand: average = points ÷ heats.

export const VARGARNA: StatsTeamRef = {
  id: '0b000000-0000-4000-8000-000000000001',
  name: 'Vargarna',
  short: 'VAR',
};
export const DACKARNA: StatsTeamRef = {
  id: '0b000000-0000-4000-8000-000000000002',
  name: 'Dackarna',
  short: 'DAC',
};

let sequence = 0;

/** A rider's season line; average and paid average follow from points, bonus and heats. */
export function riderLine(
  name: string,
  team: StatsTeamRef,
  figures: Partial<RiderSeasonLineReply> & { heats: number; points: number },
): RiderSeasonLineReply {
  sequence += 1;
  const bonus = figures.bonus_points ?? 0;
  return {
    rider_id: `0a000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    name,
    teams: [team],
    matches: Math.ceil(figures.heats / 5),
    bonus_points: bonus,
    average: figures.heats > 0 ? figures.points / figures.heats : 0,
    paid_average: figures.heats > 0 ? (figures.points + bonus) / figures.heats : 0,
    wins: 0,
    full_maximums: 0,
    paid_maximums: 0,
    exclusions: 0,
    codes: {},
    ...figures,
  };
}

/** Leon Madsen's 2012 (171 points in 86 heats = 1,988), and riders around him. */
export const MADSEN = riderLine('Leon Madsen', VARGARNA, {
  heats: 86,
  points: 171,
  bonus_points: 9,
  matches: 18,
  wins: 40,
  full_maximums: 1,
  paid_maximums: 2,
});
export const ANDERSSON = riderLine('Erik Andersson', DACKARNA, {
  heats: 60,
  points: 130,
  bonus_points: 2,
  matches: 14,
  wins: 30,
  full_maximums: 4,
});
export const BERG = riderLine('Anton Berg', VARGARNA, {
  heats: 12,
  points: 30,
  matches: 4,
  wins: 8,
});
export const ZETTERBERG = riderLine('Örjan Zetterberg', DACKARNA, {
  heats: 40,
  points: 50,
  bonus_points: 12,
  matches: 12,
  wins: 5,
});

export const RANKING_2012: RiderRanking = {
  season: 2012,
  seasons: [2012, 2011],
  riders: [ZETTERBERG, MADSEN, BERG, ANDERSSON],
};

const gate = (gate: 1 | 2 | 3 | 4, starts: number, wins: number, points: number) => ({
  gate,
  starts,
  wins,
  points,
  points_per_start: starts > 0 ? points / starts : 0,
});

export const MADSEN_STATS: RiderStats = {
  rider: { id: MADSEN.rider_id, name: MADSEN.name },
  season: 2012,
  seasons: [2012, 2011],
  line: MADSEN,
  gates: [gate(1, 22, 12, 48), gate(2, 21, 10, 42), gate(3, 22, 9, 41), gate(4, 21, 9, 40)],
  kinds: [
    { kind: 'programmed', heats: 72, points: 140, bonus_points: 8 },
    { kind: 'reserve', heats: 4, points: 7, bonus_points: 0 },
    { kind: 'tactical', heats: 2, points: 6, bonus_points: 0 },
    { kind: 'nominated', heats: 8, points: 18, bonus_points: 1 },
  ],
  matches: [
    {
      match_id: '0c000000-0000-4000-8000-000000000002',
      starts_at: '2012-09-11T17:00:00.000Z',
      team: VARGARNA,
      opponent: DACKARNA,
      side: 'away',
      heats: 5,
      points: 12,
      bonus_points: 1,
      marks: ['3', '3', '2*', '3', '1'],
    },
  ],
  opponents: [
    { rider_id: ANDERSSON.rider_id, name: ANDERSSON.name, met: 2, ahead: 1, behind: 1 },
    { rider_id: ZETTERBERG.rider_id, name: ZETTERBERG.name, met: 1, ahead: 1, behind: 0 },
  ],
};

const ride = (
  team: StatsTeamRef,
  gateNo: 1 | 2 | 3 | 4,
  position: number,
  status: 'completed' | 'excluded' = 'completed',
) => ({
  gate: gateNo,
  team,
  position,
  status,
  points: status === 'excluded' ? 0 : [0, 3, 2, 1, 0][position]!,
  code: status === 'excluded' ? 'X' : null,
});

export const MADSEN_ANDERSSON: HeadToHeadReply = {
  season: 2012,
  rider: { id: MADSEN.rider_id, name: MADSEN.name },
  opponent: { id: ANDERSSON.rider_id, name: ANDERSSON.name },
  met: 2,
  ahead: 1,
  behind: 1,
  meetings: [
    {
      match_id: '0c000000-0000-4000-8000-000000000001',
      starts_at: '2012-05-08T17:00:00.000Z',
      heat_number: 4,
      rider: ride(VARGARNA, 1, 1),
      opponent: ride(DACKARNA, 2, 3),
      ahead: 'rider',
    },
    {
      match_id: '0c000000-0000-4000-8000-000000000002',
      starts_at: '2012-09-11T17:00:00.000Z',
      heat_number: 13,
      rider: ride(VARGARNA, 3, 0, 'excluded'),
      opponent: ride(DACKARNA, 4, 2),
      ahead: 'opponent',
    },
  ],
};

const venue = (
  matches: number,
  wins: number,
  draws: number,
  forPoints: number,
  against: number,
) => ({
  matches,
  wins,
  draws,
  losses: matches - wins - draws,
  points_for: forPoints,
  points_against: against,
});

export const VARGARNA_2012: TeamSeasonStats = {
  team: VARGARNA,
  season: 2012,
  seasons: [2012],
  home: venue(2, 2, 0, 100, 80),
  away: venue(2, 0, 1, 84, 96),
  form: [
    {
      match_id: '0c000000-0000-4000-8000-000000000001',
      starts_at: '2012-05-08T17:00:00.000Z',
      side: 'home',
      opponent: DACKARNA,
      score_for: 50,
      score_against: 40,
      result: 'V',
    },
    {
      match_id: '0c000000-0000-4000-8000-000000000002',
      starts_at: '2012-09-11T17:00:00.000Z',
      side: 'away',
      opponent: DACKARNA,
      score_for: 45,
      score_against: 45,
      result: 'O',
    },
  ],
  gates: {
    all: MADSEN_STATS.gates,
    home: MADSEN_STATS.gates,
    away: MADSEN_STATS.gates,
  },
  riders: [MADSEN, BERG],
};
