import { act, screen, waitFor, within } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@/lib/storage';
import { makeAccount, signInAs } from '@/testing/data';
import { holdReply, stubFetch } from '@/testing/fetch-stub';
import { layoutRoutes, startPageRoutes } from '@/testing/layout-routes';
import { renderApp } from '@/testing/render';
import { routes, type RouteHandle } from './router';

// The pages the guards send people to load on first use; transformed here, outside the tests'
// time limits (on a loaded 2-core machine the first visit to /auth took longer than a find waits).
beforeAll(async () => {
  await Promise.all([
    import('./routes/auth/auth'),
    import('./routes/home'),
    import('./routes/admin/overview'),
  ]);
}, 60_000);

/** The signed-in app for this role, on its start page: the layout's and the page's reads. */
function accountFor(role: 'user' | 'club_admin' | 'super_admin') {
  return {
    ...layoutRoutes(),
    ...startPageRoutes(),
    'GET /api/account/me': { json: makeAccount({ role }) },
  };
}

describe('route guards', () => {
  it('sends a signed-out visitor of a protected page to /auth and remembers the page', async () => {
    stubFetch({
      ...layoutRoutes(),
    });
    const { router } = renderApp('/account/security');
    expect(await screen.findByRole('tab', { name: 'Logga in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth');
    expect(router.state.location.state).toEqual({ from: '/account/security' });
  });

  it.each(['/', '/tabell', '/dashboard', '/matches', '/match/42', '/my-matches/saved/7'])(
    'guards %s',
    async (path) => {
      stubFetch({
        ...layoutRoutes(),
      });
      const { router } = renderApp(path);
      await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    },
  );

  it('sends a signed-out visitor of /admin to /auth', async () => {
    stubFetch({
      ...layoutRoutes(),
    });
    const { router } = renderApp('/admin');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
  });

  it('sends a regular user away from /admin to /', async () => {
    signInAs('user');
    stubFetch(accountFor('user'));
    const { router } = renderApp('/admin');
    expect(await screen.findByRole('heading', { name: 'Hem' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('shows nothing in /admin until the role is confirmed by the server', async () => {
    signInAs('super_admin');
    const me = holdReply();
    stubFetch({
      ...accountFor('super_admin'),
      'GET /api/account/me': me.handler,
    });
    const { router } = renderApp('/admin');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    await waitFor(() => expect(screen.queryByRole('status', { name: 'Laddar…' })).toBeNull());
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.queryByRole('main')).not.toBeInTheDocument();
    await act(async () => me.release({ json: makeAccount({ role: 'super_admin' }) }));
    expect(await screen.findByRole('heading', { name: 'Översikt' })).toBeInTheDocument();
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'Översikt' })).toBeInTheDocument();
    expect(within(header).getByRole('link', { name: 'Annonser' })).toBeInTheDocument();
    expect(within(header).getByRole('link', { name: 'Till appen' })).toBeInTheDocument();
    expect(within(header).getByRole('button', { name: 'Logga ut' })).toBeInTheDocument();
    expect(within(header).getByText('anna.karlsson@example.se (Superadmin)')).toBeInTheDocument();
  });

  it('sends a club_admin away from the super_admin’s /admin/official-data to /', async () => {
    signInAs('club_admin', { club_slug: 'vargarna' });
    const network = stubFetch({
      ...accountFor('club_admin'),
      'GET /api/account/me': { json: makeAccount({ role: 'club_admin', club_slug: 'vargarna' }) },
    });
    const { router } = renderApp('/admin/official-data');
    expect(await screen.findByRole('heading', { name: 'Hem' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(network.calls.filter((call) => call.path.startsWith('/api/admin/'))).toEqual([]);
  });

  it('offers Officiella data in the admin menu and on the overview to a super_admin only', async () => {
    signInAs('super_admin');
    stubFetch(accountFor('super_admin'));
    const first = renderApp('/admin');
    expect(await screen.findByRole('heading', { name: 'Översikt' })).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'Adminmeny' });
    expect(within(menu).getByRole('link', { name: 'Officiella data' })).toHaveAttribute(
      'href',
      '/admin/official-data',
    );
    const card = screen
      .getByRole('heading', { level: 2, name: 'Officiella data' })
      .closest<HTMLElement>('[data-slot="card"]')!;
    expect(within(card).getByRole('link', { name: 'Hantera officiella data' })).toHaveAttribute(
      'href',
      '/admin/official-data',
    );
    first.unmount();

    signInAs('club_admin', { club_slug: 'vargarna' });
    stubFetch({
      ...accountFor('club_admin'),
      'GET /api/account/me': { json: makeAccount({ role: 'club_admin', club_slug: 'vargarna' }) },
    });
    renderApp('/admin');
    expect(await screen.findByRole('heading', { name: 'Översikt' })).toBeInTheDocument();
    const clubMenu = screen.getByRole('navigation', { name: 'Adminmeny' });
    expect(within(clubMenu).getByRole('link', { name: 'Annonser' })).toBeInTheDocument();
    expect(within(clubMenu).queryByRole('link', { name: 'Officiella data' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Officiella data' })).toBeNull();
  });

  it.each([
    ['super_admin', '/admin'],
    ['club_admin', '/admin'],
    ['user', '/'],
  ] as const)('sends a signed-in %s visiting /auth to %s', async (role, target) => {
    signInAs(role);
    stubFetch(accountFor(role));
    const { router } = renderApp('/auth');
    await waitFor(() => expect(router.state.location.pathname).toBe(target));
    expect(
      await screen.findByRole('heading', { name: target === '/' ? 'Hem' : 'Översikt' }),
    ).toBeInTheDocument();
  });

  it('lets a signed-in user open the e-mail verification link', async () => {
    signInAs('user');
    stubFetch({
      ...layoutRoutes(),
      ...accountFor('user'),
      'POST /api/auth/verify-email': {
        json: { message: 'E-postadressen är verifierad. Du kan nu logga in.' },
      },
    });
    const { router } = renderApp('/auth/verify-email?token=abc');
    expect(
      await screen.findByText('E-postadressen är verifierad. Du kan nu logga in.'),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/verify-email');
  });
});

describe('routes', () => {
  it('shows the 404 page with a link to the start page for any other path', async () => {
    stubFetch({
      ...layoutRoutes(),
    });
    renderApp('/finns/inte');
    expect(
      await screen.findByRole('heading', { name: '404 – Sidan finns inte' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Till startsidan' })).toHaveAttribute('href', '/');
    // Signed out: a way to sign in, and no navigation.
    expect(screen.getByRole('link', { name: 'Logga in' })).toHaveAttribute('href', '/auth');
    expect(screen.queryByRole('navigation', { name: 'Huvudmeny' })).not.toBeInTheDocument();
  });

  it('redirects /my-matches to /my-matches/created-protocols', async () => {
    signInAs('user');
    stubFetch(accountFor('user'));
    const { router } = renderApp('/my-matches');
    expect(await screen.findByRole('heading', { name: 'Mina matcher' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/my-matches/created-protocols');
  });

  it('shows the navigation, the breadcrumbs and, once the account has loaded, the avatar', async () => {
    signInAs('user');
    stubFetch(accountFor('user'));
    renderApp('/my-matches/saved-protocols');
    const nav = await screen.findByRole('navigation', { name: 'Huvudmeny' });
    expect(within(nav).getByRole('link', { name: 'Tabell' })).toHaveAttribute('href', '/');
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(nav).getByRole('link', { name: 'Matcher' })).toHaveAttribute('href', '/matches');

    const bar = screen.getByRole('navigation', { name: 'Snabbmeny' });
    expect(
      within(bar)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Hem', 'Matcher', 'Ny', 'Tabell', 'Inställningar']);

    const crumbs = screen.getByRole('navigation', { name: 'Brödsmulor' });
    expect(within(crumbs).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    expect(within(crumbs).getByText('Sparade')).toHaveAttribute('aria-current', 'page');

    const avatar = await screen.findByRole('link', { name: 'Mina sidor' });
    expect(avatar).toHaveAttribute('href', '/account');
    // The initials come with the account, which may still be on its way under load.
    await waitFor(() => expect(avatar).toHaveTextContent('AK'));
  });

  it('signs out when another tab does', async () => {
    signInAs('user');
    stubFetch(accountFor('user'));
    const { router } = renderApp('/tabell');
    expect(await screen.findByRole('heading', { name: 'Tabell' })).toBeInTheDocument();
    act(() => {
      localStorage.removeItem(STORAGE_KEYS.token);
      window.dispatchEvent(
        new StorageEvent('storage', { key: STORAGE_KEYS.token, newValue: null }),
      );
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
  });
});

describe('route modules', () => {
  function lazyRoutes(tree: RouteObject[]): RouteObject[] {
    return tree.flatMap((route) => [
      ...(route.lazy ? [route] : []),
      ...lazyRoutes(route.children ?? []),
    ]);
  }

  // The prerender preloads the chunk of the module a route names (build/prerender.ts).
  it('names, for every page loaded on first visit, the module it loads', async () => {
    const pages = lazyRoutes(routes);
    expect(pages.length).toBeGreaterThan(20);
    for (const route of pages) {
      const name = (route.handle as RouteHandle | undefined)?.module;
      expect(name, route.path).toMatch(/^src\/app\/(routes|layouts)\/.+\.tsx$/);
      const load = route.lazy as () => Promise<{ Component: unknown }>;
      const { Component } = await load();
      const named: Record<string, unknown> = await import(/* @vite-ignore */ `/${name}`);
      expect(Object.values(named), name).toContain(Component);
    }
  });
});
