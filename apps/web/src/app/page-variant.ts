/** Pages opened from a mailed link: what they show depends on whether the link has a token. */
export const TOKEN_LINK_PAGES: ReadonlySet<string> = new Set([
  '/auth/reset-password',
  '/auth/verify-email',
  '/auth/revert-email',
  '/auth/cancel-2fa-removal',
]);

type PageLocation = { pathname: string; search: string };

/**
 * Everything a prerendered page's first render depends on: the path, whether someone is signed in
 * and, on the mailed-link pages, whether the link has a token. The build stamps it on the page
 * (prerender.tsx) and the browser hydrates the page only when its own state gives the same
 * string; otherwise it renders afresh over the prerendered HTML (start.tsx).
 */
export function pageVariant({ pathname, search }: PageLocation, signedIn: boolean): string {
  const token = TOKEN_LINK_PAGES.has(pathname) && Boolean(new URLSearchParams(search).get('token'));
  return `${pathname}${token ? '?token' : ''} ${signedIn ? 'signed-in' : 'signed-out'}`;
}
