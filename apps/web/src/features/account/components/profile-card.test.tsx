import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@/lib/storage';
import { makeAccount, makeUser, signInAs } from '@/testing/data';
import { apiError, stubFetch } from '@/testing/fetch-stub';
import { layoutRoutes } from '@/testing/layout-routes';
import { findToast, renderApp } from '@/testing/render';

describe('profile', () => {
  it('saves name and e-mail; the new address waits for confirmation, the current one stays', async () => {
    const me = signInAs('user');
    let account = makeAccount(me);
    const network = stubFetch({
      ...layoutRoutes(),
      'GET /api/account/me': () => ({ json: account }),
      'PUT /api/account/profile': {
        json: {
          user: { ...makeUser({ ...me, display_name: 'Anna K' }), pending_email: 'ny@example.se' },
          email_verification_sent: true,
          message: 'Profilen är sparad. Bekräfta den nya e-postadressen via länken vi skickade.',
        },
      },
    });
    renderApp('/account/profile');
    const user = userEvent.setup();
    const name = await screen.findByLabelText('Visningsnamn');
    expect(name).toHaveValue('Anna Karlsson');
    expect(screen.queryByText(/Väntar på bekräftelse/)).not.toBeInTheDocument();
    const save = screen.getByRole('button', { name: 'Spara' });
    expect(save).toBeDisabled();

    await user.clear(name);
    await user.type(name, 'Anna K');
    await user.clear(screen.getByLabelText('E-postadress'));
    await user.type(screen.getByLabelText('E-postadress'), 'ny@example.se');
    // The account read back after the save has the change waiting.
    account = makeAccount({ ...me, display_name: 'Anna K', pending_email: 'ny@example.se' });
    await user.click(save);

    await findToast('Profilen är sparad. Bekräfta den nya e-postadressen via länken vi skickade.');
    const waiting = await screen.findByText(/Väntar på bekräftelse:/);
    expect(waiting).toHaveTextContent(
      'Väntar på bekräftelse: ny@example.se. Vi har skickat en länk till den nya adressen. Till dess loggar du in med anna.karlsson@example.se.',
    );
    expect(screen.getByLabelText('E-postadress')).toHaveValue('anna.karlsson@example.se');
    expect(network.callsTo('PUT /api/account/profile')[0]?.body).toEqual({
      display_name: 'Anna K',
      email: 'ny@example.se',
    });
    // The signed-in user keeps the address it signs in with.
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? '{}')).toMatchObject({
      email: 'anna.karlsson@example.se',
      display_name: 'Anna K',
    });
  });

  it('shows a waiting change on arrival, and calls it off with the current address', async () => {
    const me = signInAs('user');
    let account = makeAccount({ ...me, pending_email: 'ny@example.se' });
    const network = stubFetch({
      ...layoutRoutes(),
      'GET /api/account/me': () => ({ json: account }),
      'PUT /api/account/profile': {
        json: {
          user: { ...makeUser(me), pending_email: null },
          email_verification_sent: false,
          message: 'Profilen är sparad. Bytet av e-postadress är avbrutet.',
        },
      },
    });
    renderApp('/account/profile');
    const user = userEvent.setup();
    expect(await screen.findByText(/Väntar på bekräftelse:/)).toHaveTextContent('ny@example.se');
    expect(screen.getByLabelText('E-postadress')).toHaveValue('anna.karlsson@example.se');
    account = makeAccount(me);
    await user.click(screen.getByRole('button', { name: 'Avbryt bytet' }));

    await findToast('Profilen är sparad. Bytet av e-postadress är avbrutet.');
    expect(network.callsTo('PUT /api/account/profile')[0]?.body).toEqual({
      email: 'anna.karlsson@example.se',
    });
    await waitFor(() =>
      expect(screen.queryByText(/Väntar på bekräftelse/)).not.toBeInTheDocument(),
    );
  });

  it('says when it could not save', async () => {
    const me = signInAs('user');
    stubFetch({
      ...layoutRoutes(),
      'GET /api/account/me': { json: makeAccount(me) },
      'PUT /api/account/profile': apiError(409, 'EMAIL_TAKEN', 'E-postadressen används redan.'),
    });
    renderApp('/account/profile');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Visningsnamn'), '!');
    await user.click(screen.getByRole('button', { name: 'Spara' }));
    await findToast('Kunde inte spara');
    await findToast('E-postadressen används redan.');
  });
});
