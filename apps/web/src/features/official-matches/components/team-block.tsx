import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { WordFitText } from '@/components/word-fit-text';
import { cn } from '@/lib/utils';

type TeamBlockProps = {
  name: string;
  short: string;
  side: 'home' | 'away';
  /** The official match, for the squad anchor on its detail page. */
  matchId: string | null;
  className?: string;
};

/** A team card in the hero: name, short name, 'Trupp' (the line-up) and 'Matcher' (its matches). */
export function TeamBlock({ name, short, side, matchId, className }: TeamBlockProps) {
  return (
    <div
      data-team-block=""
      className={cn(
        'flex min-w-0 flex-col items-center gap-2 rounded-xl bg-muted/60 p-3 text-center',
        className,
      )}
    >
      <span
        aria-hidden="true"
        className={cn(
          'inline-flex size-11 items-center justify-center rounded-full text-[13px] font-bold',
          side === 'home'
            ? 'bg-primary text-primary-foreground'
            : 'bg-chrome text-chrome-foreground',
        )}
      >
        {short}
      </span>
      {/* Two lines rather than a name cut off: the card is narrow on a phone. There both lines are
          always kept, so every slide (and the loading placeholder) has the same height. A word too
          long for the card (a 320 px phone) takes a smaller font rather than a break mid-word. */}
      <span className="grid w-full place-items-center leading-tight font-semibold max-md:min-h-[2lh]">
        <WordFitText text={name} className="line-clamp-2" data-team-name="" />
      </span>
      <span className="text-[12px] text-muted-foreground">
        {side === 'home' ? 'Hemma' : 'Borta'}
      </span>
      <div className="flex w-full flex-wrap justify-center gap-1">
        {matchId ? (
          <Button asChild variant="ghost" size="sm" className="h-9 px-2">
            <Link to={`/matches/official/${matchId}#trupp-${side}`} aria-label={`Trupp ${name}`}>
              Trupp
            </Link>
          </Button>
        ) : null}
        <Button asChild variant="ghost" size="sm" className="h-9 px-2">
          <Link to={`/matches?q=${encodeURIComponent(name)}`} aria-label={`Matcher ${name}`}>
            Matcher
          </Link>
        </Button>
      </div>
    </div>
  );
}
