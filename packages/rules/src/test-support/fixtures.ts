import {
  applyHeatSave,
  applyNomination,
  createMatch,
  heatOf,
  isHeatComplete,
  laneRiders,
  nominationCandidates,
  type Failure,
  type GateSet,
  type Heat,
  type HeatSaveInput,
  type Lane,
  type LineupRider,
  type Lineups,
  type MatchState,
  type Position,
  type ResultInput,
  type RulebookId,
  type Side,
} from '../index';

// Fictional squads (the project shows no real names unless imported from real data).
const NAMES: Record<Side, string[]> = {
  home: ['Alva Ek', 'Bo Lind', 'Cilla Ström', 'Dan Berg', 'Eva Holm', 'Frej Dahl', 'Gun Sjö'],
  away: ['Hugo Ås', 'Ida Vik', 'Jon Strand', 'Kim Lund', 'Lo Borg', 'Max Sand', 'Nils Fors'],
};

export function lineups(count = 7): Lineups {
  const team = (side: Side): LineupRider[] =>
    NAMES[side].slice(0, count).map((name, i) => ({
      rider_id: `${side[0]}${i + 1}`,
      name,
      team: side,
      lineup_no: i + 1,
    }));
  return { home: team('home'), away: team('away') };
}

export function newMatch(rulebook: RulebookId = 'elitserien-klassisk'): MatchState {
  return createMatch(rulebook, lineups());
}

export function heat(match: MatchState, n: number): Heat {
  const found = heatOf(match, n);
  if (!found) throw new Error(`no heat ${n}`);
  return found;
}

export function riderIn(match: MatchState, n: number, lane: Lane): string {
  const rider = heat(match, n).riders[lane];
  if (!rider) throw new Error(`no rider in heat ${n} lane ${lane}`);
  return rider.rider_id;
}

/** Results in lane order; position 0 means excluded. */
export function byLane(h: Heat, positions: readonly number[]): ResultInput[] {
  return laneRiders(h.riders).map((rider, i) => {
    const position = (positions[i] ?? 0) as Position;
    return {
      rider_id: rider.rider_id,
      position,
      status: position === 0 ? 'excluded' : 'completed',
    };
  });
}

/** A 5–1 for `side`. */
export function sideWins(h: Heat, side: Side): ResultInput[] {
  let mine = 1;
  let theirs = 3;
  return laneRiders(h.riders).map((rider) => ({
    rider_id: rider.rider_id,
    position: (rider.team === side ? mine++ : theirs++) as Position,
    status: 'completed',
  }));
}

export function expectOk<T extends { ok: true }>(outcome: T | Failure): T {
  if (!outcome.ok) throw new Error(`${outcome.error.code}: ${outcome.error.message}`);
  return outcome;
}

export function expectError(outcome: { ok: boolean } | Failure): Failure['error'] {
  if (outcome.ok) throw new Error('expected a failure');
  return (outcome as Failure).error;
}

export function save(match: MatchState, n: number, input: HeatSaveInput): MatchState {
  return expectOk(applyHeatSave(match, n, input)).match;
}

/** Nominates the two best candidates of each team. */
export function nominate(match: MatchState, n: number, homeGates: GateSet = '1-3'): MatchState {
  const [h1, h2] = nominationCandidates(match, n, 'home').map((c) => c.rider_id);
  const [a1, a2] = nominationCandidates(match, n, 'away').map((c) => c.rider_id);
  const assignments =
    homeGates === '1-3'
      ? { '1': h1, '2': a1, '3': h2, '4': a2 }
      : { '1': a1, '2': h1, '3': a2, '4': h2 };
  return expectOk(applyNomination(match, n, { assignments, home_gates: homeGates })).match;
}

/** Plays the heats up to `upTo` not yet complete; `winner` picks each heat's 5–1, lane order 1-2-3-4 otherwise. */
export function play(
  match: MatchState,
  upTo: number,
  winner: (n: number) => Side | null = () => null,
): MatchState {
  let current = match;
  for (let n = 1; n <= upTo; n += 1) {
    if (isHeatComplete(heat(current, n))) continue;
    if (laneRiders(heat(current, n).riders).length < 4) current = nominate(current, n);
    const side = winner(n);
    const h = heat(current, n);
    current = save(current, n, { results: side ? sideWins(h, side) : byLane(h, [1, 2, 3, 4]) });
  }
  return current;
}
