import type { Lineups, LineupRider, OfficialHeat, RulebookId, Side } from '../index';
import raw from './kumla-vastervik-2019.json' with { type: 'json' };

export interface ReferenceMatch {
  rulebook: RulebookId;
  lineups: Lineups;
  home_score: number;
  away_score: number;
  heats: OfficialHeat[];
  running: Record<string, string>;
  riderLines: Record<string, string>;
  riderPoints: Record<Side, Record<string, number>>;
  riderBonus: Record<Side, Record<string, number>>;
}

export function riderId(team: 'H' | 'A' | Side, no: number): string {
  return `${team === 'H' || team === 'home' ? 'h' : 'a'}${no}`;
}

/** The reference match in the engine's shapes; rider ids are h1..h7 and a1..a7. */
export function referenceMatch(): ReferenceMatch {
  const match = raw.matches[0];
  if (!match) throw new Error('reference match missing');
  const team = (side: Side): LineupRider[] =>
    Object.entries(match.lineups[side]).map(([no, name]) => ({
      rider_id: riderId(side, Number(no)),
      name,
      team: side,
      lineup_no: Number(no),
    }));
  return {
    rulebook: match.rulebook as RulebookId,
    lineups: { home: team('home'), away: team('away') },
    home_score: match.result.home_score,
    away_score: match.result.away_score,
    heats: match.result.heats as OfficialHeat[],
    running: raw.expected.running_score_after_heat,
    riderLines: raw.expected.rider_lines,
    riderPoints: raw.expected.rider_points,
    riderBonus: raw.expected.rider_bonus,
  };
}
