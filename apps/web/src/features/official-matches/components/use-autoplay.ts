import type { UseEmblaCarouselType } from 'embla-carousel-react';
import { useEffect } from 'react';

type EmblaApi = NonNullable<UseEmblaCarouselType[1]>;

/**
 * docs/spec/2-matches-protocols-admin.md §9: advance every 6300 ms; after an interaction, resume
 * 2100 ms later.
 */
export const AUTOPLAY_DELAY_MS = 6300;
export const AUTOPLAY_RESUME_MS = 2100;

function focusVisible(target: EventTarget | null): boolean {
  try {
    return target instanceof Element && target.matches(':focus-visible');
  } catch {
    return false;
  }
}

/**
 * Auto-advances a looping carousel. Dragging or clicking it (its buttons too) pauses it; it
 * resumes 2100 ms after the interaction ends. Keyboard focus inside holds it until focus leaves.
 * Off while the tab is hidden and when `enabled` is false (reduced motion).
 */
export function useAutoplay(api: EmblaApi | undefined, enabled: boolean) {
  useEffect(() => {
    if (!api || !enabled) return;
    // The viewport's parent holds the slides and the buttons and dots beside them.
    const root = api.rootNode().parentElement ?? api.rootNode();
    let advance: number | undefined;
    let resume: number | undefined;
    let held = false;

    const stop = () => {
      window.clearTimeout(advance);
      window.clearTimeout(resume);
    };
    const schedule = () => {
      stop();
      if (held || document.hidden) return;
      advance = window.setTimeout(() => {
        api.scrollNext();
        schedule();
      }, AUTOPLAY_DELAY_MS);
    };
    const resumeLater = () => {
      stop();
      resume = window.setTimeout(schedule, AUTOPLAY_RESUME_MS);
    };
    const hold = () => {
      held = true;
      stop();
    };
    const release = () => {
      held = false;
      resumeLater();
    };
    // Keyboard focus holds the carousel still (WCAG 2.2.2); a tap only pauses it for a while.
    const onFocusIn = (event: FocusEvent) => {
      if (focusVisible(event.target)) hold();
    };
    const onFocusOut = (event: FocusEvent) => {
      if (held && !root.contains(event.relatedTarget as Node | null)) release();
    };
    const onVisibility = () => (document.hidden ? stop() : schedule());

    api.on('pointerDown', hold);
    api.on('pointerUp', release);
    root.addEventListener('focusin', onFocusIn);
    root.addEventListener('focusout', onFocusOut);
    root.addEventListener('click', resumeLater);
    document.addEventListener('visibilitychange', onVisibility);
    schedule();
    return () => {
      stop();
      api.off('pointerDown', hold);
      api.off('pointerUp', release);
      root.removeEventListener('focusin', onFocusIn);
      root.removeEventListener('focusout', onFocusOut);
      root.removeEventListener('click', resumeLater);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [api, enabled]);
}
