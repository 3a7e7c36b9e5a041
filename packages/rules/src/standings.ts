export interface StandingsTeam {
  id: string;
  name: string;
}

/** A played match's official result between two teams (by id). */
export interface PlayedMatch {
  home: string;
  away: string;
  home_score: number;
  away_score: number;
}

export type FormMark = 'V' | 'O' | 'F';

export interface StandingsRow {
  rank: number;
  team_id: string;
  name: string;
  played: number;
  wins: number;
  draws: number;
  losses: number;
  heat_points_for: number;
  heat_points_against: number;
  heat_point_difference: number;
  /** Aggregate bonus points (one per won home-and-away pair). */
  bonus_points: number;
  points: number;
  /** The last five results, oldest first and newest last. */
  form: FormMark[];
}

export const POINTS_FOR_WIN = 2;
export const POINTS_FOR_DRAW = 1;
export const FORM_LENGTH = 5;

function outcome(own: number, other: number): FormMark {
  if (own === other) return 'O';
  return own > other ? 'V' : 'F';
}

/**
 * Aggregate bonus: when two teams have met at both home grounds, the better aggregate over the two
 * matches earns one point; an equal aggregate earns nobody a point. With only one of the two played
 * nothing is awarded yet. Further meetings pair up in order (second home with second away).
 */
function aggregateBonus(
  teams: readonly StandingsTeam[],
  played: readonly PlayedMatch[],
): Map<string, number> {
  const bonus = new Map<string, number>();
  const meetings = (home: string, away: string) =>
    played.filter((m) => m.home === home && m.away === away);
  teams.forEach((a, i) => {
    for (const b of teams.slice(i + 1)) {
      const atA = meetings(a.id, b.id);
      const atB = meetings(b.id, a.id);
      atA.forEach((first, k) => {
        const second = atB[k];
        if (!second) return;
        const forA = first.home_score + second.away_score;
        const forB = first.away_score + second.home_score;
        if (forA === forB) return;
        const winner = forA > forB ? a.id : b.id;
        bonus.set(winner, (bonus.get(winner) ?? 0) + 1);
      });
    }
  });
  return bonus;
}

/**
 * The league table from official results, given oldest first (form reads in that order). Matches
 * involving a team not in `teams`, or a team against itself, are ignored. Ranked by points, then
 * heat-point difference, then name (Swedish collation); ranks are not shared.
 */
export function standings(
  teams: readonly StandingsTeam[],
  results: readonly PlayedMatch[],
): StandingsRow[] {
  const known = (id: string) => teams.some((team) => team.id === id);
  const played = results.filter((m) => m.home !== m.away && known(m.home) && known(m.away));
  const bonus = aggregateBonus(teams, played);
  const rows = teams.map((team) => {
    const own = played.flatMap((m) => {
      if (m.home === team.id) return [{ for: m.home_score, against: m.away_score }];
      return m.away === team.id ? [{ for: m.away_score, against: m.home_score }] : [];
    });
    const marks = own.map((m) => outcome(m.for, m.against));
    const count = (mark: FormMark) => marks.filter((m) => m === mark).length;
    const heatFor = own.reduce((sum, m) => sum + m.for, 0);
    const heatAgainst = own.reduce((sum, m) => sum + m.against, 0);
    const bonusPoints = bonus.get(team.id) ?? 0;
    return {
      rank: 0,
      team_id: team.id,
      name: team.name,
      played: own.length,
      wins: count('V'),
      draws: count('O'),
      losses: count('F'),
      heat_points_for: heatFor,
      heat_points_against: heatAgainst,
      heat_point_difference: heatFor - heatAgainst,
      bonus_points: bonusPoints,
      points: count('V') * POINTS_FOR_WIN + count('O') * POINTS_FOR_DRAW + bonusPoints,
      form: marks.slice(-FORM_LENGTH),
    };
  });
  rows.sort(
    (x, y) =>
      y.points - x.points ||
      y.heat_point_difference - x.heat_point_difference ||
      x.name.localeCompare(y.name, 'sv'),
  );
  return rows.map((row, i) => ({ ...row, rank: i + 1 }));
}
