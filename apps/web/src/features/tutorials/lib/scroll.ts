/** The nearest ancestor that scrolls vertically (a dialog's body), or null for the page itself. */
function scrollParent(element: HTMLElement): HTMLElement | null {
  for (
    let node = element.parentElement;
    node && node !== document.body;
    node = node.parentElement
  ) {
    const { overflowY } = getComputedStyle(node);
    if ((overflowY === 'auto' || overflowY === 'scroll') && node.scrollHeight > node.clientHeight) {
      return node;
    }
  }
  return null;
}

/** Where the page's sticky header ends: a target under it is not in view. */
function stickyHeaderBottom(): number {
  const header = document.querySelector('header');
  if (!header) return 0;
  const { position } = getComputedStyle(header);
  if (position !== 'sticky' && position !== 'fixed') return 0;
  return Math.max(0, header.getBoundingClientRect().bottom);
}

type ScrollOptions = {
  /** Height covered at the bottom of the window (the guide's bottom sheet). */
  bottomInset: number;
  /** Room to keep around the target (the spotlight's margin). */
  margin: number;
  smooth: boolean;
};

/**
 * Scrolls the target's scroll container (or the page) so the target sits in the middle of what
 * is visible, unless it already shows in full; one taller than that shows from its top.
 */
export function scrollTargetIntoView(target: HTMLElement, options: ScrollOptions): void {
  const container = scrollParent(target);
  const rect = target.getBoundingClientRect();
  const limit = window.innerHeight - options.bottomInset;
  const area = container?.getBoundingClientRect();
  const top = (area ? Math.max(area.top, 0) : stickyHeaderBottom()) + options.margin;
  const bottom = (area ? Math.min(area.bottom, limit) : limit) - options.margin;
  if (rect.top >= top && rect.bottom <= bottom) return;
  const room = bottom - top;
  const wanted = rect.height <= room ? top + (room - rect.height) / 2 : top;
  const behavior: ScrollBehavior = options.smooth ? 'smooth' : 'instant';
  (container ?? window).scrollBy({ top: rect.top - wanted, behavior });
}
