import { useRef } from 'react';

/**
 * docs/spec/2-matches-protocols-admin.md §9: a swipe is over 50 px sideways with under 40 px of
 * vertical movement.
 */
export const SWIPE_MIN_X = 50;
export const SWIPE_MAX_Y = 40;

type SwipeHandlers = { onSwipeLeft: () => void; onSwipeRight: () => void };

/**
 * Touch handlers that report a horizontal swipe. Judged once, when the finger lifts, so a
 * vertical scroll that drifts sideways is not taken for a swipe; a second finger cancels it.
 */
export function useSwipe({ onSwipeLeft, onSwipeRight }: SwipeHandlers) {
  const start = useRef<{ x: number; y: number } | null>(null);
  return {
    onTouchStart: (event: React.TouchEvent) => {
      const touch = event.touches[0];
      start.current =
        event.touches.length === 1 && touch ? { x: touch.clientX, y: touch.clientY } : null;
    },
    onTouchEnd: (event: React.TouchEvent) => {
      const from = start.current;
      start.current = null;
      const touch = event.changedTouches[0];
      if (!from || !touch) return;
      const dx = touch.clientX - from.x;
      const dy = touch.clientY - from.y;
      if (Math.abs(dx) <= SWIPE_MIN_X || Math.abs(dy) >= SWIPE_MAX_Y) return;
      if (dx < 0) onSwipeLeft();
      else onSwipeRight();
    },
    onTouchCancel: () => {
      start.current = null;
    },
  };
}
