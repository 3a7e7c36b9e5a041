import {
  AD_BANNER_HEIGHT,
  AD_BANNER_WIDTH,
  AD_IMPRESSION_VISIBLE_MS,
  AD_IMPRESSION_VISIBLE_RATIO,
  AD_MIN_SWAP_MS,
  AD_REFRESH_MS,
  AD_VISIBILITY_MARGIN_PX,
} from '@speedway/contracts';
import { expect, it } from 'vitest';
import {
  BANNER_HEIGHT,
  BANNER_MIN_SWAP_MS,
  BANNER_REFRESH_MS,
  BANNER_VISIBILITY_MARGIN_PX,
  BANNER_WIDTH,
  VIEWABLE_MS,
  VIEWABLE_RATIO,
} from './banner-config';

it('uses the same sizes, timings and viewability rule as the shared contracts', () => {
  expect([BANNER_WIDTH, BANNER_HEIGHT]).toEqual([AD_BANNER_WIDTH, AD_BANNER_HEIGHT]);
  expect([BANNER_WIDTH, BANNER_HEIGHT]).toEqual([320, 60]);
  expect(BANNER_MIN_SWAP_MS).toBe(AD_MIN_SWAP_MS);
  expect(BANNER_VISIBILITY_MARGIN_PX).toBe(AD_VISIBILITY_MARGIN_PX);
  expect(BANNER_REFRESH_MS).toEqual(AD_REFRESH_MS);
  expect(Object.values(BANNER_REFRESH_MS).sort()).toEqual([15_000, 25_000]);
  expect([VIEWABLE_RATIO, VIEWABLE_MS]).toEqual([
    AD_IMPRESSION_VISIBLE_RATIO,
    AD_IMPRESSION_VISIBLE_MS,
  ]);
});
