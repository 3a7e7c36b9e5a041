import { officialToHeats } from '../../official';
import { expectOk } from '../../test-support/fixtures';
import { reference, riderId } from '../../test-support/reference';
import type { Helmet, LineupRider, Lineups, Position, ResultCode, Side } from '../../types';
import type { OfficialHeat } from '../../official';
import type { RulebookId } from '../../rulebooks';
import type { StatsMatch } from '../types';

/** An official match in the statistics' shape: heats through the import's conversion. */
export function statsMatch(
  id: string,
  match: {
    rulebook: RulebookId;
    lineups: Lineups;
    home_score: number;
    away_score: number;
    heats: readonly OfficialHeat[];
  },
  teams: { home: string; away: string; starts_at?: string | null; season?: number },
): StatsMatch {
  return {
    id,
    season: teams.season ?? null,
    starts_at: teams.starts_at ?? null,
    rulebook: match.rulebook,
    home_team_id: teams.home,
    away_team_id: teams.away,
    home_score: match.home_score,
    away_score: match.away_score,
    lineups: match.lineups,
    heats:
      match.heats.length === 0
        ? []
        : expectOk(officialToHeats(match.rulebook, match.lineups, { heats: match.heats })).heats,
  };
}

/** Indianerna 37–53 Västervik (test-support/kumla-vastervik-2019.json); rider ids h1…a7. */
export const kumla = (starts_at: string | null = null): StatsMatch =>
  statsMatch('kumla-vastervik', reference, {
    home: 'indianerna',
    away: 'vastervik',
    starts_at,
    season: 2019,
  });

function lineup(side: Side, names: readonly string[]): LineupRider[] {
  return names.map((name, i) => ({
    rider_id: riderId(side, i + 1),
    name,
    team: side,
    lineup_no: i + 1,
  }));
}

/**
 * Piraterna 56–34 Hammarby, 2012-07-24 (Svemo TA's scorecard, CompetitionId 1259, saved in
 * ../shared/sources/svemo-ta/2012/scorecard_pir_ham_2012.html): the heats as the sync reads them
 * (apps/server/src/features/official/svemo-ta/scorecard-to-match.test.ts), written
 * "gate team number[/replaced] helmet position-or-ex [code]". Codes, rider replacements (RR) and
 * a tactical reserve (heat 9) are all in it.
 */
const PIR_HAM_HEATS: Record<number, string> = {
  1: '1H2 blå 1, 2A1 vit 2, 3H1 röd 3, 4A2 gul 4',
  2: '1A7 gul 1, 2H6 röd 2, 3A6 vit 3, 4H7 blå 4 R',
  3: '1H2/3 röd 1 RR, 2A3 vit 4, 3H4 blå 2, 4A4 gul 3',
  4: '1A5 vit 3, 2H5 blå 2, 3A7 gul 4, 4H6 röd 1',
  5: '1H7 blå 1, 2A4 gul 4, 3H2 röd 2, 4A6 vit 3',
  6: '1A2 gul 4, 2H6/3 röd 1 RR, 3A1 vit 3, 4H4 blå 2',
  7: '1A4 gul 1, 2H1 röd 3, 3A3 vit 2, 4H2 blå ex X',
  8: '1H4 blå 1, 2A7 gul 3, 3H7/3 röd 2 RR, 4A5 vit 4',
  9: '1H5 blå 1, 2A4/2 gul 2, 3H6 röd 4, 4A1 vit 3',
  10: '1A6 vit 3, 2H7 blå 2, 3A5 gul ex M, 4H1 röd 1',
  11: '1H6 röd ex FX, 2A6 vit 1, 3H7 blå 3, 4A7 gul 2',
  12: '1A3 vit 2, 2H4 blå 1, 3A2 gul 4, 4H5 röd 3',
  13: '1A1 vit 1, 2H2 blå 3, 3A4 gul 4, 4H4/3 röd 2 RR',
  14: '1H1 röd 1, 2A5 gul 2, 3H5 blå 4, 4A3 vit 3',
  15: '1H2 röd 1, 2A1 vit 3, 3H1 blå 2, 4A3 gul 4 F',
};

function parseHeat(heat: number, text: string): OfficialHeat {
  return {
    heat,
    riders: text.split(', ').map((ride) => {
      const [slot, helmet, place, code] = ride.split(' ') as [string, Helmet, string, ResultCode?];
      const [, gate, team, no, replaces] = /^(\d)([HA])(\d)(?:\/(\d))?$/.exec(slot)!;
      return {
        gate: Number(gate),
        team: team as 'H' | 'A',
        no: Number(no),
        helmet,
        position: (place === 'ex' ? 0 : Number(place)) as Position,
        status: place === 'ex' ? ('excluded' as const) : ('completed' as const),
        ...(replaces ? { replaces: Number(replaces) } : {}),
        ...(code ? { code } : {}),
      };
    }),
  };
}

export const pirHam = {
  rulebook: 'elitserien-klassisk' as const,
  lineups: {
    home: lineup('home', [
      'Chris Holder',
      'Linus Sundström',
      'Maciej Janowski',
      'Przemyslaw Pawlicki',
      'Greg Hancock',
      'Grzegorz Zengota',
      'Anton Rosén',
    ]),
    away: lineup('away', [
      'Grzegorz Walasek',
      'Sebastian Aldén',
      'Adrian Miedzinski',
      'Dennis Andersson',
      'Magnus Zetterström',
      'Kamil Brzozowski',
      'Rory Schlein',
    ]),
  },
  home_score: 56,
  away_score: 34,
  heats: Object.entries(PIR_HAM_HEATS).map(([n, text]) => parseHeat(Number(n), text)),
  /** The page's own S:a (points) and H (rides counted) per rider. */
  published: {
    h1: [10, 5],
    h2: [12, 6],
    h3: [0, 0],
    h4: [12, 5],
    h5: [6, 4],
    h6: [8, 5],
    h7: [8, 5],
    a1: [8, 5],
    a2: [0, 3],
    a3: [5, 5],
    a4: [6, 5],
    a5: [3, 4],
    a6: [6, 4],
    a7: [6, 4],
  } as Record<string, [points: number, heats: number]>,
};

export const pirHamMatch = (): StatsMatch =>
  statsMatch('pir-ham', pirHam, {
    home: 'piraterna',
    away: 'hammarby',
    starts_at: '2012-07-24T19:00:00+02:00',
    season: 2012,
  });
