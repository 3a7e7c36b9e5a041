// Where the spotlight and the guide's panel go (docs/spec/2-matches-protocols-admin.md §9): the
// spotlight lies SPOTLIGHT_MARGIN around the target, the panel PANEL_OFFSET outside the spotlight,
// and never closer than VIEWPORT_PADDING to an edge of the window. Below TUTORIAL_MOBILE_BREAKPOINT
// the panel is a bottom sheet instead. Pure functions of rectangles, so they are tested without a
// browser.

export const SPOTLIGHT_MARGIN = 16;
export const PANEL_OFFSET = 18;
export const VIEWPORT_PADDING = 20;
export const TUTORIAL_MOBILE_BREAKPOINT = 640;
/** The floating panel's width where the window allows it. */
export const PANEL_WIDTH = 360;

export type Rect = { top: number; left: number; width: number; height: number };
export type Size = { width: number; height: number };
export type Placement = 'bottom' | 'top' | 'right' | 'left' | 'center' | 'sheet' | 'sheet-top';
export type PanelLayout = { placement: Placement; top: number; left: number; width: number };

export function isSheetViewport(viewport: Size): boolean {
  return viewport.width < TUTORIAL_MOBILE_BREAKPOINT;
}

/** The panel's width in this window: PANEL_WIDTH, or the window less its padding; the full width as a sheet. */
export function panelWidth(viewport: Size): number {
  if (isSheetViewport(viewport)) return viewport.width;
  return Math.min(PANEL_WIDTH, viewport.width - 2 * VIEWPORT_PADDING);
}

/** The target grown by the margin, cut to the window (a target larger than the window is lit where it shows). */
export function spotlightRect(target: Rect, viewport: Size): Rect {
  const top = Math.max(0, target.top - SPOTLIGHT_MARGIN);
  const left = Math.max(0, target.left - SPOTLIGHT_MARGIN);
  const bottom = Math.min(viewport.height, target.top + target.height + SPOTLIGHT_MARGIN);
  const right = Math.min(viewport.width, target.left + target.width + SPOTLIGHT_MARGIN);
  return { top, left, width: Math.max(0, right - left), height: Math.max(0, bottom - top) };
}

const clamp = (value: number, min: number, max: number) =>
  Math.min(Math.max(value, min), Math.max(min, max));

/**
 * The panel's place for a spotlight (null: no target, the panel stands in the middle). Tries
 * below, above, right and left of the spotlight; when none has room the panel overlaps it,
 * inside the window. The result always lies within the window's padding, whatever the sizes.
 */
export function placePanel(spot: Rect | null, panel: Size, viewport: Size): PanelLayout {
  const width = panelWidth(viewport);
  if (isSheetViewport(viewport)) {
    // A target the page cannot scroll above the sheet (the foot of a page) gets the sheet on top.
    const covered = spot !== null && spot.top + spot.height > viewport.height - panel.height;
    if (covered && spot.top >= panel.height) {
      return { placement: 'sheet-top', top: 0, left: 0, width };
    }
    return { placement: 'sheet', top: Math.max(0, viewport.height - panel.height), left: 0, width };
  }
  const minTop = VIEWPORT_PADDING;
  const maxTop = viewport.height - VIEWPORT_PADDING - panel.height;
  const minLeft = VIEWPORT_PADDING;
  const maxLeft = viewport.width - VIEWPORT_PADDING - width;
  const centered = (placement: Placement): PanelLayout => ({
    placement,
    top: clamp((viewport.height - panel.height) / 2, minTop, maxTop),
    left: clamp((viewport.width - width) / 2, minLeft, maxLeft),
    width,
  });
  if (!spot || spot.width === 0 || spot.height === 0) return centered('center');

  const spotBottom = spot.top + spot.height;
  const spotRight = spot.left + spot.width;
  const alignedLeft = clamp(spot.left + spot.width / 2 - width / 2, minLeft, maxLeft);
  const alignedTop = clamp(spot.top + spot.height / 2 - panel.height / 2, minTop, maxTop);
  const candidates: PanelLayout[] = [
    { placement: 'bottom', top: spotBottom + PANEL_OFFSET, left: alignedLeft, width },
    { placement: 'top', top: spot.top - PANEL_OFFSET - panel.height, left: alignedLeft, width },
    { placement: 'right', top: alignedTop, left: spotRight + PANEL_OFFSET, width },
    { placement: 'left', top: alignedTop, left: spot.left - PANEL_OFFSET - width, width },
  ];
  const fits = (c: PanelLayout) =>
    c.top >= minTop && c.top <= maxTop && c.left >= minLeft && c.left <= maxLeft;
  const found = candidates.find(fits);
  if (found) return found;
  // No side has room (a target about the window's size): over the lower part of the spotlight.
  return {
    placement: 'center',
    top: clamp(maxTop, minTop, maxTop),
    left: clamp(alignedLeft, minLeft, maxLeft),
    width,
  };
}

/** Whether a rectangle lies wholly within the window (what the e2e test asserts of the panel). */
export function insideViewport(rect: Rect, viewport: Size): boolean {
  return (
    rect.top >= 0 &&
    rect.left >= 0 &&
    rect.top + rect.height <= viewport.height &&
    rect.left + rect.width <= viewport.width
  );
}
