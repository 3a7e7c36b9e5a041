import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { matchRoutes } from 'react-router';
import { nextTask } from '@/lib/after-first-paint';
import { restoreBeforeStart } from '@/lib/offline/persisted-cache';
import { loadOutbox } from '@/lib/offline/use-outbox';
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
 * signed-in shell, a token link without a token, someone signed in on /auth. A hydration is a
 * transition (the page is usable meanwhile); a render over the page is one task (below).
 */
export async function startApp(root: HTMLElement): Promise<Root> {
  const user = getToken() ? getStoredUser() : null;
  const signedIn = user !== null;
  // The page's queries go into the cache now, not when its code has loaded and rendered: the
  // screen finds them there (ADR 021). Their replies were asked for by the first script.
  if (signedIn) prefetchPageQueries(queryClient, window.location.pathname);
  // A signed-in start restores the device's copy of the queries and reads the unsent changes
  // while the page's code loads: the first render shows what the device holds, where it would
  // show loading states (over the device's last view of the page, ADR 024).
  const deviceCopy = user
    ? Promise.all([restoreBeforeStart(queryClient, user.id), loadOutbox(user.id)])
    : null;
  const pageLoaded = loadCurrentPage();
  // tailwind-merge builds its class tables at its first call, ~15 ms on a slow phone: done here in
  // a task of its own while the page's chunks arrive, not inside the first render's.
  await nextTask();
  cn();
  const loaded = await pageLoaded;
  await deviceCopy?.catch(() => undefined);
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  const hydrate = loaded && root.dataset.hydrate === pageVariant(window.location, signedIn);
  if (!hydrate) {
    // Rendered over the shell (or the device's last view of the page) in one go: nothing on it
    // answers before this render anyway, and cut into slices the same render came ~0.3 s later
    // on a slow phone (ADR 024).
    const reactRoot = createRoot(root);
    reactRoot.render(app);
    return reactRoot;
  }
  let reactRoot: Root | undefined;
  // A page the visitor can already use (signed out, prerendered complete) is hydrated in slices:
  // React yields to the browser every few milliseconds, so a tap is answered meanwhile.
  startTransition(() => {
    reactRoot = hydrateRoot(root, app);
  });
  // startTransition runs its callback at once: the root is there.
  return reactRoot!;
}
