import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@/lib/storage';
import { makeAccount, makeUser } from '@/testing/data';
import { apiError, stubFetch } from '@/testing/fetch-stub';
import { layoutRoutes, startPageRoutes } from '@/testing/layout-routes';
import { findToast, renderApp } from '@/testing/render';

// The code step without the authenticator (ADR 016): a recovery code, or removal by e-mail.

const FAN = makeUser();
const challenge = {
  two_factor_required: true,
  ticket: 'ticket-1',
  device_label: 'Chrome på Android',
  user: { id: FAN.id, email: FAN.email, display_name: FAN.display_name },
};

async function reachCodeStep() {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('E-postadress'), FAN.email);
  await user.type(screen.getByLabelText('Lösenord'), 'hemligt123');
  await user.click(screen.getByRole('button', { name: 'Logga in' }));
  await screen.findByLabelText('Verifieringskod');
  return user;
}

describe('recovery code', () => {
  it('clears the field on a used code', async () => {
    stubFetch({
      'POST /api/auth/login': { json: challenge },
      'POST /api/auth/2fa/verify': apiError(
        401,
        'INVALID_CODE',
        'Återställningskoden är fel eller redan använd.',
      ),
    });
    renderApp('/auth');
    const user = await reachCodeStep();
    await user.click(screen.getByRole('button', { name: 'Använd en återställningskod' }));
    const field = await screen.findByLabelText('Återställningskod');
    await user.type(field, 'ABCD-EFGH-JKMN');
    await user.click(screen.getByRole('button', { name: 'Logga in' }));
    await findToast('Felaktig kod');
    await waitFor(() => expect(field).toHaveValue(''));
    await user.click(screen.getByRole('button', { name: 'Använd koden från appen' }));
    expect(await screen.findByLabelText('Verifieringskod')).toBeInTheDocument();
  });
});

describe('lost authenticator', () => {
  it('asks for removal by e-mail, says when it happens, and goes back to the login', async () => {
    const message =
      'Vi har mejlat kontots e-postadress. Tvåfaktorsautentiseringen tas bort om 24 timmar om ingen avbryter med länken i mejlet; sedan loggar du in med bara lösenordet.';
    const network = stubFetch({
      'POST /api/auth/login': { json: challenge },
      'POST /api/auth/2fa/removal': { json: { message } },
    });
    renderApp('/auth');
    const user = await reachCodeStep();
    await user.click(
      screen.getByRole('button', { name: 'Jag har inte tillgång till min autentiseringsapp' }),
    );
    expect(screen.getByText(/tas den bort om 24 timmar/)).toBeInTheDocument();
    expect(screen.getByText(FAN.email)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Skicka mejlet' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(network.callsTo('POST /api/auth/2fa/removal')[0]?.body).toEqual({
      ticket: 'ticket-1',
    });
    await user.click(screen.getByRole('button', { name: 'Till inloggningen' }));
    expect(await screen.findByLabelText('E-postadress')).toBeInTheDocument();
  });
});

describe('cancel link', () => {
  it('cancels the pending removal from the mailed link', async () => {
    const network = stubFetch({
      'POST /api/auth/2fa/removal/cancel': {
        json: { message: 'Borttagningen är avbruten och tvåfaktorsautentiseringen är kvar.' },
      },
    });
    renderApp('/auth/cancel-2fa-removal?token=c1');
    expect(
      await screen.findByText('Borttagningen är avbruten och tvåfaktorsautentiseringen är kvar.'),
    ).toBeInTheDocument();
    expect(network.callsTo('POST /api/auth/2fa/removal/cancel')[0]?.body).toEqual({
      token: 'c1',
    });
  });
});

// Last in the file: the app it signs in goes on loading the home page in the background.
describe('recovery code sign-in', () => {
  it('signs in with a recovery code in place of the app code', async () => {
    const network = stubFetch({
      ...layoutRoutes(),
      ...startPageRoutes(),
      'POST /api/auth/login': { json: challenge },
      'POST /api/auth/2fa/verify': { json: { token: 'tok-kod', user: FAN } },
      'GET /api/account/me': { json: makeAccount(FAN) },
    });
    renderApp('/auth');
    const user = await reachCodeStep();
    await user.click(screen.getByRole('button', { name: 'Använd en återställningskod' }));
    const field = await screen.findByLabelText('Återställningskod');
    await user.type(field, 'abcd-efgh-jkm');
    await user.click(screen.getByRole('button', { name: 'Logga in' }));
    expect(
      await screen.findByText('Återställningskoden ska vara 12 tecken, t.ex. ABCD-EFGH-JKLM.'),
    ).toBeInTheDocument();
    expect(network.callsTo('POST /api/auth/2fa/verify')).toHaveLength(0);

    await user.type(field, 'n');
    await user.click(screen.getByRole('button', { name: 'Logga in' }));
    // Signed in (where it lands is the login's own test, auth-screen.test.tsx).
    await waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('tok-kod'));
    expect(network.callsTo('POST /api/auth/2fa/verify')[0]?.body).toEqual({
      ticket: 'ticket-1',
      recovery_code: 'abcd-efgh-jkmn',
    });
  });
});
