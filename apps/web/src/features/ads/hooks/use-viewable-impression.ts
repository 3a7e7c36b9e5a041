import { useEffect, useEffectEvent } from 'react';
import { VIEWABLE_MS, VIEWABLE_RATIO } from '../lib/banner-config';
import { isPageVisible } from './use-page-visible';

/**
 * Calls `onViewable` once per `serveKey` when `element` has been at least half in view for one
 * second without a break, in a visible tab (the industry's viewability rule for display ads).
 */
export function useViewableImpression(
  element: Element | null,
  serveKey: string | null,
  onViewable: () => void,
): void {
  const report = useEffectEvent(onViewable);

  useEffect(() => {
    if (!element || !serveKey || typeof IntersectionObserver !== 'function') return;
    let inView = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let done = false;

    const stop = () => {
      clearTimeout(timer);
      timer = undefined;
    };
    const update = () => {
      if (done) return;
      if (!inView || !isPageVisible()) return stop();
      timer ??= setTimeout(() => {
        done = true;
        cleanup();
        report();
      }, VIEWABLE_MS);
    };
    const observer = new IntersectionObserver(
      (entries) => {
        const last = entries.at(-1);
        if (!last) return;
        inView = last.isIntersecting && last.intersectionRatio >= VIEWABLE_RATIO;
        update();
      },
      { threshold: [0, VIEWABLE_RATIO] },
    );
    const cleanup = () => {
      stop();
      observer.disconnect();
      document.removeEventListener('visibilitychange', update);
    };
    observer.observe(element);
    document.addEventListener('visibilitychange', update);
    return cleanup;
  }, [element, serveKey]);
}
