import type { AdSelectBody, AdSelection } from '@speedway/contracts';
import { selectAd } from '../api/select-ad';

/** A selected ad with whether its image could be loaded before it was shown. */
export type BannerServe = AdSelection & { imageLoaded: boolean };

/** An image that takes longer than this is shown anyway, loading in place. */
const IMAGE_WAIT_MS = 4000;

/**
 * Loads the image before the banner swaps, so a new ad appears whole instead of painting in, and
 * a broken image is known before it is shown (the banner then shows the title instead).
 */
export function preloadImage(src: string, signal?: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    const image = new Image();
    const timer = setTimeout(() => finish(true), IMAGE_WAIT_MS);
    const finish = (loaded: boolean) => {
      clearTimeout(timer);
      image.onload = null;
      image.onerror = null;
      resolve(loaded);
    };
    image.onload = () => finish(true);
    image.onerror = () => finish(false);
    signal?.addEventListener('abort', () => finish(false), { once: true });
    image.src = src;
  });
}

export async function loadBanner(
  body: AdSelectBody,
  signal: AbortSignal,
): Promise<BannerServe | null> {
  const ad = await selectAd(body, { signal });
  if (!ad) return null;
  return { ...ad, imageLoaded: await preloadImage(ad.image_url, signal) };
}
