import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setLogoutNotice, STORAGE_KEYS } from '@/lib/storage';
import { makeAccount, makeUser } from '@/testing/data';
import { apiError, stubFetch } from '@/testing/fetch-stub';
import { layoutRoutes, startPageRoutes } from '@/testing/layout-routes';
import { findToast, renderApp } from '@/testing/render';

const ADMIN = makeUser({ role: 'super_admin', email: 'admin@example.se' });
const FAN = makeUser();

async function fillLogin(email = 'anna.karlsson@example.se', password = 'hemligt123') {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('E-postadress'), email);
  await user.type(screen.getByLabelText('Lösenord'), password);
  await user.click(screen.getByRole('button', { name: 'Logga in' }));
  return user;
}

describe('login', () => {
  it.each([
    ['super_admin', '/admin', ADMIN, 'Översikt'],
    ['user', '/', FAN, 'Hem'],
  ] as const)('lands a %s on %s', async (_role, target, user, heading) => {
    const network = stubFetch({
      // The page the login lands on, and what it reads.
      ...layoutRoutes(),
      ...startPageRoutes(),
      'POST /api/auth/login': { json: { token: 'tok-9', user } },
      'GET /api/account/me': { json: makeAccount(user) },
    });
    const { router } = renderApp('/auth');
    await fillLogin(user.email);
    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(target);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('tok-9');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? '{}')).toMatchObject({
      id: user.id,
    });
    expect(network.callsTo('POST /api/auth/login')[0]?.body).toEqual({
      email: user.email,
      password: 'hemligt123',
    });
  });

  it('returns to the remembered page', async () => {
    stubFetch({
      ...layoutRoutes(),
      'POST /api/auth/login': { json: { token: 'tok-9', user: FAN } },
      'GET /api/account/me': { json: makeAccount(FAN) },
      'GET /api/matches/17': apiError(404, 'NOT_FOUND', 'Protokollet finns inte.'),
    });
    const { router } = renderApp('/auth', { from: '/match/17' });
    await fillLogin();
    expect(
      await screen.findByRole('heading', { name: 'Inget matchprotokoll aktivt' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/match/17');
  });

  it('shows the server message when login fails', async () => {
    stubFetch({
      'POST /api/auth/login': apiError(
        401,
        'INVALID_CREDENTIALS',
        'Fel e-postadress eller lösenord.',
      ),
    });
    const { router } = renderApp('/auth');
    await fillLogin();
    await findToast('Inloggning misslyckades');
    await findToast('Fel e-postadress eller lösenord.');
    expect(router.state.location.pathname).toBe('/auth');
  });

  it('calls an odd reply unexpected', async () => {
    stubFetch({
      'POST /api/auth/login': {
        json: { ok: true },
        // The app's guard for a reply that is neither of LoginResponseSchema's two.
        offContract: 'neither a session nor a two-factor challenge',
      },
    });
    renderApp('/auth');
    await fillLogin();
    await findToast('Oväntat svar från servern vid inloggning.');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('asks for e-mail and password before calling the server', async () => {
    const network = stubFetch({});
    renderApp('/auth');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Logga in' }));
    expect(screen.getByText('E-postadress krävs.')).toBeInTheDocument();
    expect(screen.getByText('Lösenord krävs.')).toBeInTheDocument();
    expect(network.calls).toHaveLength(0);
  });

  it('shows the sign-out notice once, as Utloggad', async () => {
    stubFetch({});
    setLogoutNotice('Du har loggats ut.');
    renderApp('/auth');
    await findToast('Utloggad');
    await findToast('Du har loggats ut.');
    expect(sessionStorage.getItem(STORAGE_KEYS.logoutNotice)).toBeNull();
  });
});

describe('two-factor step', () => {
  const challenge = {
    two_factor_required: true,
    ticket: 'ticket-1',
    device_label: 'Chrome på Android',
    user: { id: FAN.id, email: FAN.email, display_name: FAN.display_name },
  };

  it('shows the device label and submits by itself at the sixth digit', async () => {
    const network = stubFetch({
      ...layoutRoutes(),
      ...startPageRoutes(),
      'POST /api/auth/login': { json: challenge },
      'POST /api/auth/2fa/verify': { json: { token: 'tok-2fa', user: FAN } },
      'GET /api/account/me': { json: makeAccount(FAN) },
    });
    const { router } = renderApp('/auth');
    const user = await fillLogin();
    expect(await screen.findByText('Chrome på Android')).toBeInTheDocument();

    const field = screen.getByLabelText('Verifieringskod');
    await user.type(field, '12a34 5');
    expect(field).toHaveValue('12345');
    expect(network.callsTo('POST /api/auth/2fa/verify')).toHaveLength(0);

    await user.type(field, '6');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(network.callsTo('POST /api/auth/2fa/verify')[0]?.body).toEqual({
      ticket: 'ticket-1',
      code: '123456',
    });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('tok-2fa');
  });

  it('falls back to "Ny enhet" when the server names no device', async () => {
    stubFetch({
      'POST /api/auth/login': {
        json: { ...challenge, device_label: undefined },
        // TwoFactorRequiredResponseSchema requires device_label: the fallback is for a server
        // that leaves it out.
        offContract: 'a challenge without device_label',
      },
    });
    renderApp('/auth');
    await fillLogin();
    expect(await screen.findByText('Ny enhet')).toBeInTheDocument();
  });

  it('clears the field and says so on a wrong code', async () => {
    const network = stubFetch({
      'POST /api/auth/login': { json: challenge },
      'POST /api/auth/2fa/verify': apiError(401, 'INVALID_CODE', 'Felaktig kod.'),
    });
    renderApp('/auth');
    const user = await fillLogin();
    const field = await screen.findByLabelText('Verifieringskod');
    await user.type(field, '999999');
    await findToast('Felaktig kod');
    await findToast('Prova igen.');
    await waitFor(() => expect(field).toHaveValue(''));
    expect(network.callsTo('POST /api/auth/2fa/verify')).toHaveLength(1);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('calls an odd verification reply unexpected', async () => {
    stubFetch({
      'POST /api/auth/login': { json: challenge },
      'POST /api/auth/2fa/verify': {
        json: { token: 'only-a-token' },
        offContract: 'a session without its user (SessionLoginResponseSchema)',
      },
    });
    renderApp('/auth');
    const user = await fillLogin();
    await user.type(await screen.findByLabelText('Verifieringskod'), '123456');
    await findToast('Oväntat svar från servern vid 2FA-verifiering.');
  });
});

describe('registration', () => {
  async function register(email: string) {
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Registrera' }));
    await user.type(screen.getByLabelText('E-postadress'), email);
    await user.type(screen.getByLabelText('Lösenord'), 'langtlosen1');
    await user.click(screen.getByRole('button', { name: 'Skapa konto' }));
  }

  it('goes back to the login tab with the e-mail filled in and the server message', async () => {
    const message =
      'Konto skapat. Kontrollera din e-post och klicka på länken för att verifiera kontot.';
    const network = stubFetch({ 'POST /api/auth/register': { status: 201, json: { message } } });
    renderApp('/auth');
    await register('ny@example.se');
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Logga in' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('E-postadress')).toHaveValue('ny@example.se');
    expect(network.callsTo('POST /api/auth/register')[0]?.body).toEqual({
      email: 'ny@example.se',
      password: 'langtlosen1',
    });
  });

  it('says an empty e-mail is required before calling the server', async () => {
    const network = stubFetch({});
    renderApp('/auth');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Registrera' }));
    await user.type(screen.getByLabelText('Lösenord'), 'langtlosen1');
    await user.click(screen.getByRole('button', { name: 'Skapa konto' }));
    expect(await screen.findByText('E-postadress krävs.')).toBeInTheDocument();
    expect(screen.queryByText(/Felaktig e-postadress/)).not.toBeInTheDocument();
    expect(network.callsTo('POST /api/auth/register')).toHaveLength(0);
  });

  it('explains a 422 as an invalid e-mail address', async () => {
    stubFetch({ 'POST /api/auth/register': apiError(422, 'INVALID_EMAIL', 'Ogiltig.') });
    renderApp('/auth');
    await register('ny@example.se');
    await findToast('Registrering misslyckades');
    await findToast('Felaktig e-postadress. Kontrollera att adressen är korrekt.');
  });
});
