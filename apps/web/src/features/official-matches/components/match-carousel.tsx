import type { OfficialMatchSummary } from '@speedway/contracts';
import useEmblaCarousel from 'embla-carousel-react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { memo, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useIdle } from '@/lib/use-idle';
import { PREFERS_REDUCED_MOTION, useMediaQuery } from '@/lib/use-media-query';
import { cn } from '@/lib/utils';
import { MatchSlide, type MatchActions } from './match-slide';
import { useAutoplay } from './use-autoplay';

type MatchCarouselProps = {
  matches: OfficialMatchSummary[];
  startIndex: number;
  now: Date;
  actions?: MatchActions;
};

type EmblaApi = NonNullable<ReturnType<typeof useEmblaCarousel>[1]>;

type CarouselSlideProps = {
  match: OfficialMatchSummary;
  index: number;
  count: number;
  shown: boolean;
  now: Date;
  actions?: MatchActions;
};

/**
 * One slide, rendered again only when it is shown or hidden or its match changes: not when Embla
 * starts (the carousel's render then only hands Embla its element) nor, when one slide is
 * selected, for the others.
 */
const CarouselSlide = memo(function CarouselSlide({
  match,
  index,
  count,
  shown,
  now,
  actions,
}: CarouselSlideProps) {
  return (
    <div
      className="min-w-0 shrink-0 grow-0 basis-full px-0.5"
      role="group"
      aria-roledescription="bild"
      aria-label={`Match ${index + 1} av ${count}`}
      aria-hidden={!shown}
      inert={!shown}
    >
      <MatchSlide match={match} now={now} actions={actions} />
    </div>
  );
});

/**
 * Same-day matches (docs/spec/2-matches-protocols-admin.md §9: loop, duration 40, auto-advance
 * unless reduced motion).
 *
 * Embla measures every slide when it starts, the longest piece of the home page's start on a slow
 * phone, so it starts when the page is idle, or at once when touched first. Until then
 * the slides stand where Embla will put them: the start slide in view.
 */
export function MatchCarousel({ matches, startIndex, now, actions }: MatchCarouselProps) {
  const reducedMotion = useMediaQuery(PREFERS_REDUCED_MOTION);
  const [touched, setTouched] = useState(false);
  const started = useIdle() || touched;
  const [ref, api] = useEmblaCarousel({ loop: true, duration: 40, startIndex });
  const [selected, setSelected] = useState(startIndex);
  // Where Embla will put the slides, until it starts: React sets this once and never again.
  const [startPosition] = useState(() => ({ transform: `translateX(${-100 * startIndex}%)` }));
  const track = useRef<HTMLDivElement>(null);
  // Embla measures the slides where they stand, so the placement goes just before it starts: in
  // the same task (it starts in the effects of the render this one triggers), so no frame shows
  // the first slide in between.
  useLayoutEffect(() => {
    if (started && track.current) track.current.style.transform = '';
  }, [started]);
  // A button pressed before Embla started: done once it has.
  const pending = useRef<((api: EmblaApi) => void) | null>(null);
  useAutoplay(api, !reducedMotion);

  useEffect(() => {
    if (!api) return;
    pending.current?.(api);
    pending.current = null;
    const onSelect = () => setSelected(api.selectedScrollSnap());
    api.on('select', onSelect);
    return () => {
      api.off('select', onSelect);
    };
  }, [api]);

  const run = (action: (api: EmblaApi) => void) => {
    if (api) action(api);
    else {
      pending.current = action;
      setTouched(true);
    }
  };

  return (
    <section
      aria-roledescription="karusell"
      aria-label="Dagens matcher"
      className="grid grid-cols-1 gap-3"
      onPointerDownCapture={() => setTouched(true)}
      onFocusCapture={() => setTouched(true)}
    >
      <div ref={started ? ref : undefined} className="overflow-hidden">
        <div ref={track} className="flex touch-pan-y" style={startPosition}>
          {matches.map((match, index) => (
            <CarouselSlide
              key={match.id}
              match={match}
              index={index}
              count={matches.length}
              shown={index === selected}
              now={now}
              actions={actions}
            />
          ))}
        </div>
      </div>
      <div className="flex items-center justify-between gap-2">
        <Button
          variant="ghost"
          size="icon"
          aria-label="Föregående match"
          onClick={() => run((embla) => embla.scrollPrev(reducedMotion))}
        >
          <ChevronLeft aria-hidden="true" />
        </Button>
        <div className="flex items-center gap-1.5">
          {matches.map((match, index) => (
            <button
              key={match.id}
              type="button"
              aria-label={`Visa match ${index + 1} av ${matches.length}`}
              aria-current={index === selected ? 'true' : undefined}
              onClick={() => run((embla) => embla.scrollTo(index, reducedMotion))}
              className="inline-flex size-6 items-center justify-center rounded-full"
            >
              <span
                className={cn(
                  'block size-2 rounded-full bg-muted-foreground/40 transition-[width]',
                  index === selected && 'w-5 bg-primary',
                )}
              />
            </button>
          ))}
        </div>
        <Button
          variant="ghost"
          size="icon"
          aria-label="Nästa match"
          onClick={() => run((embla) => embla.scrollNext(reducedMotion))}
        >
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
    </section>
  );
}
