import type { MatchHeat } from '@speedway/contracts';
import { sideLabels, type Side } from '@speedway/rules';
import { HelmetSwatch } from '@/components/helmet-swatch';
import { RiderName } from '@/components/stats-links';
import { cn } from '@/lib/utils';

type Rider = NonNullable<MatchHeat['riders'][keyof MatchHeat['riders']]>;

/**
 * A rider in a heat's list: helmet colour, name (to the rider's page) and team (short), as the
 * programme shows them.
 */
export function RiderTag({
  rider,
  shorts,
  grow = false,
}: {
  rider: Rider;
  shorts: Record<Side, string>;
  /** The name takes the row's room (a points column follows). */
  grow?: boolean;
}) {
  return (
    <>
      <HelmetSwatch color={rider.helmet_color} />
      <span className={cn('min-w-0 truncate', grow && 'flex-1')}>
        <RiderName riderId={rider.rider_id} name={rider.name} />
      </span>
      <span
        className={cn(
          'shrink-0 text-[12px] font-semibold',
          rider.team === 'home' ? 'text-primary' : 'text-muted-foreground',
        )}
        title={sideLabels[rider.team]}
      >
        {shorts[rider.team]}
      </span>
    </>
  );
}
