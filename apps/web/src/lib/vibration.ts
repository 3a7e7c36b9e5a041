import { PREFERS_REDUCED_MOTION } from './use-media-query';

/** Patterns in milliseconds: vibrate, pause, vibrate … */
export const VIBRATION = {
  tap: [15],
  short: [40],
  double: [60, 80, 60],
  long: [400],
  heatWin: [90, 60, 90, 60, 260],
} as const;

function reducedMotion(): boolean {
  return typeof window.matchMedia === 'function'
    ? window.matchMedia(PREFERS_REDUCED_MOTION).matches
    : false;
}

/** Haptic feedback where the device has it, never when the user prefers reduced motion. */
export function vibrate(pattern: readonly number[]): void {
  if (typeof navigator === 'undefined' || typeof navigator.vibrate !== 'function') return;
  if (reducedMotion()) return;
  try {
    navigator.vibrate([...pattern]);
  } catch {
    // Some browsers refuse without a user gesture; feedback is optional.
  }
}
