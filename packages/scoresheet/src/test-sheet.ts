import {
  applyHeatSave,
  applyNomination,
  createMatch,
  nominationCandidates,
  laneRiders,
  scoresheet,
  type Lineups,
  type MatchState,
  type Position,
  type Scoresheet,
  type ScoresheetDetails,
} from '@speedway/rules';

// A small protocol for the renderers' tests: fictional riders, one name built to break HTML and
// CSV if anything were left unescaped.

export const DETAILS: ScoresheetDetails = {
  home_team: 'Hemma <Lejonen>',
  away_team: 'Borta & Co',
  date: '2026-05-12T17:00:00.000Z',
  venue: 'Arenan',
  competition: 'Elitserien',
  round: 3,
  referee: 'Greta "Flaggan" Start',
};

export function lineups(): Lineups {
  const names = {
    home: [
      '=HYPERLINK("x")',
      'Bo Lind',
      'Cilla; Ström',
      'Dan Berg',
      'Eva Holm',
      'Frej Dahl',
      'Gun Sjö',
    ],
    away: ['Hugo Ås', 'Ida Vik', 'Jon Strand', 'Kim Lund', 'Lo Borg', 'Max Sand', 'Nils Fors'],
  };
  return {
    home: names.home.map((name, i) => ({
      rider_id: `h${i + 1}`,
      name,
      team: 'home',
      lineup_no: i + 1,
    })),
    away: names.away.map((name, i) => ({
      rider_id: `a${i + 1}`,
      name,
      team: 'away',
      lineup_no: i + 1,
    })),
  };
}

/** The first `heats` heats ridden in gate order 1-2-3-4. */
export function playedSheet(heats: number): { match: MatchState; sheet: Scoresheet } {
  let match = createMatch('elitserien-klassisk', lineups());
  for (let n = 1; n <= heats; n += 1) {
    if (n === 15) {
      const [h1, h2] = nominationCandidates(match, 15, 'home').map((c) => c.rider_id);
      const [a1, a2] = nominationCandidates(match, 15, 'away').map((c) => c.rider_id);
      const assignments = { '1': h1!, '2': a1!, '3': h2!, '4': a2! };
      const nominated = applyNomination(match, 15, { assignments, home_gates: '1-3' });
      if (!nominated.ok) throw new Error(nominated.error.message);
      match = nominated.match;
    }
    const heat = match.heats[n - 1]!;
    const results = laneRiders(heat.riders).map((rider, i) => ({
      rider_id: rider.rider_id,
      position: (i + 1) as Position,
      status: 'completed' as const,
    }));
    const saved = applyHeatSave(match, n, { results });
    if (!saved.ok) throw new Error(saved.error.message);
    match = saved.match;
  }
  return { match, sheet: scoresheet(match, DETAILS) };
}
