import { describe, expect, it } from 'vitest';
import { pageOf, paginationWindow } from './pagination';

describe('paginationWindow', () => {
  it('shows every page when they fit in the window', () => {
    expect(paginationWindow(1, 1)).toEqual([1]);
    expect(paginationWindow(3, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(paginationWindow(1, 0)).toEqual([]);
  });

  it('keeps the first and last page with the current one and a neighbour each side', () => {
    expect(paginationWindow(6, 12)).toEqual([1, 'ellipsis-start', 5, 6, 7, 'ellipsis-end', 12]);
  });

  it('widens towards an end instead of showing a gap of one page', () => {
    expect(paginationWindow(1, 10)).toEqual([1, 2, 3, 4, 5, 'ellipsis-end', 10]);
    expect(paginationWindow(4, 10)).toEqual([1, 2, 3, 4, 5, 'ellipsis-end', 10]);
    expect(paginationWindow(5, 10)).toEqual([1, 'ellipsis-start', 4, 5, 6, 'ellipsis-end', 10]);
    expect(paginationWindow(7, 10)).toEqual([1, 'ellipsis-start', 6, 7, 8, 9, 10]);
    expect(paginationWindow(10, 10)).toEqual([1, 'ellipsis-start', 6, 7, 8, 9, 10]);
  });

  it('always has seven slots once there are more than seven pages', () => {
    for (let count = 8; count <= 30; count++) {
      for (let page = 1; page <= count; page++) {
        const slots = paginationWindow(page, count);
        expect(slots).toHaveLength(7);
        expect(slots).toContain(page);
        expect(slots[0]).toBe(1);
        expect(slots.at(-1)).toBe(count);
      }
    }
  });

  it('clamps a page outside the range', () => {
    expect(paginationWindow(99, 10)).toEqual(paginationWindow(10, 10));
    expect(paginationWindow(-3, 10)).toEqual(paginationWindow(1, 10));
  });
});

describe('pageOf', () => {
  const items = Array.from({ length: 12 }, (_, i) => i + 1);

  it('cuts five a page', () => {
    expect(pageOf(items, 1)).toEqual({ items: [1, 2, 3, 4, 5], page: 1, pageCount: 3 });
    expect(pageOf(items, 3)).toEqual({ items: [11, 12], page: 3, pageCount: 3 });
  });

  it('shows the last page for a page past the end and the first for nonsense', () => {
    expect(pageOf(items, 9).page).toBe(3);
    expect(pageOf(items, Number.NaN).page).toBe(1);
    expect(pageOf([], 2)).toEqual({ items: [], page: 1, pageCount: 1 });
  });
});
