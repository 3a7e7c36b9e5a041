import type { TutorialPageKey } from '@speedway/contracts/tutorials';

/** The attribute by which a part of a page (the heat dialog) says its guide applies while it is open. */
export const TUTORIAL_PAGE_ATTRIBUTE = 'data-tutorial-page';

/**
 * Which page guide belongs to a route (docs/spec/2-matches-protocols-admin.md §3 page keys); null
 * for pages without one.
 */
export function pageKeyOf(pathname: string): TutorialPageKey | null {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === '/') return 'home';
  if (path === '/matches') return 'matches';
  if (/^\/matches\/official\/[^/]+$/.test(path)) return 'officialMatchDetail';
  if (/^\/match\/[^/]+$/.test(path)) return path === '/match/preview' ? null : 'matchProtocol';
  if (/^\/my-matches\/(created-protocols|saved-protocols)$/.test(path)) return 'myMatches';
  if (path === '/tabell') return 'table';
  if (path === '/account') return 'account';
  return null;
}
