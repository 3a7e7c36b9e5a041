import type { SavedMatch } from '@speedway/contracts';
import {
  heatScore,
  LANES,
  runningScores,
  type Heat,
  type HeatResult,
  type Lane,
  type LaneRider,
} from '@speedway/rules';
import { CircleAlert } from 'lucide-react';
import { HelmetSwatch } from '@/components/helmet-swatch';
import { RiderName } from '@/components/stats-links';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useMediaQuery } from '@/lib/use-media-query';
import { cn } from '@/lib/utils';
import { placementLabel, pointsLabel } from '../lib/labels';

/**
 * docs/spec/2-matches-protocols-admin.md §2: the heat overview is a table on desktop and cards on
 * phones (≤ 768 px).
 */
export const PHONE_QUERY = '(max-width: 768px)';

type Shorts = { home: string; away: string };

type RiderRow = { lane: Lane; rider: LaneRider; result: HeatResult | undefined };

type HeatRow = {
  heat: Heat;
  riders: RiderRow[];
  score: { home: number; away: number };
  running: { home_score: number; away_score: number } | undefined;
  differs: boolean;
};

function heatRows(saved: SavedMatch): HeatRow[] {
  const heats = [...saved.user_results.heats].sort((a, b) => a.heat_number - b.heat_number);
  // Scores come from the engine, the same functions the server and the protocol use.
  const running = new Map(runningScores(heats).map((score) => [score.heat_number, score]));
  const differing = new Set(saved.heat_discrepancies.map((heat) => heat.heat_number));
  return heats.map((heat) => ({
    heat,
    riders: LANES.flatMap((lane) => {
      const rider = heat.riders[lane];
      if (!rider) return [];
      return [{ lane, rider, result: heat.results.find((r) => r.rider_id === rider.rider_id) }];
    }),
    score: heatScore(heat),
    running: running.get(heat.heat_number),
    differs: differing.has(heat.heat_number),
  }));
}

/** Finishers by place, excluded riders after them, riders without a result last. */
function byPlacement(riders: RiderRow[]): RiderRow[] {
  const rank = ({ result }: RiderRow) =>
    !result ? 9 : result.status === 'excluded' ? 5 : result.position;
  return [...riders].sort((a, b) => rank(a) - rank(b));
}

function resultText(result: HeatResult | undefined): string {
  if (!result) return 'Ej registrerad';
  const place = placementLabel(result);
  return result.status === 'excluded'
    ? place
    : `${place} · ${pointsLabel(result.points, result.bonus_points)} p`;
}

function DiffersBadge() {
  return (
    <Badge variant="warning">
      <CircleAlert aria-hidden="true" />
      Avviker
    </Badge>
  );
}

function Score({ home, away, shorts }: { home: number; away: number; shorts: Shorts }) {
  return (
    <span className="whitespace-nowrap tabular-nums">
      <span className="text-muted-foreground">{shorts.home}</span>{' '}
      <strong>
        {home}–{away}
      </strong>{' '}
      <span className="text-muted-foreground">{shorts.away}</span>
    </span>
  );
}

function HeatTable({ rows, shorts }: { rows: HeatRow[]; shorts: Shorts }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[56rem] text-sm">
        <caption className="sr-only">Heat för heat enligt ditt protokoll</caption>
        <thead className="bg-muted/60 text-left text-[13px] text-muted-foreground">
          <tr>
            <th scope="col" className="w-20 px-4 py-2.5 font-medium">
              Heat
            </th>
            {LANES.map((lane) => (
              <th key={lane} scope="col" className="px-2 py-2.5 font-medium">
                Spår {lane}
              </th>
            ))}
            <th scope="col" className="px-2 py-2.5 text-right font-medium">
              Heatresultat
            </th>
            <th scope="col" className="px-4 py-2.5 text-right font-medium">
              Ställning
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr
              key={row.heat.heat_number}
              className={cn('border-t align-top', row.differs && 'bg-amber-500/5')}
            >
              <th scope="row" className="px-4 py-2.5 text-left font-semibold whitespace-nowrap">
                <span className="grid gap-1">
                  <span>Heat {row.heat.heat_number}</span>
                  {row.differs ? <DiffersBadge /> : null}
                </span>
              </th>
              {LANES.map((lane) => {
                const entry = row.riders.find((r) => r.lane === lane);
                if (!entry) {
                  return (
                    <td key={lane} className="px-2 py-2.5 text-muted-foreground">
                      –
                    </td>
                  );
                }
                const winner = entry.result?.status === 'completed' && entry.result.position === 1;
                return (
                  <td key={lane} className="max-w-48 px-2 py-2.5">
                    <span className="flex min-w-0 items-center gap-1.5">
                      <HelmetSwatch color={entry.rider.helmet_color} />
                      <span className={cn('truncate', winner && 'font-semibold')}>
                        <RiderName riderId={entry.rider.rider_id} name={entry.rider.name} />
                      </span>
                    </span>
                    <span className="block pl-5.5 text-[12px] text-muted-foreground">
                      {shorts[entry.rider.team]} · {resultText(entry.result)}
                    </span>
                  </td>
                );
              })}
              <td className="px-2 py-2.5 text-right">
                <Score home={row.score.home} away={row.score.away} shorts={shorts} />
              </td>
              <td className="px-4 py-2.5 text-right">
                {row.running ? (
                  <Score
                    home={row.running.home_score}
                    away={row.running.away_score}
                    shorts={shorts}
                  />
                ) : (
                  '–'
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function HeatCards({ rows, shorts }: { rows: HeatRow[]; shorts: Shorts }) {
  return (
    <ol className="grid gap-3">
      {rows.map((row) => (
        <li key={row.heat.heat_number}>
          <section
            aria-label={`Heat ${row.heat.heat_number}`}
            className={cn(
              'rounded-xl border bg-card',
              row.differs && 'border-amber-500/50 bg-amber-500/5',
            )}
          >
            <header className="flex items-center justify-between gap-2 border-b px-4 py-2.5">
              <span className="flex items-center gap-2">
                <h3 className="font-bold">Heat {row.heat.heat_number}</h3>
                {row.differs ? <DiffersBadge /> : null}
              </span>
              <Score home={row.score.home} away={row.score.away} shorts={shorts} />
            </header>
            <ul className="divide-y">
              {byPlacement(row.riders).map(({ lane, rider, result }) => (
                <li key={lane} className="flex items-center gap-2.5 px-4 py-2 text-sm">
                  <span className="w-12 shrink-0 font-semibold tabular-nums">
                    {placementLabel(result)}
                  </span>
                  <HelmetSwatch color={rider.helmet_color} />
                  <span className="min-w-0 flex-1 truncate">
                    <RiderName riderId={rider.rider_id} name={rider.name} />{' '}
                    <span className="text-[12px] text-muted-foreground">{shorts[rider.team]}</span>
                  </span>
                  <span className="shrink-0 font-semibold tabular-nums">
                    {result && result.status === 'completed'
                      ? pointsLabel(result.points, result.bonus_points)
                      : '–'}
                  </span>
                </li>
              ))}
            </ul>
            {row.running ? (
              <p className="border-t px-4 py-2 text-right text-[13px] text-muted-foreground">
                Ställning{' '}
                <Score
                  home={row.running.home_score}
                  away={row.running.away_score}
                  shorts={shorts}
                />
              </p>
            ) : null}
          </section>
        </li>
      ))}
    </ol>
  );
}

/** Every heat of the saved protocol: riders, places, points + bonus, heat score, running score. */
export function HeatOverview({ saved, shorts }: { saved: SavedMatch; shorts: Shorts }) {
  const phone = useMediaQuery(PHONE_QUERY);
  const rows = heatRows(saved);
  return (
    <Card className={phone ? 'gap-3 border-0 bg-transparent py-0 shadow-none' : 'gap-0 pb-0'}>
      <CardHeader className={phone ? 'px-0' : 'pb-4'}>
        <CardTitle>Heat för heat</CardTitle>
        <CardDescription>
          Placeringar och poäng enligt ditt sparade protokoll. Bonuspoäng skrivs som +1.
        </CardDescription>
      </CardHeader>
      {rows.length === 0 ? (
        <CardContent className={phone ? 'px-0' : 'pb-5'}>
          <p className="text-sm text-muted-foreground">Inga heat registrerade.</p>
        </CardContent>
      ) : phone ? (
        <HeatCards rows={rows} shorts={shorts} />
      ) : (
        <HeatTable rows={rows} shorts={shorts} />
      )}
    </Card>
  );
}
