import { useLayoutEffect, useRef, useState } from 'react';
import { cn } from '@/lib/utils';

/** Below this a name would no longer be read at a glance; from here on it may break instead. */
const MIN_FONT_PX = 12;

/**
 * Text whose words are never broken in the middle ('Indianer|na'): where its longest word is wider
 * than the box (a narrow phone), the font steps down a pixel at a time until every word fits, to
 * at most MIN_FONT_PX. Lines still wrap between words. Measured again whenever the box changes
 * size (rotation, resizing).
 */
export function WordFitText({
  text,
  className,
  ...rest
}: { text: string; className?: string } & React.HTMLAttributes<HTMLSpanElement>) {
  const ref = useRef<HTMLSpanElement>(null);
  const [fontPx, setFontPx] = useState<number | null>(null);

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const fit = () => {
      element.style.fontSize = '';
      const natural = parseFloat(getComputedStyle(element).fontSize);
      let px = natural;
      // A word wider than the box overflows it sideways (words are not broken here).
      while (px > MIN_FONT_PX && element.scrollWidth > element.clientWidth + 0.5) {
        px -= 1;
        element.style.fontSize = `${px}px`;
      }
      setFontPx(px < natural ? px : null);
    };
    fit();
    if (typeof ResizeObserver === 'undefined' || !element.parentElement) return;
    const observer = new ResizeObserver(fit);
    observer.observe(element.parentElement);
    return () => observer.disconnect();
  }, [text]);

  return (
    <span
      {...rest}
      ref={ref}
      className={cn('block w-full [overflow-wrap:normal] [word-break:normal]', className)}
      style={fontPx === null ? undefined : { fontSize: `${fontPx}px` }}
    >
      {text}
    </span>
  );
}
