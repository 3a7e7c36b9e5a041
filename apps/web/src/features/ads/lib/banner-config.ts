import type { AdPlacement } from '@speedway/contracts';

/*
 * docs/spec/2-matches-protocols-admin.md §9: the banner's size, timings and the margin within which
 * it is fetched. These repeat the AD_… constants of @speedway/contracts because that module brings
 * zod and every schema with it, which the protocol page does not otherwise load;
 * banner-config.test.ts keeps them equal.
 */
export const BANNER_WIDTH = 320;
export const BANNER_HEIGHT = 60;
export const BANNER_MIN_SWAP_MS = 10_000;
export const BANNER_VISIBILITY_MARGIN_PX = 100;
/** Each slot refreshes on its own rhythm, so the two banners of a page do not swap together. */
export const BANNER_REFRESH_MS: Readonly<Record<AdPlacement, number>> = {
  'protocol-top': 15_000,
  'protocol-bottom': 25_000,
};

/** The viewability rule for counting an impression: half the banner seen for a second. */
export const VIEWABLE_RATIO = 0.5;
export const VIEWABLE_MS = 1000;
