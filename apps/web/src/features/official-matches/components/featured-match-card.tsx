import type { OfficialMatchSummary } from '@speedway/contracts';
import { CalendarDays, Clock, MapPin } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { VENUE_FALLBACK } from '@/lib/team-names';
import { whenText } from '../lib/labels';

export function FeaturedMatchCard({
  match,
  badge,
}: {
  match: OfficialMatchSummary;
  badge: 'Idag' | 'Kommande';
}) {
  const { date, time } = whenText(match);
  return (
    <Card className="h-full gap-3 px-4 py-4">
      <div className="flex items-center justify-between gap-2">
        <Badge variant={badge === 'Idag' ? 'default' : 'secondary'}>{badge}</Badge>
        {match.round !== null ? (
          <span className="text-[13px] text-muted-foreground">Omgång {match.round}</span>
        ) : null}
      </div>
      <h3 className="text-lg leading-snug font-bold">
        {match.home_team} <span className="font-normal text-muted-foreground">vs</span>{' '}
        {match.away_team}
      </h3>
      <dl className="grid gap-1 text-sm">
        <div className="flex items-center gap-2">
          <dt className="sr-only">Datum</dt>
          <CalendarDays className="size-4 text-muted-foreground" aria-hidden="true" />
          <dd>{date}</dd>
        </div>
        {time ? (
          <div className="flex items-center gap-2">
            <dt className="sr-only">Tid</dt>
            <Clock className="size-4 text-muted-foreground" aria-hidden="true" />
            <dd className="tabular-nums">{time}</dd>
          </div>
        ) : null}
        <div className="flex items-center gap-2">
          <dt className="sr-only">Arena</dt>
          <MapPin className="size-4 text-muted-foreground" aria-hidden="true" />
          <dd>{match.venue ?? VENUE_FALLBACK}</dd>
        </div>
      </dl>
      <Button asChild className="mt-auto">
        <Link to={`/matches/official/${match.id}`}>Öppna matchkort</Link>
      </Button>
    </Card>
  );
}
