import type { Nomination } from '@speedway/contracts';
import { GATE_SETS, gateTeam, LANES, type GateSet, type Lane, type Side } from '@speedway/rules';

/** The nomination dialog's input: the home team's gate set, then a rider per gate. */
export type NominationDraft = { gates: GateSet | null; picks: Partial<Record<Lane, string>> };

export const EMPTY_NOMINATION: NominationDraft = { gates: null, picks: {} };

export type NominationStep = 1 | 2 | 3;

/** Step 2 is the home team's, step 3 the away team's. */
export const STEP_SIDE: Record<2 | 3, Side> = { 2: 'home', 3: 'away' };

export function gatesOf(gates: GateSet, side: Side): Lane[] {
  return LANES.filter((lane) => gateTeam(gates, lane) === side);
}

/** Changing the gate set clears the picks (docs/spec/2-matches-protocols-admin.md §4). */
export function chooseGates(draft: NominationDraft, gates: GateSet): NominationDraft {
  return draft.gates === gates ? draft : { gates, picks: {} };
}

export function pickRider(draft: NominationDraft, lane: Lane, riderId: string): NominationDraft {
  return { ...draft, picks: { ...draft.picks, [lane]: riderId } };
}

/** Next is enabled only when the step is filled. */
export function stepFilled(draft: NominationDraft, step: NominationStep): boolean {
  if (!draft.gates) return false;
  if (step === 1) return true;
  return gatesOf(draft.gates, STEP_SIDE[step]).every((lane) => Boolean(draft.picks[lane]));
}

/** The spec's payload: all four gates, the home gate set and each team's riders. */
export function nominationPayload(draft: NominationDraft): Nomination | null {
  const { gates } = draft;
  if (!gates || !stepFilled(draft, 2) || !stepFilled(draft, 3)) return null;
  const idsOf = (side: Side) => gatesOf(gates, side).map((lane) => draft.picks[lane] as string);
  return {
    assignments: Object.fromEntries(LANES.map((lane) => [lane, draft.picks[lane] as string])),
    home_gates: gates,
    home: idsOf('home'),
    away: idsOf('away'),
  };
}

/** The current nomination of a heat as a draft, so redoing it starts from what is there. */
export function draftFromRiders(
  riders: Partial<Record<Lane, { rider_id: string; team: Side }>>,
): NominationDraft {
  const gates = GATE_SETS.find((set) =>
    LANES.every((lane) => riders[lane]?.team === gateTeam(set, lane)),
  );
  if (!gates) return EMPTY_NOMINATION;
  const picks: NominationDraft['picks'] = {};
  for (const lane of LANES) {
    const rider = riders[lane];
    if (rider) picks[lane] = rider.rider_id;
  }
  return { gates, picks };
}
