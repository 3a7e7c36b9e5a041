import type { HeatSaveBody } from '@speedway/contracts';
import {
  applyAssignments,
  checkResults,
  heatOf,
  LANES,
  messages,
  sameResults,
  scoreResults,
  type Assignments,
  type Heat,
  type HeatRiders,
  type Lane,
  type MatchState,
  type Position,
  type ResultInput,
  type ResultStatus,
} from '@speedway/rules';

/** What the heat dialog edits, per lane: who rides and how it went (position 0 = not set). */
export type LaneEntry = { position: Position; status: ResultStatus };
export type HeatDraft = {
  riders: Partial<Record<Lane, string>>;
  entries: Partial<Record<Lane, LaneEntry>>;
  rr: boolean;
};

const EMPTY_ENTRY: LaneEntry = { position: 0, status: 'completed' };

/** Opening the dialog copies the heat (docs/spec/2-matches-protocols-admin.md §4). */
export function draftFromHeat(heat: Heat): HeatDraft {
  const riders: HeatDraft['riders'] = {};
  const entries: HeatDraft['entries'] = {};
  for (const lane of LANES) {
    const rider = heat.riders[lane];
    if (!rider) continue;
    riders[lane] = rider.rider_id;
    const result = heat.results.find((r) => r.rider_id === rider.rider_id);
    entries[lane] = result ? { position: result.position, status: result.status } : EMPTY_ENTRY;
  }
  // The unlock starts off each time: it is a deliberate step, not a property of the heat.
  return { riders, entries, rr: false };
}

/**
 * A change that no longer fits the heat on the server, as a draft on that heat: its riders where
 * it swapped them, its placings where those riders ride (the conflict screen's 'Redigera').
 */
export function draftFromChange(heat: Heat, body: HeatSaveBody): HeatDraft {
  const base = draftFromHeat(heat);
  const riders = { ...base.riders, ...body.assignments };
  const entries: HeatDraft['entries'] = {};
  for (const lane of LANES) {
    const result = body.results?.find((r) => r.rider_id === riders[lane]);
    entries[lane] = result ? { position: result.position, status: result.status } : EMPTY_ENTRY;
  }
  return { riders, entries, rr: body.rr === true };
}

export function entryOf(draft: HeatDraft, lane: Lane): LaneEntry {
  return draft.entries[lane] ?? EMPTY_ENTRY;
}

/**
 * Clicking a placement: a set one toggles off; taking one held by another rider who is not
 * excluded clears theirs. An excluded lane takes no placement.
 */
export function placeLane(draft: HeatDraft, lane: Lane, position: Position): HeatDraft {
  const current = entryOf(draft, lane);
  if (current.status === 'excluded') return draft;
  const entries = { ...draft.entries };
  if (current.position === position) {
    entries[lane] = { ...current, position: 0 };
    return { ...draft, entries };
  }
  for (const other of LANES) {
    const entry = draft.entries[other];
    if (other !== lane && entry && entry.status !== 'excluded' && entry.position === position) {
      entries[other] = { ...entry, position: 0 };
    }
  }
  entries[lane] = { ...current, position };
  return { ...draft, entries };
}

/** Excluding a rider sets the placement to 0 (its buttons are then disabled). */
export function setLaneStatus(draft: HeatDraft, lane: Lane, status: ResultStatus): HeatDraft {
  const current = entryOf(draft, lane);
  const position = status === 'excluded' ? 0 : current.position;
  return { ...draft, entries: { ...draft.entries, [lane]: { position, status } } };
}

export type RiderChoiceOutcome = { ok: true; draft: HeatDraft } | { ok: false; message: string };

/**
 * Puts a rider on a lane. A rider who already rides this heat cannot be picked, except under
 * manual unlock, where the two team-mates change lanes (the engine checks the result on save).
 */
export function chooseRider(draft: HeatDraft, lane: Lane, riderId: string): RiderChoiceOutcome {
  if (draft.riders[lane] === riderId) return { ok: true, draft };
  const other = LANES.find((l) => l !== lane && draft.riders[l] === riderId);
  const riders = { ...draft.riders, [lane]: riderId };
  if (other) {
    if (!draft.rr) return { ok: false, message: messages.riderAlreadyInHeat };
    const mine = draft.riders[lane];
    if (mine) riders[other] = mine;
    else delete riders[other];
  }
  return { ok: true, draft: { ...draft, riders } };
}

/** Lanes whose rider differs from the saved heat: the payload's assignments. */
export function assignmentsOf(draft: HeatDraft, heat: Heat): Assignments {
  const assignments: Record<string, string> = {};
  for (const lane of LANES) {
    const riderId = draft.riders[lane];
    if (riderId && riderId !== heat.riders[lane]?.rider_id) assignments[lane] = riderId;
  }
  return assignments;
}

/** The riders the draft shows: the engine's swap without its limits (those are checked below). */
export function draftRiders(state: MatchState, heat: Heat, draft: HeatDraft): HeatRiders {
  const swap = applyAssignments(state, heat, assignmentsOf(draft, heat), true);
  return swap.ok ? swap.riders : heat.riders;
}

/** The match as it would be with the draft's riders, for the engine's lane choices. */
export function withDraftRiders(state: MatchState, heat: Heat, draft: HeatDraft): MatchState {
  const riders = draftRiders(state, heat, draft);
  return {
    ...state,
    heats: state.heats.map((h) => (h.heat_number === heat.heat_number ? { ...h, riders } : h)),
  };
}

function hasEntries(draft: HeatDraft): boolean {
  return Object.values(draft.entries).some(
    (entry) => entry && (entry.position > 0 || entry.status === 'excluded'),
  );
}

export type SaveCheck =
  | { ok: true; payload: HeatSaveBody }
  | {
      ok: false;
      reason: string;
      /** A swap the rules refuse, shown beside the lanes. */ swap?: boolean;
    };

/**
 * Whether 'Spara resultat' may send, and what (docs/spec/2-matches-protocols-admin.md §5): the
 * engine's swap rules and result check, then "something changed". Assignments go only if non-empty,
 * results only as an array.
 */
export function checkDraft(state: MatchState, heatNumber: number, draft: HeatDraft): SaveCheck {
  const heat = heatOf(state, heatNumber);
  if (!heat) return { ok: false, reason: messages.heatNotFound(heatNumber) };
  const assignments = assignmentsOf(draft, heat);
  const swap = applyAssignments(state, heat, assignments, draft.rr);
  if (!swap.ok) {
    const reason =
      swap.error.code === 'TOO_MANY_TACTICAL'
        ? `${messages.oneTacticalPerHeatShort} ${messages.resetOneSwap}`
        : swap.error.message;
    return { ok: false, reason, swap: true };
  }
  const wantsResults = hasEntries(draft) || heat.results.length > 0;
  const results: ResultInput[] | undefined = wantsResults
    ? LANES.flatMap((lane) => {
        const riderId = swap.riders[lane]?.rider_id;
        if (!riderId) return [];
        const { position, status } = entryOf(draft, lane);
        return [{ rider_id: riderId, position: status === 'excluded' ? 0 : position, status }];
      })
    : undefined;
  if (results) {
    const invalid = checkResults(swap.riders, results);
    if (invalid) return { ok: false, reason: invalid.error.message };
  } else if (!swap.changed) {
    return { ok: false, reason: messages.placementsRequired };
  }
  const resultsChanged =
    results !== undefined && !sameResults(scoreResults(swap.riders, results), heat.results);
  if (!swap.changed && !resultsChanged) return { ok: false, reason: messages.noChanges };
  const payload: HeatSaveBody = { rr: draft.rr };
  if (Object.keys(assignments).length > 0) payload.assignments = assignments;
  if (Array.isArray(results)) payload.results = results;
  return { ok: true, payload };
}
