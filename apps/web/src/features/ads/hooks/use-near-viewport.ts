import { useEffect, useState } from 'react';

const observable = () => typeof IntersectionObserver === 'function';

/**
 * Whether `element` lies within `marginPx` of the viewport. Without IntersectionObserver (old
 * browsers) everything counts as near.
 */
export function useNearViewport(element: Element | null, marginPx: number): boolean {
  const [near, setNear] = useState(() => !observable());
  useEffect(() => {
    if (!element || !observable()) return;
    const observer = new IntersectionObserver(
      (entries) => {
        const last = entries.at(-1);
        if (last) setNear(last.isIntersecting);
      },
      { rootMargin: `${marginPx}px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, marginPx]);
  return near;
}
