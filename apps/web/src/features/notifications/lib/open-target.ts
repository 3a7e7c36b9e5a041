/**
 * Where a click on an item goes: an in-app path (or a URL on this origin) through the router, any
 * other URL as a normal page load. Only http(s) leaves the app: a stored "javascript:" link must
 * not run.
 */
export function resolveTarget(
  target: string,
  origin: string = window.location.origin,
): { kind: 'app'; path: string } | { kind: 'external'; url: string } | null {
  let url: URL;
  try {
    url = new URL(target, origin);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.origin === origin)
    return { kind: 'app', path: `${url.pathname}${url.search}${url.hash}` };
  return { kind: 'external', url: url.href };
}
