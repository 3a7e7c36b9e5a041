import type { OfficialMatchSummary } from '@speedway/contracts';
import { CalendarDays, Clock, MapPin, Radio } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { teamShort, VENUE_FALLBACK } from '@/lib/team-names';
import { dayBadge, whenText } from '../lib/labels';
import { TeamBlock } from './team-block';

export type MatchActions = (match: OfficialMatchSummary) => React.ReactNode;

type MatchSlideProps = {
  match: OfficialMatchSummary;
  now: Date;
  /** Extra buttons the page adds (the follow button lives in another feature). */
  actions?: MatchActions;
};

/** One match of the home hero: when, where, the two teams and the way to its protocol. */
export function MatchSlide({ match, now, actions }: MatchSlideProps) {
  const { date, time } = whenText(match);
  const id = match.id || null;
  return (
    <article className="grid gap-4" aria-label={`${match.home_team} mot ${match.away_team}`}>
      <div className="flex flex-wrap items-center gap-2 text-[13px] text-muted-foreground">
        <Badge variant={match.status === 'live' ? 'default' : 'secondary'}>
          {dayBadge(match, now)}
        </Badge>
        {match.round !== null ? <span>Omgång {match.round}</span> : null}
        {match.competition ? <span>· {match.competition}</span> : null}
      </div>
      <div className="grid grid-cols-[1fr_auto_1fr] items-center gap-2">
        <TeamBlock
          name={match.home_team}
          short={teamShort(match.home_team, match.home_short, 'home')}
          side="home"
          matchId={id}
        />
        <span className="text-sm font-bold text-muted-foreground">vs</span>
        <TeamBlock
          name={match.away_team}
          short={teamShort(match.away_team, match.away_short, 'away')}
          side="away"
          matchId={id}
        />
      </div>
      <dl className="flex flex-wrap justify-center gap-x-4 gap-y-1 text-sm">
        <div className="inline-flex items-center gap-1.5">
          <dt className="sr-only">Datum</dt>
          <CalendarDays className="size-4 text-muted-foreground" aria-hidden="true" />
          <dd>{date}</dd>
        </div>
        {time ? (
          <div className="inline-flex items-center gap-1.5">
            <dt className="sr-only">Tid</dt>
            <Clock className="size-4 text-muted-foreground" aria-hidden="true" />
            <dd className="font-semibold tabular-nums">{time}</dd>
          </div>
        ) : null}
        {/* On a phone the arena always has a line of its own: every slide (and the loading
            placeholder) is as tall as the next, whatever the arena's name. */}
        <div className="inline-flex items-center justify-center gap-1.5 max-md:basis-full">
          <dt className="sr-only">Arena</dt>
          <MapPin className="size-4 text-muted-foreground" aria-hidden="true" />
          <dd>{match.venue ?? VENUE_FALLBACK}</dd>
        </div>
      </dl>
      <div className="grid grid-cols-2 gap-2">
        {id ? (
          <Button asChild>
            <Link to={`/matches/official/${id}`}>Till protokoll</Link>
          </Button>
        ) : (
          <Button disabled>
            <Radio aria-hidden="true" />
            Öppna live
          </Button>
        )}
        {actions?.(match)}
      </div>
    </article>
  );
}
