import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@/lib/storage';
import { makeAccount, signInAs } from '@/testing/data';
import { apiError, stubFetch } from '@/testing/fetch-stub';
import { layoutRoutes } from '@/testing/layout-routes';
import { findToast, renderApp } from '@/testing/render';

describe('Mina sidor', () => {
  it('shows initials, protocol count, last activity and the entries', async () => {
    const user = signInAs('user');
    const fiveMinutesAgo = new Date(Date.now() - 5 * 60_000).toISOString();
    stubFetch({
      ...layoutRoutes(),
      'GET /api/account/me': {
        json: makeAccount({ ...user, stats: { protocols: 12, last_active: fiveMinutesAgo } }),
      },
    });
    renderApp('/account');
    expect(await screen.findByRole('heading', { name: 'Anna Karlsson' })).toBeInTheDocument();
    expect(screen.getByText('12')).toBeInTheDocument();
    expect(screen.getByText('för 5 minuter sedan')).toBeInTheDocument();
    for (const label of [
      'Profil',
      'Utseende',
      'Snabbguider',
      'Notiser',
      'Säkerhet',
      'Data & sekretess',
    ]) {
      expect(screen.getByRole('link', { name: new RegExp(`^${label}`) })).toBeInTheDocument();
    }
    expect(screen.getByRole('switch', { name: /Mörkt tema/ })).toBeInTheDocument();
  });

  it('says so when the account cannot be loaded', async () => {
    signInAs('user');
    stubFetch({
      ...layoutRoutes(),
      'GET /api/account/me': apiError(500, 'INTERNAL_ERROR', 'Internt fel.'),
    });
    renderApp('/account');
    expect(await screen.findByText('Kunde inte hämta kontouppgifter just nu.')).toBeInTheDocument();
  });

  it('signs out after 500 ms, tells the server and shows the notice on /auth', async () => {
    const user = signInAs('user');
    const network = stubFetch({
      ...layoutRoutes(),
      'GET /api/account/me': { json: makeAccount(user) },
      'POST /api/auth/logout': { json: { message: 'Du har loggats ut.' } },
    });
    const { router } = renderApp('/account');
    const button = await screen.findByRole('button', { name: 'Logga ut' });
    // Taken before the click: the 500 ms start in its handler, never before this moment (taken
    // after it, a loaded machine's slow click left less than 450 ms to see).
    const clickedAt = Date.now();
    await userEvent.setup().click(button);
    expect(button).toBeDisabled();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('test-token');
    await waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull());
    expect(Date.now() - clickedAt).toBeGreaterThanOrEqual(450);

    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    await findToast('Utloggad');
    await findToast('Du har loggats ut.');
    const logout = network.callsTo('POST /api/auth/logout')[0];
    expect(logout?.headers.get('authorization')).toBe('Bearer test-token');
    expect(router.state.location.state).toBeNull();
  });
});
