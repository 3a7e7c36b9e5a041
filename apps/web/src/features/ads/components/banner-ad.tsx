import type { AdPlacement } from '@speedway/contracts';
import { useEffect, useRef, useState } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { sendAdBeacon } from '../api/send-ad-beacon';
import { useBannerRotation } from '../hooks/use-banner-rotation';
import { usePageVisible } from '../hooks/use-page-visible';
import { useViewableImpression } from '../hooks/use-viewable-impression';
import {
  BANNER_HEIGHT,
  BANNER_MIN_SWAP_MS,
  BANNER_REFRESH_MS,
  BANNER_WIDTH,
} from '../lib/banner-config';
import { loadBanner, type BannerServe } from '../lib/load-banner';

/** The match a banner is shown with: its clubs' ads come first. */
export type BannerMatch = { homeTeamId: string | null; awayTeamId: string | null };

export type BannerAdProps = BannerMatch & {
  placement: AdPlacement;
  /** The slot, watched for the impression rule. */
  slot: Element | null;
  /** Within 100 px of the viewport. */
  near: boolean;
  /** Told each answer: whether no ad fits (true) or one is shown (false). */
  onEmpty?: (empty: boolean) => void;
};

/**
 * One banner ad (docs/spec/2-matches-protocols-admin.md §4, §9): loading, then an ad or nothing;
 * rotated by the slot's refresh time while near the viewport in a visible tab. It fills the slot
 * that AdBannerSlot reserves.
 */
export function BannerAd({
  placement,
  homeTeamId,
  awayTeamId,
  slot,
  near,
  onEmpty,
}: BannerAdProps) {
  const visible = usePageVisible();
  const view = useBannerRotation<BannerServe>({
    active: near && visible,
    load: (signal) => loadBanner({ placement, homeTeamId, awayTeamId }, signal),
    refreshMs: BANNER_REFRESH_MS[placement],
    minSwapMs: BANNER_MIN_SWAP_MS,
    reloadKey: `${placement}|${homeTeamId ?? ''}|${awayTeamId ?? ''}`,
  });
  const ad = view.status === 'ready' ? view.value : null;
  const empty = view.status === 'ready' ? view.value === null : null;
  useEffect(() => {
    if (empty !== null) onEmpty?.(empty);
  }, [empty, onEmpty]);

  useViewableImpression(slot, ad?.impression_token ?? null, () => {
    if (ad) sendAdBeacon('impression', { id: ad.id, placement, token: ad.impression_token });
  });

  if (view.status === 'loading') return <Skeleton className="size-full rounded-md" />;
  if (view.status === 'error') {
    return (
      <p className="grid size-full place-items-center rounded-md border border-dashed text-xs text-muted-foreground">
        Kunde inte hämta annons
      </p>
    );
  }
  if (!ad) return null;
  return <BannerLink key={ad.click_token} ad={ad} placement={placement} />;
}

function BannerLink({ ad, placement }: { ad: BannerServe; placement: AdPlacement }) {
  const [broken, setBroken] = useState(!ad.imageLoaded);
  const clicked = useRef(false);
  // The link opens the advertiser itself (a new tab); the beacon only counts it, once per serve.
  const count = () => {
    if (clicked.current) return;
    clicked.current = true;
    sendAdBeacon('click', { id: ad.id, placement, token: ad.click_token });
  };
  return (
    <a
      href={ad.click_url}
      target="_blank"
      rel="noopener noreferrer sponsored"
      onClick={count}
      onAuxClick={(event) => event.button === 1 && count()}
      className="relative block size-full overflow-hidden rounded-md border bg-card outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      {broken ? (
        // A broken image would show the browser's broken-image icon: the title stands in.
        <span className="flex size-full items-center justify-center px-12 text-center text-sm leading-tight font-semibold">
          {ad.title}
        </span>
      ) : (
        <img
          src={ad.image_url}
          alt={ad.title}
          width={BANNER_WIDTH}
          height={BANNER_HEIGHT}
          className="size-full object-cover"
          onError={() => setBroken(true)}
        />
      )}
      <span className="absolute top-0 right-0 rounded-bl-md bg-black/60 px-1.5 text-[10px] leading-4 font-semibold text-white">
        Annons
      </span>
    </a>
  );
}
