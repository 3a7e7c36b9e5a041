import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@/lib/storage';
import { makeAccount, makeUser, signInAs } from '@/testing/data';
import { apiError, stubFetch } from '@/testing/fetch-stub';
import { findToast, renderApp } from '@/testing/render';

describe('profile', () => {
  it('saves name and e-mail and asks to confirm a new address', async () => {
    const me = signInAs('user');
    const updated = makeUser({ ...me, display_name: 'Anna K', email: 'ny@example.se' });
    const network = stubFetch({
      'GET /api/account/me': { json: makeAccount(me) },
      'PUT /api/account/profile': {
        json: {
          user: updated,
          email_verification_sent: true,
          message: 'Profilen är sparad. Bekräfta den nya e-postadressen via länken vi skickade.',
        },
      },
    });
    renderApp('/account/profile');
    const user = userEvent.setup();
    const name = await screen.findByLabelText('Visningsnamn');
    expect(name).toHaveValue('Anna Karlsson');
    const save = screen.getByRole('button', { name: 'Spara' });
    expect(save).toBeDisabled();

    await user.clear(name);
    await user.type(name, 'Anna K');
    await user.clear(screen.getByLabelText('E-postadress'));
    await user.type(screen.getByLabelText('E-postadress'), 'ny@example.se');
    await user.click(save);

    expect(await screen.findByText(/Bekräfta den nya adressen/)).toBeInTheDocument();
    expect(network.callsTo('PUT /api/account/profile')[0]?.body).toEqual({
      display_name: 'Anna K',
      email: 'ny@example.se',
    });
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? '{}')).toMatchObject({
      email: 'ny@example.se',
      display_name: 'Anna K',
    });
  });

  it('says when it could not save', async () => {
    const me = signInAs('user');
    stubFetch({
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
