import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { matchRoutes } from 'react-router';
import { nextTask } from '@/lib/after-first-paint';
import { queryClient } from '@/lib/query-client';
import { getStoredUser, getToken } from '@/lib/storage';
import { cn } from '@/lib/utils';
import { App } from '.';
import { prefetchPageQueries } from './page-queries';
import { pageVariant } from './page-variant';
import { routes } from './router';

/**
 * Loads the page modules the current URL needs before the first render. The router would load them
 * itself, but only after rendering a fallback; loading them first lets the first render be the
 * page, which is what hydration needs, and the prerendered HTML has already asked for their
 * chunks (modulepreload), so this rarely waits.
 */
async function loadCurrentPage(): Promise<boolean> {
  const matches = matchRoutes(routes, window.location) ?? [];
  try {
    await Promise.all(
      matches.map(async ({ route }) => {
        if (typeof route.lazy !== 'function') return;
        Object.assign(route, await route.lazy(), { lazy: undefined });
      }),
    );
    return true;
  } catch {
    // A chunk that did not load: the router tries again and shows its error page if that fails.
    return false;
  }
}

/**
 * Starts the app in #root. A prerendered page (build/prerender.ts) is hydrated when it was
 * rendered for the state the browser is in (page-variant.ts), and rendered over otherwise: a
 * signed-in shell, a token link without a token, someone signed in on /auth. Either way the work is
 * a transition, so React yields to the browser every few milliseconds instead of holding the main
 * thread for the whole first render.
 */
export async function startApp(root: HTMLElement): Promise<Root> {
  const signedIn = Boolean(getToken() && getStoredUser());
  // The page's queries go into the cache now, not when its code has loaded and rendered: the
  // screen finds them there (ADR 021). Their replies were asked for by the first script.
  if (signedIn) prefetchPageQueries(queryClient, window.location.pathname);
  // A signed-in start restores the device's copy of the queries before any runs: its code comes
  // beside the page's, not after the first render asks for it.
  if (signedIn) void import('@/lib/offline/persist-queries').catch(() => undefined);
  const pageLoaded = loadCurrentPage();
  // tailwind-merge builds its class tables at its first call, ~15 ms on a slow phone: done here in
  // a task of its own while the page's chunks arrive, not inside the first render's.
  await nextTask();
  cn();
  const loaded = await pageLoaded;
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  const hydrate = loaded && root.dataset.hydrate === pageVariant(window.location, signedIn);
  let reactRoot: Root | undefined;
  startTransition(() => {
    if (hydrate) reactRoot = hydrateRoot(root, app);
    else {
      reactRoot = createRoot(root);
      reactRoot.render(app);
    }
  });
  // startTransition runs its callback at once: the root is there.
  return reactRoot!;
}
