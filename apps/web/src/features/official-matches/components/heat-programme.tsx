import type { MatchHeat, OfficialMatchDetail } from '@speedway/contracts';
import { getRulebook, isNominatedHeat, LANES } from '@speedway/rules';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { teamShort } from '@/lib/team-names';
import { RiderTag } from './rider-tag';

function HeatRow({ heat, match }: { heat: MatchHeat; match: OfficialMatchDetail }) {
  const nominated = isNominatedHeat(getRulebook(match.rulebook), heat.heat_number);
  const empty = LANES.every((lane) => !heat.riders[lane]);
  const shorts = {
    home: teamShort(match.home_team, match.home_short, 'home'),
    away: teamShort(match.away_team, match.away_short, 'away'),
  };
  return (
    <li className="grid grid-cols-[4.25rem_1fr] items-start gap-2 px-4 py-3">
      <span className="pt-0.5 text-sm font-bold">Heat {heat.heat_number}</span>
      {empty ? (
        <span className="text-sm text-muted-foreground">
          {nominated ? 'Nomineringsheat – förarna nomineras under matchen' : 'Ej satt'}
        </span>
      ) : (
        <ol className="grid gap-x-4 gap-y-1 sm:grid-cols-2">
          {LANES.map((lane) => {
            const rider = heat.riders[lane];
            return (
              <li key={lane} className="flex min-w-0 items-center gap-2 text-sm">
                <span className="w-4 shrink-0 text-[12px] text-muted-foreground tabular-nums">
                  {lane}
                </span>
                {rider ? (
                  <RiderTag rider={rider} shorts={shorts} />
                ) : (
                  <span className="text-muted-foreground">–</span>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </li>
  );
}

/** The 15-heat programme with the riders of each gate and their helmet colours. */
export function HeatProgramme({ match }: { match: OfficialMatchDetail }) {
  return (
    <Card className="gap-3 pb-0" data-tutorial="heat-table">
      <CardHeader>
        <CardTitle>Heatprogram</CardTitle>
      </CardHeader>
      <CardContent className="px-0">
        <ol className="divide-y border-t">
          {match.heats.map((heat) => (
            <HeatRow key={heat.heat_number} heat={heat} match={match} />
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}
