import { describe, expect, it } from 'vitest';
import { BOTTOM_NAV, isNavItemActive, TOP_NAV } from './navigation';

const active = (items: typeof TOP_NAV, pathname: string) =>
  items.filter((item) => isNavItemActive(item, pathname)).map((item) => item.label);

describe('the navigation', () => {
  it('offers Statistik on desktop, highlighted on the ranking, a rider and a team', () => {
    expect(TOP_NAV.map((item) => item.label)).toEqual([
      'Tabell',
      'Dashboard',
      'Matcher',
      'Statistik',
    ]);
    for (const path of ['/statistik', '/forare/abc', '/lag/abc']) {
      expect(active(TOP_NAV, path)).toEqual(['Statistik']);
    }
    expect(active(TOP_NAV, '/tabell')).toEqual([]);
  });

  it('keeps the phone’s five slots, the statistics under Tabell', () => {
    expect(BOTTOM_NAV.map((item) => item.label)).toEqual([
      'Hem',
      'Matcher',
      'Ny',
      'Tabell',
      'Inställningar',
    ]);
    for (const path of ['/tabell', '/statistik', '/forare/abc', '/lag/abc']) {
      expect(active(BOTTOM_NAV, path)).toEqual(['Tabell']);
    }
    expect(active(BOTTOM_NAV, '/lagen')).toEqual([]);
    expect(active(BOTTOM_NAV, '/account/profile')).toEqual(['Inställningar']);
  });
});
