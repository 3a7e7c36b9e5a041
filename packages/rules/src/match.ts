import { emptyHeat, isHeatComplete, laneSlot, toLaneRider } from './heat';
import { findByNumber } from './lineups';
import { messages } from './messages';
import { getRulebook, isNominatedHeat, type RulebookId, type TacticalRules } from './rulebooks';
import { heatScore, laneRiders } from './scoring';
import {
  HEATS_PER_MATCH,
  LANES,
  RIDERS_PER_HEAT,
  type Heat,
  type Lineups,
  type MatchScore,
  type RuleError,
} from './types';

export interface MatchState {
  rulebook: RulebookId;
  lineups: Lineups;
  heats: Heat[];
  /** The match's meta.rules.tactical when it differs from its rulebook's. */
  tactical?: TacticalRules;
}

/**
 * The 15 heats of a match: programmed heats get the line-up riders of their gates (a lane stays
 * empty while its number is missing from the line-up); nominated heats start empty.
 */
export function buildHeats(rulebookId: RulebookId, lineups: Lineups): Heat[] {
  const rulebook = getRulebook(rulebookId);
  return Array.from({ length: HEATS_PER_MATCH }, (_, i) => {
    const heat = emptyHeat(i + 1);
    for (const lane of LANES) {
      const slot = laneSlot(rulebook, heat, lane);
      const rider = slot && findByNumber(lineups, slot.team, slot.lineup_no);
      if (slot && rider) heat.riders[lane] = toLaneRider(rider, slot);
    }
    return heat;
  });
}

export function createMatch(rulebook: RulebookId, lineups: Lineups): MatchState {
  return { rulebook, lineups, heats: buildHeats(rulebook, lineups) };
}

export function heatOf(match: Pick<MatchState, 'heats'>, heatNumber: number): Heat | undefined {
  return match.heats.find((heat) => heat.heat_number === heatNumber);
}

function sortedHeats(heats: readonly Heat[]): Heat[] {
  return [...heats].sort((a, b) => a.heat_number - b.heat_number);
}

export function completedCount(heats: readonly Heat[]): number {
  return heats.filter(isHeatComplete).length;
}

export interface RunningScore extends MatchScore {
  heat_number: number;
  complete: boolean;
}

/** The score after each heat, in heat order: one pass, each heat scored once. */
export function runningScores(heats: readonly Heat[]): RunningScore[] {
  let home = 0;
  let away = 0;
  return sortedHeats(heats).map((heat) => {
    const score = heatScore(heat);
    home += score.home;
    away += score.away;
    return {
      heat_number: heat.heat_number,
      home_score: home,
      away_score: away,
      complete: isHeatComplete(heat),
    };
  });
}

/** Why a heat cannot be registered yet (sequential unlocking), or null when it can. */
export function heatLock(match: MatchState, heat: Heat): RuleError | null {
  const n = heat.heat_number;
  const previous = heatOf(match, n - 1);
  if (n > 1 && !(previous && isHeatComplete(previous))) {
    return { code: 'HEAT_LOCKED', message: messages.fillHeatFirst(n - 1), status: 409 };
  }
  if (
    isNominatedHeat(getRulebook(match.rulebook), n) &&
    laneRiders(heat.riders).length < RIDERS_PER_HEAT
  ) {
    return { code: 'NOMINATION_REQUIRED', message: messages.nominateToUnlock(n), status: 409 };
  }
  return null;
}

/** The Swedish reason a heat is locked, or null when it can be registered. */
export function heatLockReason(match: MatchState, heatNumber: number): string | null {
  const heat = heatOf(match, heatNumber);
  if (!heat) return messages.heatNotFound(heatNumber);
  return heatLock(match, heat)?.message ?? null;
}

/** Why a nominated heat cannot be nominated yet: every heat before it must be complete. */
export function nominationLockReason(match: MatchState, heatNumber: number): string | null {
  const open = match.heats.some((heat) => heat.heat_number < heatNumber && !isHeatComplete(heat));
  return open ? messages.nominationUnlocksAfter(heatNumber - 1) : null;
}

/** The first heat still to fill and the toast for moving past it; null when all are complete. */
export function nextHeatToFill(match: MatchState): { heat_number: number; message: string } | null {
  const heat = sortedHeats(match.heats).find((h) => !isHeatComplete(h));
  if (!heat) return null;
  const n = heat.heat_number;
  const unnominated =
    isNominatedHeat(getRulebook(match.rulebook), n) &&
    laneRiders(heat.riders).length < RIDERS_PER_HEAT;
  return {
    heat_number: n,
    message: unnominated ? messages.nominateHeatFirst(n) : messages.fillHeatFirst(n),
  };
}

export type ProtocolReadiness = { ok: true } | { ok: false; reason: string };

/** The spec's rule for saving a protocol: 15 heats, all completed, each with at least 4 results. */
export function canSaveProtocol(match: MatchState): ProtocolReadiness {
  if (match.heats.length < HEATS_PER_MATCH) {
    return { ok: false, reason: messages.protocolNeedsAllHeats(HEATS_PER_MATCH) };
  }
  const open = sortedHeats(match.heats).find(
    (heat) =>
      heat.status !== 'completed' || heat.results.length < RIDERS_PER_HEAT || !isHeatComplete(heat),
  );
  return open ? { ok: false, reason: messages.heatNotRegistered(open.heat_number) } : { ok: true };
}
