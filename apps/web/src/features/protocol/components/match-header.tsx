import { VENUE_FALLBACK } from '@/lib/team-names';
import type { Match } from '@speedway/contracts';
import {
  completedCount,
  heatStatusLabels,
  HEATS_PER_MATCH,
  matchScore,
  messages,
  type MatchState,
} from '@speedway/rules';
import { BarChart3, CalendarDays, MapPin } from 'lucide-react';
import { useState } from 'react';
import { FittedName } from '@/components/fitted-name';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { formatDateTime } from '@/lib/format';
import type { TeamShorts } from '../lib/match-state';

/** confirmed 'Bekräftad', live 'Pågår', completed 'Avslutad', anything else 'Kommande'. */
export function matchStatusLabel(status: string): string {
  return status in heatStatusLabels
    ? heatStatusLabels[status as keyof typeof heatStatusLabels]
    : heatStatusLabels.upcoming;
}

/**
 * A team in the header: its name, or on a phone where the name does not fit its short name, with
 * the other one beneath (the short name under a full name, the full name under a short one).
 */
function TeamName({ name, short }: { name: string; short: string }) {
  const [fits, setFits] = useState(true);
  return (
    <>
      <FittedName
        full={name}
        short={short}
        className="text-base font-bold md:text-xl"
        onFitChange={setFits}
      />
      <span
        aria-hidden={!fits}
        className="block text-[12px] leading-tight font-semibold text-muted-foreground"
      >
        {fits ? short : name}
      </span>
    </>
  );
}

export function MatchHeader({
  match,
  state,
  shorts,
  onStats,
}: {
  match: Match;
  state: MatchState;
  shorts: TeamShorts;
  onStats: () => void;
}) {
  const score = matchScore(state.heats);
  const done = completedCount(state.heats);
  const total = Math.max(HEATS_PER_MATCH, state.heats.length);
  return (
    <Card className="gap-3 px-4 py-4">
      <div className="flex flex-wrap items-center justify-between gap-2 text-[13px] text-muted-foreground">
        <Badge
          variant={
            match.status === 'completed' || match.status === 'confirmed' ? 'success' : 'secondary'
          }
        >
          {matchStatusLabel(match.status)}
        </Badge>
        <span className="inline-flex items-center gap-1.5">
          <CalendarDays className="size-3.5" aria-hidden="true" />
          {match.date ? formatDateTime(match.date) : 'Datum ej satt'}
        </span>
        <span className="inline-flex min-w-0 items-center gap-1.5">
          <MapPin className="size-3.5 shrink-0" aria-hidden="true" />
          <span className="truncate">{match.venue || VENUE_FALLBACK}</span>
        </span>
      </div>
      <h1 className="grid grid-cols-[1fr_auto_1fr] items-center gap-2">
        <span className="min-w-0 text-right">
          <TeamName name={match.home_team} short={shorts.home} />
        </span>
        <span
          className="rounded-xl bg-chrome px-3 py-1.5 text-2xl font-black text-chrome-foreground tabular-nums md:text-3xl"
          aria-label={`Ställning ${score.home_score}–${score.away_score}`}
        >
          {score.home_score}–{score.away_score}
        </span>
        <span className="min-w-0">
          <TeamName name={match.away_team} short={shorts.away} />
        </span>
      </h1>
      <div className="grid gap-1.5">
        <div className="flex items-center justify-between gap-2 text-sm">
          <span className="font-semibold tabular-nums">{messages.heatsComplete(done, total)}</span>
          <Button
            variant="outline"
            size="sm"
            className="h-10"
            onClick={onStats}
            data-tutorial="match-stats"
          >
            <BarChart3 aria-hidden="true" />
            Match-statistik
          </Button>
        </div>
        <div
          className="grid h-1.5 gap-0.5 overflow-hidden rounded-full"
          style={{ gridTemplateColumns: `repeat(${total}, minmax(0, 1fr))` }}
          aria-hidden="true"
        >
          {Array.from({ length: total }, (_, i) => (
            <span key={i} className={i < done ? 'bg-primary' : 'bg-muted'} />
          ))}
        </div>
      </div>
    </Card>
  );
}
