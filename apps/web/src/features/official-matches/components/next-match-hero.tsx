import { lazy, Suspense } from 'react';
import { Card, CardContent } from '@/components/ui/card';
import { EmptyState } from '@/components/empty-state';
import { failedToLoad, KeptDataNote, LoadFailed } from '@/components/kept-data';
import { useNow } from '@/lib/use-now';
import { OFFICIAL_MATCHES_FRESH, useOfficialMatches } from '../api/get-official-matches';
import { homeSlides } from '../lib/schedule';
import { MatchSlide, type MatchActions } from './match-slide';
import { CarouselControlsPlaceholder, NextMatchSkeleton } from './next-match-skeleton';

// Embla only loads when there is more than one match to swipe between.
const MatchCarousel = lazy(() =>
  import('./match-carousel').then((module) => ({ default: module.MatchCarousel })),
);

/** The home page's hero: the next official match, or that day's matches as a carousel. */
export function NextMatchHero({ actions }: { actions?: MatchActions }) {
  const now = useNow();
  const matches = useOfficialMatches(OFFICIAL_MATCHES_FRESH.home);

  let body: React.ReactNode;
  if (matches.data === undefined) {
    body = failedToLoad(matches) ? (
      <LoadFailed query={matches}>Kunde inte ladda officiella matcher.</LoadFailed>
    ) : (
      <NextMatchSkeleton />
    );
  } else {
    const { slides, startIndex } = homeSlides(matches.data, now);
    const hero = slides[startIndex];
    if (!hero) body = <EmptyState>Inga kommande officiella matcher</EmptyState>;
    else if (slides.length === 1) body = <MatchSlide match={hero} now={now} actions={actions} />;
    else {
      body = (
        <Suspense
          fallback={
            <div className="grid grid-cols-1 gap-3">
              <div className="px-0.5">
                <MatchSlide match={hero} now={now} actions={actions} />
              </div>
              <CarouselControlsPlaceholder />
            </div>
          }
        >
          <MatchCarousel matches={slides} startIndex={startIndex} now={now} actions={actions} />
        </Suspense>
      );
    }
  }

  return (
    <Card className="overflow-hidden border-primary/20" data-tutorial="next-match">
      <CardContent className="grid grid-cols-1 gap-3">
        <h2 className="text-[13px] font-semibold tracking-wide text-primary uppercase">
          Nästa match
        </h2>
        <KeptDataNote query={matches} />
        {body}
      </CardContent>
    </Card>
  );
}
