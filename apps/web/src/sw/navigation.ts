/** One row of the build's prerendered/routes.json (build/prerender.ts): a route and its page. */
export type PrerenderedRoute = { path: string; file: string };

/**
 * The page a navigation gets from the cache: the prerendered page of its route, else the generic
 * shell. Matched as the server matches (apps/server/src/plugins/spa.ts, prerenderedPageFinder):
 * a `:param` segment takes any one segment, and the pattern with more literal segments wins.
 */
export function navigationPage(routes: PrerenderedRoute[], pathname: string): string {
  const segments = pathname.split('/').filter(Boolean);
  let best: { file: string; literals: number } | null = null;
  for (const route of routes) {
    const literals = literalMatches(route.path.split('/').filter(Boolean), segments);
    if (literals !== null && (!best || literals > best.literals))
      best = { file: route.file, literals };
  }
  return `/${best?.file ?? 'index.html'}`;
}

/** How many literal segments of the pattern the path has, or null when it does not fit. */
function literalMatches(pattern: string[], segments: string[]): number | null {
  if (pattern.length !== segments.length) return null;
  let literals = 0;
  for (const [i, part] of pattern.entries()) {
    if (part.startsWith(':')) continue;
    if (part !== segments[i]) return null;
    literals++;
  }
  return literals;
}
