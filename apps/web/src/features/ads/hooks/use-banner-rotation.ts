import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { BannerRotation } from '../lib/banner-rotation';

export type BannerView<T> =
  | { status: 'loading'; value: null }
  | { status: 'ready'; value: T | null }
  | { status: 'error'; value: null };

type UseBannerRotationOptions<T> = {
  /** Near the viewport in a visible tab. */
  active: boolean;
  load: (signal: AbortSignal) => Promise<T | null>;
  refreshMs: number;
  minSwapMs: number;
  /** What is being asked for (placement and match): a change fetches again at once. */
  reloadKey: string;
};

/** The banner to show, fetched and swapped by the rules of BannerRotation. */
export function useBannerRotation<T>({
  active,
  load,
  refreshMs,
  minSwapMs,
  reloadKey,
}: UseBannerRotationOptions<T>): BannerView<T> {
  const [view, setView] = useState<BannerView<T>>({ status: 'loading', value: null });
  const rotation = useRef<BannerRotation<T> | null>(null);
  const lastSwapAt = useRef<number | null>(null);
  const loadLatest = useEffectEvent((signal: AbortSignal) => load(signal));

  useEffect(() => {
    const current = new BannerRotation<T>(
      {
        load: (signal) => loadLatest(signal),
        refreshMs,
        minSwapMs,
        onShow: (value) => setView({ status: 'ready', value }),
        // A banner on show stays when a refresh fails; the error shows only in its place.
        onError: () =>
          setView((previous) =>
            previous.status === 'ready' && previous.value !== null
              ? previous
              : { status: 'error', value: null },
          ),
      },
      lastSwapAt.current,
    );
    rotation.current = current;
    return () => {
      lastSwapAt.current = current.lastSwapAt;
      current.dispose();
      rotation.current = null;
    };
  }, [reloadKey, refreshMs, minSwapMs]);

  useEffect(() => {
    rotation.current?.setActive(active);
  }, [active, reloadKey, refreshMs, minSwapMs]);

  // Offline, the fetch fails and 'Kunde inte hämta annons' shows: back online, ask again at once
  // rather than at the next refresh.
  useEffect(() => {
    const retry = () => rotation.current?.retry();
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, []);

  return view;
}
