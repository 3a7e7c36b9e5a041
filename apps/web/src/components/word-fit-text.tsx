import { useLayoutEffect, useRef } from 'react';
import { textWidth } from '@/lib/text-width';
import { cn } from '@/lib/utils';

/** Below this a name would no longer be read at a glance; from here on it may break instead. */
const MIN_FONT_PX = 12;

/**
 * The font size at which the longest word of `text` fits `boxWidth`: the natural one where it
 * already fits, else the largest whole pixel size that fits, never under MIN_FONT_PX. A word's
 * width grows in step with the font size, so one measurement at the natural size decides it.
 */
export function fittingFontPx(longestWordPx: number, boxWidth: number, naturalPx: number): number {
  if (longestWordPx <= boxWidth + 0.5) return naturalPx;
  return Math.max(MIN_FONT_PX, Math.floor((naturalPx * boxWidth) / longestWordPx));
}

/**
 * Text whose words are never broken in the middle ('Indianer|na'): where its longest word is wider
 * than the box (a narrow phone), the font steps down until every word fits, to at most
 * MIN_FONT_PX. Lines still wrap between words. The words are measured on a canvas when the box
 * gets its size and whenever it changes (rotation, resizing), before that frame is painted and
 * without forcing a layout of the page (one forced layout per step was the home page's
 * longest task).
 */
export function WordFitText({
  text,
  className,
  ...rest
}: { text: string; className?: string } & React.HTMLAttributes<HTMLSpanElement>) {
  const ref = useRef<HTMLSpanElement>(null);

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const words = text.split(/\s+/).filter(Boolean);
    let measuredWidth: number | null = null;
    const observer = new ResizeObserver(([entry]) => {
      // A new font size changes the height alone, which needs no new measurement.
      if (!entry || entry.contentRect.width === measuredWidth) return;
      measuredWidth = entry.contentRect.width;
      // The span's own size is the box's: it is a block as wide as its parent, whatever its font.
      element.style.fontSize = '';
      const style = getComputedStyle(element);
      const naturalPx = parseFloat(style.fontSize);
      const widths = words.map((word) => textWidth(word, style, naturalPx));
      if (widths.some((width) => width === null)) return;
      const px = fittingFontPx(
        Math.max(0, ...(widths as number[])),
        entry.contentRect.width,
        naturalPx,
      );
      if (px < naturalPx) element.style.fontSize = `${px}px`;
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [text]);

  return (
    <span
      {...rest}
      ref={ref}
      className={cn('block w-full [overflow-wrap:normal] [word-break:normal]', className)}
    >
      {text}
    </span>
  );
}
