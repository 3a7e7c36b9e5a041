import type { Heat } from '@speedway/rules';
import useEmblaCarousel from 'embla-carousel-react';
import { ChevronLeft, ChevronRight, History } from 'lucide-react';
import { Activity, useEffect, useEffectEvent, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { PREFERS_REDUCED_MOTION, useMediaQuery } from '@/lib/use-media-query';
import { cn } from '@/lib/utils';
import type { HeatNavigation } from '../hooks/use-heat-navigation';

export type PointsMode = 'heat' | 'total';

/**
 * docs/spec/2-matches-protocols-admin.md §9: a swipe is over 50 px sideways with under 40 px of
 * vertical movement.
 */
const SWIPE_MIN_X = 50;
const SWIPE_MAX_Y = 40;

type HeatsCarouselProps = {
  heats: Heat[];
  nav: HeatNavigation;
  mode: PointsMode;
  onMode: (mode: PointsMode) => void;
  renderHeat: (heat: Heat, active: boolean) => React.ReactNode;
};

/** One card per heat, swiped or stepped; the counter reads 'n/15'. */
export function HeatsCarousel({ heats, nav, mode, onMode, renderHeat }: HeatsCarouselProps) {
  const reducedMotion = useMediaQuery(PREFERS_REDUCED_MOTION);
  // Where Embla starts; from then on the page's index moves it (below). Options that changed with
  // the index made Embla start over on every step (reInit: each of the fifteen slides measured
  // again, a forced layout in the tap) and jump there instead of sliding.
  const [startIndex] = useState(nav.index);
  const [ref, api] = useEmblaCarousel({ startIndex, duration: 25 });

  // The page's index is the truth; the carousel follows it …
  useEffect(() => {
    if (api && api.selectedScrollSnap() !== nav.index) api.scrollTo(nav.index, reducedMotion);
  }, [api, nav.index, reducedMotion]);

  // … and a swipe asks the page, which may refuse (sequential unlocking) and send it back.
  const onSelect = useEffectEvent(() => {
    if (!api || api.scrollSnapList().length !== heats.length) return;
    const target = api.selectedScrollSnap();
    if (target !== nav.index && !nav.goTo(target)) api.scrollTo(nav.index);
  });
  useEffect(() => {
    if (!api) return;
    const handler = () => onSelect();
    api.on('select', handler);
    return () => {
      api.off('select', handler);
    };
  }, [api]);

  // Past the last heat the carousel has nowhere to go and reports nothing: a swipe there (spec
  // §9: over 50 px sideways, under 40 px up or down) is still a request to move on.
  const swipeStart = useRef<{ x: number; y: number } | null>(null);
  const onPointerDown = (event: React.PointerEvent) => {
    swipeStart.current = event.isPrimary ? { x: event.clientX, y: event.clientY } : null;
  };
  const onPointerUp = (event: React.PointerEvent) => {
    const from = swipeStart.current;
    swipeStart.current = null;
    if (!from || nav.index !== heats.length - 1) return;
    const dx = event.clientX - from.x;
    const dy = event.clientY - from.y;
    if (dx < -SWIPE_MIN_X && Math.abs(dy) < SWIPE_MAX_Y) nav.goTo(nav.index + 1);
  };

  const current = heats[nav.index];
  return (
    <section
      aria-label="Heatprogram"
      className="grid grid-cols-1 gap-3"
      data-tutorial="heat-carousel"
    >
      {/* The stepper and 'Till Heat' share the first row; on a phone the points toggle takes a
          row of its own, full width (at 320 px the three side by side were 348 px wide). */}
      <div className="flex flex-wrap items-center gap-2">
        <div className="flex items-center gap-1">
          <Button
            variant="outline"
            size="icon"
            aria-label="Föregående heat"
            disabled={nav.index === 0}
            onClick={() => nav.goTo(nav.index - 1)}
          >
            <ChevronLeft aria-hidden="true" />
          </Button>
          <span
            className="min-w-16 text-center text-base font-bold tabular-nums"
            aria-live="polite"
            aria-label={current ? `Heat ${current.heat_number} av ${nav.total}` : undefined}
          >
            {nav.index + 1}/{nav.total}
          </span>
          <Button
            variant="outline"
            size="icon"
            aria-label="Nästa heat"
            disabled={nav.index >= nav.total - 1}
            onClick={() => nav.goTo(nav.index + 1)}
          >
            <ChevronRight aria-hidden="true" />
          </Button>
        </div>
        <div
          role="radiogroup"
          data-tutorial="points-toggle"
          aria-label="Poängvisning"
          className="inline-flex h-11 rounded-lg bg-muted p-1 max-md:order-last max-md:w-full md:ml-auto"
        >
          {(
            [
              ['heat', 'Heatpoäng'],
              ['total', 'Totalpoäng'],
            ] as const
          ).map(([value, label]) => (
            <button
              key={value}
              type="button"
              role="radio"
              aria-checked={mode === value}
              onClick={() => onMode(value)}
              className={cn(
                'rounded-md px-2.5 text-[13px] font-semibold text-muted-foreground max-md:flex-1',
                mode === value && 'bg-card text-foreground shadow-sm dark:bg-input',
              )}
            >
              {label}
            </button>
          ))}
        </div>
        <Button variant="ghost" className="px-3 max-md:ml-auto" onClick={nav.goToLatest}>
          <History aria-hidden="true" />
          Till Heat
        </Button>
      </div>
      <div
        ref={ref}
        className="overflow-hidden"
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (swipeStart.current = null)}
      >
        <div className="flex touch-pan-y items-start">
          {/* A heat off screen is not laid out nor styled (content-visibility): the page is
              fifteen heat cards wide, and opening a dialog, which changes <body>, would otherwise
              have the browser restyle all of them. The heat on show is always laid out:
              under 'auto' the browser skips it in the first frame too (it has not yet found it on
              screen), so the page first painted without it and then moved down (CLS). */}
          {heats.map((heat, index) => (
            <div
              key={heat.heat_number}
              className={cn(
                'min-w-0 shrink-0 grow-0 basis-full px-0.5',
                index !== nav.index && '[content-visibility:auto]',
              )}
              role="group"
              aria-roledescription="bild"
              aria-label={`Heat ${heat.heat_number}`}
              aria-hidden={index !== nav.index}
              inert={index !== nav.index}
            >
              {/* Only the heat on show and its two neighbours (which a swipe or step brings in)
                  are rendered with the page; React renders the others when it is idle, without
                  effects and hidden until they come near (the fifteen cards at once were
                  the longest task of opening a protocol on a phone). */}
              <Activity mode={Math.abs(index - nav.index) <= 1 ? 'visible' : 'hidden'}>
                {renderHeat(heat, index === nav.index)}
              </Activity>
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}
