import type { OfficialMatchSummary } from '@speedway/contracts';
import useEmblaCarousel from 'embla-carousel-react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
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

/** Same-day matches (spec §9: loop, duration 40, auto-advance unless reduced motion). */
export function MatchCarousel({ matches, startIndex, now, actions }: MatchCarouselProps) {
  const reducedMotion = useMediaQuery(PREFERS_REDUCED_MOTION);
  const [ref, api] = useEmblaCarousel({ loop: true, duration: 40, startIndex });
  const [selected, setSelected] = useState(startIndex);
  useAutoplay(api, !reducedMotion);

  useEffect(() => {
    if (!api) return;
    const onSelect = () => setSelected(api.selectedScrollSnap());
    api.on('select', onSelect);
    return () => {
      api.off('select', onSelect);
    };
  }, [api]);

  return (
    <section
      aria-roledescription="karusell"
      aria-label="Dagens matcher"
      className="grid grid-cols-1 gap-3"
    >
      <div ref={ref} className="overflow-hidden">
        <div className="flex touch-pan-y">
          {matches.map((match, index) => (
            <div
              key={match.id}
              className="min-w-0 shrink-0 grow-0 basis-full px-0.5"
              role="group"
              aria-roledescription="bild"
              aria-label={`Match ${index + 1} av ${matches.length}`}
              aria-hidden={index !== selected}
              inert={index !== selected}
            >
              <MatchSlide match={match} now={now} actions={actions} />
            </div>
          ))}
        </div>
      </div>
      <div className="flex items-center justify-between gap-2">
        <Button
          variant="ghost"
          size="icon"
          aria-label="Föregående match"
          onClick={() => api?.scrollPrev(reducedMotion)}
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
              onClick={() => api?.scrollTo(index, reducedMotion)}
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
          onClick={() => api?.scrollNext(reducedMotion)}
        >
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
    </section>
  );
}
