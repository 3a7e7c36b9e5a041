/**
 * The build's prerender entry (vite.config.ts builds it for Node; build/prerender.ts writes what it
 * returns into HTML files). It renders, with the app's own components, what a visitor should see
 * before any JavaScript has run:
 * - the signed-out pages (/auth and the pages opened from mailed links), complete, for the browser
 *   to hydrate;
 * - every signed-in page as its shell: header, navigation and the page in its loading state, for
 *   the app to render over once it has started;
 * - a generic shell (header and a spinner) for every other path.
 */
import type { QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  type RouteObject,
} from 'react-router';
import { PageSpinner } from '@/components/page-spinner';
import type { AuthSession } from '@/lib/auth';
import { createQueryClient } from '@/lib/query-client';
import { MainLayout } from './layouts/main-layout';
import { pageVariant, TOKEN_LINK_PAGES } from './page-variant';
import { AppProvider } from './provider';
import { routes, type RouteHandle } from './router';
import { RequireAuth } from './routes/guards';

export type PrerenderedPage = {
  /** The route's path pattern, as the server matches it: /auth, /match/:id. */
  path: string;
  /** The HTML that goes inside #root. */
  markup: string;
  /** For a page the browser may hydrate: the state it was rendered in (page-variant.ts). */
  hydrate: string | null;
  /** A signed-in page: its navigation and page show only where a session is stored (session-shell.css). */
  session: boolean;
  /** The modules it loads (src/app/routes/… and more), whose chunks the page preloads. */
  modules: string[];
};

/**
 * Who a signed-in page is rendered for: nobody in particular. Without an id the account query stays
 * off, so nothing personal (avatar, name) is rendered; the page shows its loading state.
 */
const STAND_IN: AuthSession = {
  token: '',
  user: {
    id: '',
    email: '',
    display_name: null,
    username: null,
    role: 'user',
    club_slug: null,
    email_verified: true,
    avatar_url: null,
  },
};

/**
 * What a signed-in start loads beside its page's modules (start.tsx): the code that restores the
 * device's copy of the queries. Listed with the page's chunks, it comes with them.
 */
const SIGNED_IN_MODULES = ['src/lib/offline/persist-queries.ts'];

/** Stands in for a route parameter; pages show their loading state, never the parameter. */
const PARAMETER = 'prerendered';
/** my-matches/:tab sends unknown tabs elsewhere; its shell is the first tab's. */
const SAMPLE_PARAMETERS: Record<string, string> = { tab: 'created-protocols' };

export async function prerenderPages(): Promise<PrerenderedPage[]> {
  const pages: PrerenderedPage[] = [];
  for (const { path, signedIn } of leafPages(routes)) {
    const url = sampleUrl(path);
    const { markup, modules } = await render(routes, url, signedIn ? STAND_IN : null);
    pages.push({
      path,
      markup,
      // A signed-in shell differs from the page (it never knows who is signed in): rendered over.
      hydrate: signedIn ? null : pageVariant(new URL(url, ORIGIN), false),
      session: signedIn,
      modules: signedIn ? [...modules, ...SIGNED_IN_MODULES] : modules,
    });
  }
  return pages;
}

/** The shell for paths without a page of their own (admin, unknown paths): header and spinner. */
export async function prerenderShell(): Promise<PrerenderedPage> {
  const shell: RouteObject[] = [
    { Component: MainLayout, children: [{ path: '*', Component: PageSpinner }] },
  ];
  const { markup } = await render(shell, '/-', STAND_IN);
  return { path: '*', markup, hydrate: null, session: true, modules: SIGNED_IN_MODULES };
}

const ORIGIN = 'http://prerender.invalid';

async function render(routeTree: RouteObject[], url: string, session: AuthSession | null) {
  const handler = createStaticHandler(routeTree);
  const context = await handler.query(new Request(new URL(url, ORIGIN)));
  if (context instanceof Response) throw new Error(`${url}: the router answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const queryClient: QueryClient = createQueryClient();
  // The same tree as the browser's (start.tsx), so hydration finds what it renders itself.
  const markup = renderToString(
    <StrictMode>
      <AppProvider queryClient={queryClient} initialSession={session}>
        {/* hydrate={false}: no inline script with router state (the CSP allows none, and there
            are no loaders whose data it would carry). */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProvider>
    </StrictMode>,
  );
  // Queries created while rendering hold garbage-collection timers (gcTime: 30 minutes) that would
  // keep the build process alive long after the last page; the cache is not needed any more.
  queryClient.clear();
  const modules = context.matches.flatMap(({ route }) => {
    const handle = route.handle as RouteHandle | undefined;
    return handle?.module ? [handle.module] : [];
  });
  return { markup, modules };
}

type LeafPage = { path: string; signedIn: boolean };

/**
 * Every page the router loads lazily, with its full path pattern: those under RequireAuth are
 * signed-in pages, those under /auth signed-out ones. The admin area is left to the generic
 * shell (it shows nothing until the server has confirmed the role).
 */
function leafPages(tree: RouteObject[], parent = '', signedIn = false): LeafPage[] {
  return tree.flatMap((route) => {
    if (route.path === 'admin') return [];
    const path = route.path ? joinPath(parent, route.path) : parent;
    const inside = signedIn || route.Component === RequireAuth;
    if (route.children) return leafPages(route.children, path, inside);
    if (!route.lazy) return [];
    if (!inside && !path.startsWith('/auth')) return [];
    return [{ path: path || '/', signedIn: inside }];
  });
}

function joinPath(parent: string, child: string): string {
  return `${parent}/${child}`.replace(/\/+/g, '/');
}

function sampleUrl(pattern: string): string {
  const path = pattern.replace(
    /:(\w+)/g,
    (_, name: string) => SAMPLE_PARAMETERS[name] ?? PARAMETER,
  );
  // The mailed links always carry a token: their pages are rendered as the link opens them.
  return TOKEN_LINK_PAGES.has(path) ? `${path}?token=${PARAMETER}` : path;
}
