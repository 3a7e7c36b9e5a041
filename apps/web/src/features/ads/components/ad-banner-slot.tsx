import type { AdPlacement } from '@speedway/contracts';
import { lazy, Suspense, useCallback, useState } from 'react';
import { getAdSlotShown, setAdSlotShown } from '@/lib/storage';
import { cn } from '@/lib/utils';
import { useNearViewport } from '../hooks/use-near-viewport';
import { BANNER_VISIBILITY_MARGIN_PX } from '../lib/banner-config';
import type { BannerMatch } from './banner-ad';

const BannerAd = lazy(() => import('./banner-ad').then((m) => ({ default: m.BannerAd })));

/**
 * A banner ad's place on a page. While it has no ad it takes no room at all (no empty band on
 * the page); once an ad is shown it is 320×60. So that an arriving ad does not push the page
 * down (CLS) on every visit, the slot remembers per device whether its placement last had an ad
 * and then reserves the 320×60 from the first paint.
 *
 * The banner's code loads once the slot comes within 100 px of the viewport; until then the slot
 * stays empty. A collapsed slot has no box to watch: the page it sits on stands in for it, so it
 * keeps asking at its refresh time and shows an ad that fits later.
 */
export function AdBannerSlot({ placement, ...match }: BannerMatch & { placement: AdPlacement }) {
  const [slot, setSlot] = useState<HTMLDivElement | null>(null);
  const [collapsed, setCollapsed] = useState(() => !getAdSlotShown(placement));
  const near = useNearViewport(
    collapsed ? (slot?.parentElement ?? null) : slot,
    BANNER_VISIBILITY_MARGIN_PX,
  );
  const [reached, setReached] = useState(false);
  if (near && !reached) setReached(true);
  const onEmpty = useCallback(
    (empty: boolean) => {
      setCollapsed(empty);
      setAdSlotShown(placement, !empty);
    },
    [placement],
  );
  return (
    <div
      ref={setSlot}
      data-slot="banner-ad"
      data-placement={placement}
      data-empty={collapsed || undefined}
      className={cn('mx-auto w-full max-w-[320px] shrink-0', collapsed ? 'hidden' : 'h-[60px]')}
    >
      {reached ? (
        <Suspense fallback={null}>
          <BannerAd placement={placement} slot={slot} near={near} onEmpty={onEmpty} {...match} />
        </Suspense>
      ) : null}
    </div>
  );
}
