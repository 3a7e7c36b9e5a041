import {
  matchTacticalRules,
  messages,
  tacticalPermission,
  type LaneChoices,
  type MatchState,
  type Side,
} from '@speedway/rules';

/** A line above the heat dialog's lanes: why a lane's rider is fixed, or what a team may do. */
export type LaneHint = { text: string; allowed: boolean };

/**
 * What the heat dialog says about a lane's rider choice. The engine decides (laneChoices,
 * tacticalPermission); this only words it for the dialog, naming the team: an open lane says
 * the team may send in a tactical reserve, a lane shut for want of a deficit says when it may
 * (a refusal beside enabled selects read as if nothing could be changed).
 */
export function laneHint(
  state: MatchState,
  heatNumber: number,
  side: Side | undefined,
  choices: LaneChoices,
  rr: boolean,
  teams: Record<Side, string>,
): LaneHint | null {
  if (!side || rr) return choices.reason === null ? null : { text: choices.reason, allowed: false };
  const permission = tacticalPermission(state, heatNumber, side);
  if (choices.reason === null) {
    return permission.allowed
      ? { text: messages.tacticalAllowedFor(teams[side], permission.deficit), allowed: true }
      : null;
  }
  const min = matchTacticalRules(state).min_deficit;
  const text =
    choices.reason === messages.tacticalNeedsDeficit(min)
      ? messages.tacticalNeedsDeficitFor(teams[side], min)
      : choices.reason;
  return { text, allowed: false };
}
