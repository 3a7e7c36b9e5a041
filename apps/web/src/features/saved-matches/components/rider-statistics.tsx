import type { SavedMatch } from '@speedway/contracts';
import { SIDES, sideLabels, type Side } from '@speedway/rules';
import { RiderName } from '@/components/stats-links';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

type Names = Record<Side, string>;

function TeamTotals({ totals }: { totals: SavedMatch['statistics']['home']['totals'] }) {
  const items = [
    ['Poäng', totals.points],
    ['Bonus', totals.bonus_points],
    ['Heatvinster', totals.heats_won],
    ['5–1', totals.five_one],
  ] as const;
  return (
    <dl className="grid grid-cols-4 gap-2 text-center">
      {items.map(([label, value]) => (
        <div key={label} className="rounded-lg bg-muted/60 px-1 py-2">
          <dt className="text-[12px] text-muted-foreground">{label}</dt>
          <dd className="text-lg font-bold tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * Per team the server's statistics of the saved protocol: the team's totals and each rider's
 * line ('12+2', rides, and the rides one by one).
 */
export function RiderStatistics({ saved, names }: { saved: SavedMatch; names: Names }) {
  return (
    <section aria-labelledby="rider-statistics" className="grid gap-3">
      <h2 id="rider-statistics" className="text-lg font-semibold">
        Förarstatistik
      </h2>
      <div className="grid gap-4 lg:grid-cols-2">
        {SIDES.map((side) => {
          const team = saved.statistics[side];
          return (
            <Card key={side} className="gap-4">
              <CardHeader>
                <CardTitle className="text-base">
                  {names[side]}{' '}
                  <span className="font-normal text-muted-foreground">{sideLabels[side]}</span>
                </CardTitle>
              </CardHeader>
              <CardContent className="grid gap-4">
                <TeamTotals totals={team.totals} />
                <table className="w-full text-sm">
                  <caption className="sr-only">Förare, {names[side]}</caption>
                  <thead className="text-[12px] text-muted-foreground">
                    <tr>
                      <th scope="col" className="w-7 py-1 text-left font-medium">
                        #
                      </th>
                      <th scope="col" className="py-1 text-left font-medium">
                        Förare
                      </th>
                      <th scope="col" className="w-12 py-1 text-right font-medium">
                        Heat
                      </th>
                      <th scope="col" className="w-14 py-1 text-right font-medium">
                        Poäng
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {team.riders.map((rider) => (
                      <tr key={rider.rider_id} className="border-t">
                        <td className="py-2 text-muted-foreground tabular-nums">
                          {rider.lineup_no}
                        </td>
                        <th scope="row" className="py-2 text-left font-normal">
                          <RiderName
                            riderId={rider.rider_id}
                            name={rider.name}
                            className="block w-fit font-medium"
                          />
                          <span className="block font-mono text-[12px] text-muted-foreground">
                            ({rider.marks.join(',') || '-'})
                          </span>
                        </th>
                        <td className="py-2 text-right tabular-nums">{rider.rides}</td>
                        <td className="py-2 text-right font-bold tabular-nums">
                          {rider.score_text}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </CardContent>
            </Card>
          );
        })}
      </div>
      <p className="text-[12px] text-muted-foreground">* bonuspoäng i heatet · X utesluten</p>
    </section>
  );
}
