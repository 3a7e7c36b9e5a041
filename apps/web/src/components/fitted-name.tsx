import { useLayoutEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { cn } from '@/lib/utils';

type Measure = () => (() => void) | undefined;

const measures = new Map<Element, Measure>();
let observer: ResizeObserver | undefined;

/**
 * One observer for every name on the page. A name is measured when the observer reports its box,
 * i.e. after the browser's own layout and before its paint, never by forcing a layout: all names
 * of the report are measured first, and those whose answer changed render together, at once, so
 * the frame never shows a wrong name and a list of names costs one layout, not one per name.
 * A name in an off-screen heat (which content-visibility leaves unlaid) is measured only
 * once it comes into view.
 */
function observeBox(box: Element, measure: Measure): () => void {
  observer ??= new ResizeObserver((entries) => {
    const changes = entries.flatMap((entry) => measures.get(entry.target)?.() ?? []);
    if (changes.length > 0) flushSync(() => changes.forEach((change) => change()));
  });
  measures.set(box, measure);
  observer.observe(box);
  return () => {
    measures.delete(box);
    observer?.unobserve(box);
  };
}

/**
 * A name on one line: the full one when it fits, else the short one (short team names,
 * docs/spec/2-matches-protocols-admin.md §3) instead of a name cut off mid-word. Screen readers and
 * the tooltip always get the full name. Re-measured whenever the space changes (rotation,
 * resizing), so a wider screen gets the full name back.
 */
export function FittedName({
  full,
  short,
  className,
  onFitChange,
}: {
  full: string;
  short: string;
  className?: string;
  /** Told whether the full name is shown, for a caption that should say the other one. */
  onFitChange?: (fits: boolean) => void;
}) {
  const box = useRef<HTMLSpanElement>(null);
  const shown = useRef<HTMLSpanElement>(null);
  // The full name's width, taken while it is shown (its span is as wide as its text, even where
  // the box clips it), and kept for deciding when the box grows again while the short one shows.
  const fullWidth = useRef<{ text: string; width: number } | null>(null);
  const [fitted, setFitted] = useState({ text: full, fits: true });
  // A new name is shown in full first, to be measured.
  const fits = fitted.text === full ? fitted.fits : true;

  useLayoutEffect(() => {
    const outer = box.current;
    if (!outer) return;
    // Reads the widths and returns the state to set, if the answer changed.
    const measure = () => {
      if (fits && shown.current) {
        fullWidth.current = { text: full, width: shown.current.getBoundingClientRect().width };
      }
      const measured = fullWidth.current;
      if (measured?.text !== full) return undefined;
      const fitsNow = measured.width <= outer.clientWidth + 0.5;
      // The same answer keeps the same state: no second render of every name in a long list.
      return fitsNow === fits ? undefined : () => setFitted({ text: full, fits: fitsNow });
    };
    if (typeof ResizeObserver === 'undefined') {
      measure()?.();
      return;
    }
    return observeBox(outer, measure);
  }, [full, fits]);

  useLayoutEffect(() => onFitChange?.(fits), [fits, onFitChange]);

  return (
    <span
      ref={box}
      data-fitted={fits ? 'full' : 'short'}
      className={cn('block min-w-0 overflow-hidden whitespace-nowrap', className)}
      title={fits ? undefined : full}
    >
      {fits ? (
        <span ref={shown} data-fitted-shown="">
          {full}
        </span>
      ) : (
        <>
          <span ref={shown} data-fitted-shown="" aria-hidden="true">
            {short}
          </span>
          <span className="sr-only">{full}</span>
        </>
      )}
    </span>
  );
}
