import type { MatchState } from './match';
import { messages } from './messages';
import { tacticalRules, type TacticalRules } from './rulebooks';
import { sumScores } from './scoring';
import { otherSide, type Heat, type Score, type Side } from './types';

export type TacticalPermission =
  { allowed: true; deficit: number } | { allowed: false; reason: string; deficit: number };

/** The score before a heat: what a team trails by when it decides on a tactical reserve. */
export function scoreBefore(heats: readonly Heat[], heatNumber: number): Score {
  return sumScores(heats.filter((heat) => heat.heat_number < heatNumber));
}

/** The tactical rules in force: the match's own (meta.rules.tactical) or its rulebook's. */
export function matchTacticalRules(match: MatchState): TacticalRules {
  return match.tactical ?? tacticalRules(match.rulebook);
}

/**
 * The spec's rule: a tactical reserve is allowed when enabled, the heat lies in the window and the
 * team trails by at least min_deficit, counted over the heats before this one.
 */
export function tacticalPermission(
  match: MatchState,
  heatNumber: number,
  side: Side,
): TacticalPermission {
  const rules = matchTacticalRules(match);
  const before = scoreBefore(match.heats, heatNumber);
  const deficit = before[otherSide(side)] - before[side];
  let reason: string | null = null;
  if (!rules.enabled) reason = messages.tacticalDisabled;
  else if (heatNumber < rules.start_heat || heatNumber > rules.end_heat) {
    reason = messages.tacticalOutsideWindow(rules.start_heat, rules.end_heat);
  } else if (deficit < rules.min_deficit) reason = messages.tacticalNeedsDeficit(rules.min_deficit);
  return reason === null ? { allowed: true, deficit } : { allowed: false, reason, deficit };
}
