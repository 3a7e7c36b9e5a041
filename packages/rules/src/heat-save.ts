import { checkResults, sameResults } from './heat';
import { heatLock, heatOf, type MatchState } from './match';
import { messages } from './messages';
import { matchScore, scoreResults } from './scoring';
import { applyAssignments, type Assignments } from './substitution';
import { fail, type Failure, type Heat, type MatchScore, type ResultInput } from './types';

/** The spec's heat save payload. */
export interface HeatSaveInput {
  assignments?: Assignments;
  results?: readonly ResultInput[];
  rr?: boolean;
}

/**
 * A heat save as a client sends it (the spec's payload, results maybe with the points it was
 * shown) in the engine's terms: placings only, since points are never trusted. The server judges
 * with it, and a device folding its unsent saves (ADR 010 §5) reads them the same way.
 */
export function heatSaveInputOf(body: {
  assignments?: Assignments;
  results?: readonly ResultInput[];
  rr?: boolean;
}): HeatSaveInput {
  return {
    ...(body.assignments ? { assignments: body.assignments } : {}),
    ...(body.results
      ? {
          results: body.results.map(({ rider_id, position, status }) => ({
            rider_id,
            position,
            status,
          })),
        }
      : {}),
    rr: body.rr === true,
  };
}

export type HeatSaveOutcome = ({ ok: true; heat: Heat; match: MatchState } & MatchScore) | Failure;

/**
 * The authoritative heat save: sequential unlocking, rider swaps, complete and consistent results,
 * and something must change. Editing a completed heat is a save like any other. Later heats are
 * left as they are: scores are always recomputed from all heats, and substitutions and nominations
 * made later stand as recorded (they were legal when made; the protocol records what happened).
 */
export function applyHeatSave(
  match: MatchState,
  heatNumber: number,
  input: HeatSaveInput,
): HeatSaveOutcome {
  const heat = heatOf(match, heatNumber);
  if (!heat) return fail('HEAT_NOT_FOUND', messages.heatNotFound(heatNumber));
  const lock = heatLock(match, heat);
  if (lock) return { ok: false, error: lock };
  const rr = input.rr === true;
  const swap = applyAssignments(match, heat, input.assignments ?? {}, rr);
  if (!swap.ok) return swap;
  // Without new results the heat keeps its own, which must still fit its riders after a swap.
  const source = input.results ?? heat.results;
  const invalid = input.results || source.length > 0 ? checkResults(swap.riders, source) : null;
  if (invalid) return invalid;
  const results = scoreResults(swap.riders, source);
  if (!swap.changed && sameResults(results, heat.results)) {
    return fail('NO_CHANGES', messages.noChanges);
  }
  const saved: Heat = {
    ...heat,
    status: results.length > 0 ? 'completed' : heat.status,
    riders: swap.riders,
    results,
    rr: heat.rr || (rr && swap.changed),
    tactical: swap.tactical,
  };
  const heats = match.heats.map((h) => (h.heat_number === heatNumber ? saved : h));
  return { ok: true, heat: saved, match: { ...match, heats }, ...matchScore(heats) };
}
