import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  insideViewport,
  PANEL_OFFSET,
  placePanel,
  spotlightRect,
  SPOTLIGHT_MARGIN,
  VIEWPORT_PADDING,
  type Size,
} from './geometry';

const VIEWPORTS: Size[] = [
  { width: 320, height: 568 },
  { width: 390, height: 844 },
  { width: 640, height: 480 },
  { width: 1280, height: 800 },
];

describe('spotlight (docs/spec/2-matches-protocols-admin.md §9: margin 16 px)', () => {
  it('lies 16 px around the target', () => {
    expect(
      spotlightRect({ top: 100, left: 200, width: 50, height: 40 }, { width: 1280, height: 800 }),
    ).toEqual({ top: 84, left: 184, width: 82, height: 72 });
  });

  it('is cut to the window', () => {
    expect(
      spotlightRect({ top: -50, left: 5, width: 400, height: 900 }, { width: 390, height: 844 }),
    ).toEqual({ top: 0, left: 0, width: 390, height: 844 });
  });
});

describe('panel placement (docs/spec/2-matches-protocols-admin.md §9: offset 18 px, viewport padding 20 px, sheet below 640 px)', () => {
  const desk = { width: 1280, height: 800 };
  const panel = { width: 360, height: 180 };

  it('goes 18 px below the spotlight, centred on it', () => {
    const spot = spotlightRect({ top: 100, left: 500, width: 200, height: 40 }, desk);
    const layout = placePanel(spot, panel, desk);
    expect(layout.placement).toBe('bottom');
    expect(layout.top).toBe(spot.top + spot.height + PANEL_OFFSET);
    expect(layout.left).toBe(600 - 180);
  });

  it('goes above when there is no room below, and keeps 20 px from the edges', () => {
    const spot = spotlightRect({ top: 700, left: 1200, width: 60, height: 40 }, desk);
    const layout = placePanel(spot, panel, desk);
    expect(layout.placement).toBe('top');
    expect(layout.top + panel.height).toBe(spot.top - PANEL_OFFSET);
    expect(layout.left).toBe(desk.width - VIEWPORT_PADDING - 360);
  });

  it('is a full-width bottom sheet below 640 px', () => {
    const phone = { width: 390, height: 844 };
    const layout = placePanel(null, { width: 390, height: 200 }, phone);
    expect(layout).toEqual({ placement: 'sheet', top: 644, left: 0, width: 390 });
  });

  it('moves the sheet to the top when the target lies under it (the foot of a page)', () => {
    const phone = { width: 320, height: 568 };
    const spot = spotlightRect({ top: 480, left: 16, width: 288, height: 60 }, phone);
    expect(placePanel(spot, { width: 320, height: 228 }, phone)).toEqual({
      placement: 'sheet-top',
      top: 0,
      left: 0,
      width: 320,
    });
    const high = spotlightRect({ top: 100, left: 16, width: 288, height: 60 }, phone);
    expect(placePanel(high, { width: 320, height: 228 }, phone).placement).toBe('sheet');
  });

  it('stands in the middle without a target', () => {
    expect(placePanel(null, panel, desk)).toMatchObject({
      placement: 'center',
      top: 310,
      left: 460,
    });
  });

  it('keeps every panel inside the window, whatever the target (320×568 … 1280×800)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...VIEWPORTS),
        fc.record({
          top: fc.integer({ min: -1500, max: 2500 }),
          left: fc.integer({ min: -300, max: 1500 }),
          width: fc.integer({ min: 0, max: 1400 }),
          height: fc.integer({ min: 0, max: 2000 }),
        }),
        fc.integer({ min: 120, max: 420 }),
        (view, target, height) => {
          // The panel's CSS caps it at the window less its padding (a sheet at 85 % of it).
          const capped = Math.min(height, view.height - 2 * VIEWPORT_PADDING);
          const spot = spotlightRect(target, view);
          const layout = placePanel(spot, { width: 360, height: capped }, view);
          expect(
            insideViewport(
              { top: layout.top, left: layout.left, width: layout.width, height: capped },
              view,
            ),
          ).toBe(true);
          if (!layout.placement.startsWith('sheet')) {
            expect(layout.left).toBeGreaterThanOrEqual(VIEWPORT_PADDING);
            expect(layout.top).toBeGreaterThanOrEqual(VIEWPORT_PADDING);
            expect(layout.left + layout.width).toBeLessThanOrEqual(view.width - VIEWPORT_PADDING);
            expect(layout.top + capped).toBeLessThanOrEqual(view.height - VIEWPORT_PADDING);
          }
        },
      ),
      { seed: 12, numRuns: 400 },
    );
  });

  it('never covers the spotlight when a side has room', () => {
    const spot = spotlightRect({ top: 300, left: 40, width: 200, height: 100 }, desk);
    const layout = placePanel(spot, panel, desk);
    const overlaps =
      layout.left < spot.left + spot.width &&
      layout.left + layout.width > spot.left &&
      layout.top < spot.top + spot.height &&
      layout.top + panel.height > spot.top;
    expect(overlaps).toBe(false);
    expect(SPOTLIGHT_MARGIN).toBe(16);
  });
});
