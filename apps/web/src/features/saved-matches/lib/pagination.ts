/** docs/spec/2-matches-protocols-admin.md §9: the saved-match lists show five per page. */
export const PAGE_SIZE = 5;

export type PageSlot = number | 'ellipsis-start' | 'ellipsis-end';

/** How many page buttons the window holds at most: first, last, current ± 1 and two gaps. */
const WINDOW_SLOTS = 7;

/**
 * The page buttons to show for `page` of `pageCount` (both 1-based): all of them when they fit,
 * else the first and last page, the current one with a neighbour each side, and an ellipsis for
 * each gap. The window always has the same number of slots, so the buttons do not jump about.
 */
export function paginationWindow(page: number, pageCount: number): PageSlot[] {
  if (pageCount <= 0) return [];
  const range = (from: number, to: number) =>
    Array.from({ length: to - from + 1 }, (_, i) => from + i);
  if (pageCount <= WINDOW_SLOTS) return range(1, pageCount);
  const current = Math.min(Math.max(page, 1), pageCount);
  // First page, ellipsis, then the rest: near an end the window widens instead of showing a gap.
  const edge = WINDOW_SLOTS - 2;
  if (current <= edge - 1) return [...range(1, edge), 'ellipsis-end', pageCount];
  if (current >= pageCount - edge + 2) {
    return [1, 'ellipsis-start', ...range(pageCount - edge + 1, pageCount)];
  }
  return [1, 'ellipsis-start', current - 1, current, current + 1, 'ellipsis-end', pageCount];
}

export function pageCountOf(items: number, pageSize = PAGE_SIZE): number {
  return Math.max(1, Math.ceil(items / pageSize));
}

/** The items of one page; a page past the end shows the last one (after a deletion, say). */
export function pageOf<T>(items: readonly T[], page: number, pageSize = PAGE_SIZE) {
  const pageCount = pageCountOf(items.length, pageSize);
  const current = Math.min(Math.max(Math.trunc(page) || 1, 1), pageCount);
  const start = (current - 1) * pageSize;
  return { items: items.slice(start, start + pageSize), page: current, pageCount };
}
