import {
  sideLabels,
  messages,
  type HeatResult,
  type Lane,
  type LaneRider,
  type RiderTotal,
} from '@speedway/rules';
import { HelmetSwatch } from '@/components/helmet-swatch';
import { cn } from '@/lib/utils';
import { ordinal } from '../lib/match-state';

type LaneCardProps = {
  lane: Lane;
  rider: LaneRider | undefined;
  result: HeatResult | undefined;
  /** The rider's running total up to this heat ('Totalpoäng'), else this heat's points. */
  total: RiderTotal | null;
};

function PointsText({ points, bonus }: { points: number; bonus: number }) {
  return (
    <span className="tabular-nums">
      {points} p{bonus > 0 ? <span className="text-success"> +{bonus}</span> : null}
    </span>
  );
}

export function LaneCard({ lane, rider, result, total }: LaneCardProps) {
  return (
    <div
      className={cn(
        'flex min-h-12 items-center gap-3 rounded-lg border px-3 py-1.5',
        rider?.team === 'home' ? 'bg-primary/[0.04]' : 'bg-muted/40',
      )}
    >
      <span className="inline-flex size-7 shrink-0 items-center justify-center rounded-md bg-muted text-sm font-bold tabular-nums">
        <span className="sr-only">Spår </span>
        {lane}
      </span>
      {rider ? <HelmetSwatch color={rider.helmet_color} /> : null}
      <div className="min-w-0 flex-1">
        <span className="block truncate font-semibold">{rider?.name ?? '–'}</span>
        {rider ? (
          <span className="block text-[12px] text-muted-foreground">
            {sideLabels[rider.team]}
            {rider.replaces !== undefined ? ` · ersätter nr ${rider.replaces}` : ''}
          </span>
        ) : null}
      </div>
      <div className="shrink-0 text-right text-sm">
        {total ? (
          <span className="font-semibold">
            <PointsText points={total.points} bonus={total.bonus_points} />
          </span>
        ) : result ? (
          result.status === 'excluded' ? (
            <span className="font-semibold text-destructive">{messages.excludedShort}</span>
          ) : (
            <span className="grid">
              <span className="text-base font-bold">{ordinal(result.position)}</span>
              <span className="text-[12px] text-muted-foreground">
                <PointsText points={result.points} bonus={result.bonus_points} />
              </span>
            </span>
          )
        ) : null}
      </div>
    </div>
  );
}
