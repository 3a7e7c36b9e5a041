import {
  applyHeatSave,
  applyNomination,
  getRulebook,
  heatOf,
  isNominatedHeat,
  LANES,
  type GateSet,
  type Lane,
  type LineupRider,
  type Lineups,
  type MatchState,
  type OfficialHeat,
  type RulebookId,
  type Side,
} from '../index';
import { expectOk } from './fixtures';
import kumla from './kumla-vastervik-2019.json' with { type: 'json' };
import synthetic from './synthetic-klassisk.json' with { type: 'json' };

/** An official-data match with the values published (or worked out by hand) for it. */
export interface OfficialFixture {
  rulebook: RulebookId;
  lineups: Lineups;
  home_score: number;
  away_score: number;
  heats: OfficialHeat[];
  running: Record<string, string>;
  riderLines: Record<string, string>;
}

interface OfficialFile {
  matches: {
    rulebook: string;
    lineups: Record<Side, Record<string, string>>;
    result: { home_score: number; away_score: number; heats: unknown[] };
  }[];
  expected: {
    running_score_after_heat: Record<string, string>;
    rider_lines: Record<string, string>;
  };
}

export function riderId(team: 'H' | 'A' | Side, no: number): string {
  return `${team === 'H' || team === 'home' ? 'h' : 'a'}${no}`;
}

/** The file's match in the engine's shapes; rider ids are h1..h7 and a1..a7. */
function load(file: OfficialFile): OfficialFixture {
  const match = file.matches[0]!;
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
    running: file.expected.running_score_after_heat,
    riderLines: file.expected.rider_lines,
  };
}

export const reference = {
  ...load(kumla),
  riderPoints: kumla.expected.rider_points,
  riderBonus: kumla.expected.rider_bonus,
};
export const syntheticMatch = {
  ...load(synthetic),
  candidates: synthetic.expected.heat_15_candidates,
};

export function laneOf(gate: number): Lane {
  const lane = LANES.find((l) => l === String(gate));
  if (!lane) throw new Error(`gate ${gate}`);
  return lane;
}

/**
 * Registers one official heat as a user would: the nomination for a nominated heat, then the
 * riders who differ from the heat (with manual unlock for R/R, as a tactical reserve otherwise)
 * and the results.
 */
export function replayHeat(match: MatchState, official: OfficialHeat): MatchState {
  const n = official.heat;
  const ids = (team: 'H' | 'A') =>
    official.riders.filter((r) => r.team === team).map((r) => riderId(team, r.no));
  const assignments = Object.fromEntries(
    official.riders.map((r) => [laneOf(r.gate), riderId(r.team, r.no)]),
  );
  let current = match;
  if (isNominatedHeat(getRulebook(match.rulebook), n)) {
    const homeGate = official.riders.find((r) => r.team === 'H')!.gate;
    const home_gates: GateSet = homeGate % 2 === 1 ? '1-3' : '2-4';
    current = expectOk(
      applyNomination(current, n, { assignments, home_gates, home: ids('H'), away: ids('A') }),
    ).match;
  }
  const heat = heatOf(current, n)!;
  const changed = Object.fromEntries(
    Object.entries(assignments).filter(([lane, id]) => heat.riders[lane as Lane]?.rider_id !== id),
  );
  const rr = official.riders.some((r) => r.code === 'RR');
  const results = official.riders.map((r) => ({
    rider_id: riderId(r.team, r.no),
    position: r.position,
    status: r.status,
  }));
  return expectOk(applyHeatSave(current, n, { assignments: changed, results, rr })).match;
}
