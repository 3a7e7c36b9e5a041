import type { MatchHeat, OfficialMatchDetail } from '@speedway/contracts';
import { heatScore, LANES, messages, type HeatResult, type Score } from '@speedway/rules';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { pointsLabel } from '@/lib/format';
import { teamShort } from '@/lib/team-names';
import { RiderTag } from './rider-tag';

type Ride = { lane: string; rider: NonNullable<MatchHeat['riders']['1']>; result?: HeatResult };

/** Finishers by place, then the excluded, then riders without a result. */
function ridesByPlace(heat: MatchHeat): Ride[] {
  const rank = ({ result }: Ride) =>
    !result ? 9 : result.status === 'excluded' ? 5 : result.position;
  return LANES.flatMap((lane) => {
    const rider = heat.riders[lane];
    if (!rider) return [];
    const result = heat.results.find((r) => r.rider_id === rider.rider_id);
    return [{ lane, rider, ...(result ? { result } : {}) }];
  }).sort((a, b) => rank(a) - rank(b));
}

/** '3', '2+1' (with a bonus point), 'Utesl.' or '–'. */
function pointsText(result: HeatResult | undefined): string {
  if (!result) return '–';
  if (result.status === 'excluded') return messages.excludedShort;
  return pointsLabel(result.points, result.bonus_points);
}

function HeatResultRow({
  heat,
  score,
  running,
  shorts,
}: {
  heat: MatchHeat;
  score: Score;
  running: Score;
  shorts: Record<'home' | 'away', string>;
}) {
  return (
    <li className="grid gap-1.5 px-4 py-3" data-testid={`official-heat-${heat.heat_number}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <h3 className="text-sm font-bold">
          Heat {heat.heat_number}
          {heat.tactical ? (
            <span className="ml-2 text-xs font-semibold text-muted-foreground">Taktisk reserv</span>
          ) : null}
        </h3>
        <p className="text-sm tabular-nums">
          <span className="font-semibold">
            {score.home}–{score.away}
          </span>
          <span className="text-muted-foreground">
            {' '}
            ({shorts.home} {running.home}–{running.away} {shorts.away})
          </span>
        </p>
      </div>
      <ol className="grid gap-1">
        {ridesByPlace(heat).map(({ lane, rider, result }) => (
          <li key={lane} className="flex min-w-0 items-center gap-2 text-sm">
            <RiderTag rider={rider} shorts={shorts} grow />
            <span className="w-12 shrink-0 text-right font-semibold tabular-nums">
              {pointsText(result)}
            </span>
          </li>
        ))}
      </ol>
    </li>
  );
}

/**
 * A played match's official heats, heat by heat: the riders in finishing order with their points
 * (bonus as '+1'), the heat's score and the match score after it (before, a finished match
 * showed its total only).
 */
export function OfficialHeats({
  match,
  heats,
}: {
  match: OfficialMatchDetail;
  heats: readonly MatchHeat[];
}) {
  const shorts = {
    home: teamShort(match.home_team, match.home_short, 'home'),
    away: teamShort(match.away_team, match.away_short, 'away'),
  };
  const ordered = [...heats].sort((a, b) => a.heat_number - b.heat_number);
  const running: Score = { home: 0, away: 0 };
  const rows = ordered.map((heat) => {
    const score = heatScore(heat);
    running.home += score.home;
    running.away += score.away;
    return { heat, score, running: { ...running } };
  });
  return (
    <Card className="gap-3 pb-0" data-tutorial="heat-table">
      <CardHeader>
        <CardTitle>Officiella heat</CardTitle>
        <CardDescription>Placering och poäng i varje heat; +1 är bonuspoäng.</CardDescription>
      </CardHeader>
      <CardContent className="px-0">
        <ol className="divide-y border-t md:grid md:grid-cols-2 md:divide-y-0 md:[&>li]:border-b md:[&>li:nth-child(odd)]:border-r">
          {rows.map((row) => (
            <HeatResultRow key={row.heat.heat_number} shorts={shorts} {...row} />
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}
