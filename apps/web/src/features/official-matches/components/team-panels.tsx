import type { OfficialMatchDetail } from '@speedway/contracts';
import { isReserve, SIDES, sideLabels } from '@speedway/rules';
import { RiderName, TeamName } from '@/components/stats-links';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

/** The two line-ups, numbers 1–5 main riders and 6–7 reserves; names lead to their pages. */
export function TeamPanels({ match }: { match: OfficialMatchDetail }) {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      {SIDES.map((side) => {
        const name = side === 'home' ? match.home_team : match.away_team;
        const teamId = side === 'home' ? match.home_team_id : match.away_team_id;
        const riders = [...match.lineups[side]].sort((a, b) => a.lineup_no - b.lineup_no);
        return (
          <Card key={side} id={`trupp-${side}`} className="scroll-mt-20 gap-3">
            <CardHeader>
              <CardTitle>
                <TeamName teamId={teamId} name={name} />
              </CardTitle>
              <p className="text-[13px] text-muted-foreground">{sideLabels[side]}</p>
            </CardHeader>
            <CardContent>
              {riders.length === 0 ? (
                <p className="text-sm text-muted-foreground">
                  Laguppställningen är inte publicerad ännu.
                </p>
              ) : (
                <ol className="grid gap-1.5">
                  {riders.map((rider) => (
                    <li key={rider.rider_id} className="flex items-center gap-3 text-sm">
                      <span className="inline-flex size-7 shrink-0 items-center justify-center rounded-full bg-muted text-[12px] font-bold tabular-nums">
                        {rider.lineup_no}
                      </span>
                      <span className="min-w-0 flex-1 truncate">
                        <RiderName riderId={rider.rider_id} name={rider.name} />
                      </span>
                      {isReserve(rider.lineup_no) ? (
                        <span className="text-[12px] text-muted-foreground">Reserv</span>
                      ) : null}
                    </li>
                  ))}
                </ol>
              )}
            </CardContent>
          </Card>
        );
      })}
    </div>
  );
}
