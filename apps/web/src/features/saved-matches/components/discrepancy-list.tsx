import type { SavedMatch } from '@speedway/contracts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { DISCREPANCY_LABELS, placementLabel } from '../lib/labels';

type Shorts = { home: string; away: string };

function ScoreText({
  score,
  shorts,
}: {
  score: { home: number; away: number } | null;
  shorts: Shorts;
}) {
  if (!score) return <span className="text-muted-foreground">Saknas</span>;
  return (
    <span className="tabular-nums">
      {shorts.home} {score.home}–{score.away} {shorts.away}
    </span>
  );
}

/**
 * Where the protocol and the official result differ: the totals (type, your value, the official
 * value) and, when the official result has heats, which heats and which riders.
 */
export function DiscrepancyList({
  saved,
  shorts,
  names,
}: {
  saved: SavedMatch;
  shorts: Shorts;
  names: { home: string; away: string };
}) {
  const { discrepancies, heat_discrepancies: heats } = saved;
  if (discrepancies.length === 0 && heats.length === 0) return null;
  return (
    <Card className="gap-4 border-amber-500/40">
      <CardHeader>
        <CardTitle>Skillnader mot officiella resultat</CardTitle>
        <CardDescription>
          {discrepancies.length === 0
            ? `Slutresultatet stämmer, men ${heats.length} heat skiljer sig från det officiella resultatet.`
            : heats.length > 0
              ? `Slutresultatet och ${heats.length} heat skiljer sig från det officiella resultatet.`
              : 'Slutresultatet skiljer sig från det officiella resultatet.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {discrepancies.length > 0 ? (
          <table className="w-full text-sm">
            <caption className="sr-only">Skillnader i slutresultatet</caption>
            <thead className="text-[12px] text-muted-foreground">
              <tr>
                <th scope="col" className="py-1 text-left font-medium">
                  Typ
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  Ditt protokoll
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  Officiellt
                </th>
              </tr>
            </thead>
            <tbody>
              {discrepancies.map((item) => (
                <tr key={item.type} className="border-t">
                  <th scope="row" className="py-2 text-left font-medium">
                    {DISCREPANCY_LABELS[item.type]}
                    <span className="block text-[12px] font-normal text-muted-foreground">
                      {item.type === 'home_score' ? names.home : names.away}
                    </span>
                  </th>
                  <td className="py-2 text-right font-bold tabular-nums">{item.user_value}</td>
                  <td className="py-2 text-right font-bold tabular-nums">{item.official_value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
        {heats.length > 0 ? (
          <ul className="grid gap-3">
            {heats.map((heat) => (
              <li key={heat.heat_number} className="rounded-lg border">
                <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 border-b bg-muted/40 px-3 py-2">
                  <h3 className="font-semibold">Heat {heat.heat_number}</h3>
                  <p className="text-[13px]">
                    <span className="text-muted-foreground">Ditt: </span>
                    <ScoreText score={heat.user} shorts={shorts} />
                    <span className="text-muted-foreground"> · Officiellt: </span>
                    <ScoreText score={heat.official} shorts={shorts} />
                  </p>
                </div>
                {heat.riders.length > 0 ? (
                  <table className="w-full text-sm">
                    <caption className="sr-only">
                      Förare som skiljer sig i heat {heat.heat_number}
                    </caption>
                    <thead className="text-[12px] text-muted-foreground">
                      <tr>
                        <th scope="col" className="px-3 py-1 text-left font-medium">
                          Förare
                        </th>
                        <th scope="col" className="px-3 py-1 text-right font-medium">
                          Ditt
                        </th>
                        <th scope="col" className="px-3 py-1 text-right font-medium">
                          Officiellt
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {heat.riders.map((rider) => (
                        <tr key={rider.rider_id} className="border-t">
                          <th scope="row" className="px-3 py-1.5 text-left font-normal">
                            {rider.name}
                          </th>
                          <td className="px-3 py-1.5 text-right">{placementLabel(rider.user)}</td>
                          <td className="px-3 py-1.5 text-right font-semibold">
                            {placementLabel(rider.official)}
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                ) : null}
              </li>
            ))}
          </ul>
        ) : null}
      </CardContent>
    </Card>
  );
}
