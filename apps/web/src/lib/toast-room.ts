import { useEffect, useSyncExternalStore, type RefObject } from 'react';

// Toasts stay bottom right (docs/spec/2-matches-protocols-admin.md §9) and cover nothing the user
// taps next:
// - a bar of buttons near the foot of the window ('Spara protokoll', stuck there; the
//   announcement form's buttons on a phone) registers here, and while it is on screen the toasts
//   are lifted above its top, wherever scrolling has put it;
// - while a dialog is open, the dialog is lifted instead: the toaster writes the room its toasts
//   take into --toast-room, and DialogContent leaves that band free at the foot of the screen.

const bars = new Set<HTMLElement>();
const listeners = new Set<() => void>();
let clearance = 0;

/** How far above the foot of the window the bar's top is; 0 while the bar is off screen. */
function reach(bar: HTMLElement): number {
  const { top, bottom } = bar.getBoundingClientRect();
  const height = window.innerHeight;
  if (bottom <= 0 || top >= height) return 0;
  return height - top;
}

function measure(): void {
  const next = Math.max(0, ...[...bars].map(reach));
  if (next === clearance) return;
  clearance = next;
  listeners.forEach((listener) => listener());
}

let frame = 0;
/** Scrolling moves a bar that is not stuck: measured again once per frame. */
function onScroll(): void {
  if (frame) return;
  frame = requestAnimationFrame(() => {
    frame = 0;
    measure();
  });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Pixels above the foot of the window that the toasts must keep clear of (0: none). */
export function useToastClearance(): number {
  return useSyncExternalStore(
    subscribe,
    () => clearance,
    () => 0,
  );
}

/** Keeps the toasts above this bar for as long as it is on the page. */
export function useKeepClearOfToasts(ref: RefObject<HTMLElement | null>, active = true): void {
  useEffect(() => {
    const bar = ref.current;
    if (!bar || !active) return;
    bars.add(bar);
    // Measured when the observer first reports the bar: after the layout the browser makes for
    // its next paint anyway, and before that paint. Measured in the effect or in an animation
    // frame, it forced that layout early, and on a page's first render the whole page was laid
    // out twice before its first paint (ADR 024).
    const resized = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : null;
    resized?.observe(bar);
    const first = resized ? 0 : requestAnimationFrame(measure);
    window.addEventListener('resize', measure);
    window.addEventListener('scroll', onScroll, { passive: true, capture: true });
    return () => {
      cancelAnimationFrame(first);
      bars.delete(bar);
      resized?.disconnect();
      window.removeEventListener('resize', measure);
      window.removeEventListener('scroll', onScroll, { capture: true });
      measure();
    };
  }, [ref, active]);
}

/** The CSS variable a dialog keeps free at the foot of the screen while toasts show over it. */
export const TOAST_ROOM_VAR = '--toast-room';

/** Sets (or, with 0, removes) the band a dialog leaves free for the toasts. */
export function setToastRoom(px: number): void {
  const style = document.documentElement.style;
  if (px > 0) style.setProperty(TOAST_ROOM_VAR, `${Math.ceil(px)}px`);
  else style.removeProperty(TOAST_ROOM_VAR);
}
