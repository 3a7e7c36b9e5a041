import { buttonVariants } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';

/**
 * The home hero while the official matches load, in the exact shape of what replaces it: a day's
 * matches as a carousel (match-carousel.tsx) of one slide (match-slide.tsx, team-block.tsx). Each
 * placeholder has the box of the line it stands for (the same classes, a line box of `1lh`, the
 * real button words made transparent), so the card keeps its height at every width and nothing
 * below it moves when the matches arrive (CLS; the prerendered home page paints this). Keep it in
 * step with those three files; e2e/tests/home-skeleton.spec.ts compares the heights.
 */
export function NextMatchSkeleton() {
  return (
    <div className="grid grid-cols-1 gap-3" aria-hidden="true" data-testid="next-match-skeleton">
      <div className="px-0.5">
        <div className="grid gap-4">
          <div className="flex flex-wrap items-center gap-2 text-[13px]">
            <Skeleton className="h-[22px] w-14 rounded-full" />
            <Skeleton className="h-[1lh] w-28" />
          </div>
          <div className="grid grid-cols-[1fr_auto_1fr] items-center gap-2">
            <TeamBlockSkeleton />
            <span className="invisible text-sm font-bold">vs</span>
            <TeamBlockSkeleton />
          </div>
          <div className="flex flex-wrap justify-center gap-x-4 gap-y-1 text-sm">
            <Skeleton className="h-[1lh] w-40" />
            <div className="flex justify-center max-md:basis-full">
              <Skeleton className="h-[1lh] w-36" />
            </div>
          </div>
          <div className="grid grid-cols-2 gap-2">
            <Skeleton className="h-11 rounded-lg" />
            <Skeleton className="h-11 rounded-lg" />
          </div>
        </div>
      </div>
      <CarouselControlsPlaceholder />
    </div>
  );
}

function TeamBlockSkeleton() {
  // The two link buttons carry their real words (transparent), so they wrap onto two rows exactly
  // where the real ones do.
  const link = cn(
    buttonVariants({ variant: 'ghost', size: 'sm' }),
    'h-9 animate-pulse bg-muted px-2 text-transparent',
  );
  return (
    <div className="flex min-w-0 flex-col items-center gap-2 rounded-xl bg-muted/60 p-3">
      <Skeleton className="size-11 rounded-full" />
      <div className="grid w-full place-items-center leading-tight font-semibold max-md:min-h-[2lh]">
        <Skeleton className="h-[1lh] w-3/4" />
      </div>
      <div className="text-[12px]">
        <Skeleton className="h-[1lh] w-12" />
      </div>
      <div className="flex w-full flex-wrap justify-center gap-1">
        <span className={link}>Trupp</span>
        <span className={link}>Matcher</span>
      </div>
    </div>
  );
}

/**
 * Where the carousel's previous/next buttons and dots go, for as long as the carousel itself is
 * loading (its code is a chunk of its own): the same height, so the card does not grow when it
 * arrives.
 */
export function CarouselControlsPlaceholder() {
  return (
    <div className="flex items-center justify-between gap-2" aria-hidden="true">
      <Skeleton className="size-11 rounded-lg bg-transparent" />
      <Skeleton className="h-2 w-16 rounded-full" />
      <Skeleton className="size-11 rounded-lg bg-transparent" />
    </div>
  );
}
