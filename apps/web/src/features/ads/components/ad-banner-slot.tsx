import type { AdPlacement } from '@speedway/contracts';
import { lazy, Suspense, useState } from 'react';
import { useNearViewport } from '../hooks/use-near-viewport';
import { BANNER_VISIBILITY_MARGIN_PX } from '../lib/banner-config';
import type { BannerMatch } from './banner-ad';

const BannerAd = lazy(() => import('./banner-ad').then((m) => ({ default: m.BannerAd })));

/**
 * A banner ad's place on a page: 320×60 reserved from the first paint, so nothing moves when an
 * ad arrives or there is none (CLS). The banner's code loads once the slot comes within 100 px of
 * the viewport; until then the slot stays empty.
 */
export function AdBannerSlot({ placement, ...match }: BannerMatch & { placement: AdPlacement }) {
  const [slot, setSlot] = useState<HTMLDivElement | null>(null);
  const near = useNearViewport(slot, BANNER_VISIBILITY_MARGIN_PX);
  const [reached, setReached] = useState(false);
  if (near && !reached) setReached(true);
  return (
    <div
      ref={setSlot}
      data-slot="banner-ad"
      data-placement={placement}
      className="mx-auto h-[60px] w-full max-w-[320px] shrink-0"
    >
      {reached ? (
        <Suspense fallback={null}>
          <BannerAd placement={placement} slot={slot} near={near} {...match} />
        </Suspense>
      ) : null}
    </div>
  );
}
