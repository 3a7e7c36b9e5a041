import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { LOGOUT_EVENT, type LogoutEventDetail } from '@/lib/session';
import { STORAGE_KEYS } from '@/lib/storage';
import { makeAccount, signInAs } from '@/testing/data';
import { apiError, stubFetch } from '@/testing/fetch-stub';
import { layoutRoutes } from '@/testing/layout-routes';
import { findToast, renderApp } from '@/testing/render';

// The page loads on first use; transformed here, outside the tests' time limits (the machine is
// shared).
beforeAll(async () => {
  await import('@/app/routes/account/privacy');
}, 60_000);

async function openPrivacy(routes: Parameters<typeof stubFetch>[0] = {}) {
  const user = signInAs('user');
  const network = stubFetch({
    ...layoutRoutes(),
    'GET /api/account/me': { json: makeAccount(user) },
    ...routes,
  });
  const app = renderApp('/account/privacy');
  const field = await screen.findByLabelText('Bekräfta genom att skriva RADERA');
  const button = screen.getByRole('button', { name: 'Radera mitt konto' });
  return { ...app, network, field, button, user: userEvent.setup() };
}

describe('account deletion', () => {
  it('keeps the button disabled until exactly RADERA is typed', async () => {
    const { field, button, user } = await openPrivacy();
    expect(button).toBeDisabled();
    await user.type(field, 'radera');
    expect(button).toBeDisabled();
    await user.clear(field);
    await user.type(field, 'RADERA ');
    expect(button).toBeDisabled();
    await user.type(field, '{Backspace}');
    expect(button).toBeEnabled();
  });

  it('explains itself when submitted without the word', async () => {
    const { field, user, network } = await openPrivacy();
    await user.type(field, 'RADER{Enter}');
    await findToast('Skriv RADERA för att bekräfta');
    expect(network.callsTo('DELETE /api/account')).toHaveLength(0);
  });

  it('deletes, forgets the session and cache, tells everyone and goes to /auth', async () => {
    const reasons: string[] = [];
    const listener = (event: Event) =>
      reasons.push((event as CustomEvent<LogoutEventDetail>).detail.reason);
    window.addEventListener(LOGOUT_EVENT, listener);
    const { field, button, user, network, router, queryClient } = await openPrivacy({
      'DELETE /api/account': { json: { message: 'Konto borttaget' } },
    });
    await user.type(field, 'RADERA');
    await user.click(button);

    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    window.removeEventListener(LOGOUT_EVENT, listener);
    await findToast('Konto borttaget');
    expect(network.callsTo('DELETE /api/account')[0]?.body).toEqual({ password: '' });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    expect(reasons).toEqual(['account_deleted']);
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
    // Nothing to come back to: the deleted account's page is not remembered.
    expect(router.state.location.state).toBeNull();
  });

  it('shows the server message when deletion fails', async () => {
    const { field, button, user, router } = await openPrivacy({
      'DELETE /api/account': apiError(
        403,
        'WRONG_PASSWORD',
        'Fel lösenord. Kontot togs inte bort.',
      ),
    });
    await user.type(field, 'RADERA');
    await user.click(button);
    await findToast('Kunde inte ta bort kontot');
    await findToast('Fel lösenord. Kontot togs inte bort.');
    expect(router.state.location.pathname).toBe('/account/privacy');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('test-token');
  });
});
