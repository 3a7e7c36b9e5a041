import { isHeatComplete, nextHeatToFill, type MatchState } from '@speedway/rules';
import { useState } from 'react';
import { toast } from 'sonner';
import { useMediaQuery } from '@/lib/use-media-query';

/**
 * docs/spec/2-matches-protocols-admin.md §9: below 768 px the carousel will not move past the first
 * heat still to fill.
 */
export const NARROW_SCREEN = '(max-width: 767.98px)';

function sorted(state: MatchState) {
  return [...state.heats].sort((a, b) => a.heat_number - b.heat_number);
}

/** Where the carousel opens: the first heat to fill, or the last heat once all are done. */
function initialIndex(state: MatchState): number {
  const heats = sorted(state);
  const next = nextHeatToFill(state);
  const index = next ? heats.findIndex((h) => h.heat_number === next.heat_number) : -1;
  return index >= 0 ? index : Math.max(0, heats.length - 1);
}

export type HeatNavigation = {
  index: number;
  total: number;
  /**
   * Moves to a heat; false (with the engine's toast) when sequential unlocking blocks it. A target
   * past the last heat stays on it.
   */
  goTo: (index: number) => boolean;
  /** 'Till Heat': the latest filled heat. */
  goToLatest: () => void;
  /** After a heat was registered for the first time: on to the next one. */
  advanceAfter: (heatNumber: number) => void;
};

export function useHeatNavigation(state: MatchState): HeatNavigation {
  const narrow = useMediaQuery(NARROW_SCREEN);
  const [index, setIndex] = useState(() => initialIndex(state));
  const heats = sorted(state);
  const total = heats.length;

  const goTo = (target: number) => {
    const clamped = Math.min(Math.max(target, 0), total - 1);
    const next = narrow ? nextHeatToFill(state) : null;
    const limit = next ? heats.findIndex((h) => h.heat_number === next.heat_number) : -1;
    // Going back is always allowed; only moving forward past the limit is blocked. The target is
    // taken as asked, so a swipe past the last heat while it is still to fill (heat 15 before its
    // nomination) says what to do instead of doing nothing.
    if (next && limit >= 0 && target > limit && target > index) {
      toast.warning(next.message, { id: 'heat-lock' });
      return false;
    }
    setIndex(clamped);
    return true;
  };

  const goToLatest = () => {
    let latest = 0;
    heats.forEach((heat, i) => {
      if (isHeatComplete(heat)) latest = i;
    });
    setIndex(latest);
  };

  const advanceAfter = (heatNumber: number) => {
    const i = heats.findIndex((h) => h.heat_number === heatNumber);
    if (i >= 0 && i === index && i + 1 < total) setIndex(i + 1);
  };

  return { index, total, goTo, goToLatest, advanceAfter };
}
