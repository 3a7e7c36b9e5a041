import type { Session } from '@speedway/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeAccount, signInAs } from '@/testing/data';
import { apiError, stubFetch } from '@/testing/fetch-stub';
import { layoutRoutes } from '@/testing/layout-routes';
import { findToast, renderApp } from '@/testing/render';

function session(overrides: Partial<Session>): Session {
  return {
    id: '0e2c1f64-7a8b-4c3d-9e1f-2a3b4c5d6e7f',
    current: false,
    device: 'Mobil',
    browser: 'Chrome',
    browserNice: 'Chrome 150',
    os: 'Android',
    osNice: 'Android 16',
    user_agent: 'UA',
    ip: '10.0.0.2',
    created_at: new Date().toISOString(),
    last_active: new Date().toISOString(),
    ...overrides,
  };
}

const CURRENT = session({
  id: '11111111-1111-4111-8111-111111111111',
  current: true,
  device: 'Dator',
  browserNice: 'Firefox 140',
  osNice: 'Linux',
  ip: '127.0.0.1',
});
const PHONE = session({ id: '22222222-2222-4222-8222-222222222222' });

function openSecurity(routes: Parameters<typeof stubFetch>[0] = {}, twoFactor = false) {
  const user = signInAs('user');
  const network = stubFetch({
    ...layoutRoutes(),
    'GET /api/account/me': { json: makeAccount({ ...user, two_factor_enabled: twoFactor }) },
    'GET /api/account/sessions': { json: [CURRENT, PHONE] },
    ...routes,
  });
  renderApp('/account/security');
  return { network, user: userEvent.setup() };
}

describe('two-factor setup', () => {
  const setup = {
    secret: 'JBSWY3DPEHPK3PXP',
    otpauth_url: 'otpauth://totp/x',
    qrcodeDataUrl: 'data:image/png;base64,AAAA',
  };

  const CODES = Array.from({ length: 10 }, (_, i) => `ABCD-EFGH-JK${'23456789AB'[i]}M`);

  /** Opens the setup behind the password. */
  async function startWithPassword(user: ReturnType<typeof userEvent.setup>, password: string) {
    // The first test of the file also waits for the page's code to load (over 10 s once, with
    // three test files beside it on a loaded 2-core machine).
    await user.click(
      await screen.findByRole(
        'button',
        { name: 'Aktivera tvåfaktorsautentisering' },
        { timeout: 30_000 },
      ),
    );
    await user.type(await screen.findByLabelText('Lösenord'), password);
    await user.click(screen.getByRole('button', { name: 'Fortsätt' }));
  }

  it('asks for the password, shows the QR code and key, confirms at the sixth digit and shows the recovery codes once', async () => {
    let enabled = false;
    const { network, user } = openSecurity({
      'POST /api/account/2fa/enable': { json: setup },
      'POST /api/account/2fa/verify': () => {
        enabled = true;
        return {
          json: {
            message: 'Tvåfaktorsautentisering är aktiverad.',
            two_factor_enabled: true,
            recovery_codes: CODES,
          },
        };
      },
      'GET /api/account/me': () => ({ json: makeAccount({ two_factor_enabled: enabled }) }),
    });
    await startWithPassword(user, 'mitt-lösenord');
    expect(network.callsTo('POST /api/account/2fa/enable')[0]?.body).toEqual({
      password: 'mitt-lösenord',
    });
    expect(await screen.findByAltText('QR-kod för autentiseringsappen')).toHaveAttribute(
      'src',
      setup.qrcodeDataUrl,
    );
    expect(screen.getByText(setup.secret)).toBeInTheDocument();

    await user.type(screen.getByLabelText('Verifieringskod'), '123456');
    await findToast('Tvåfaktorsautentisering är aktiverad.');
    expect(network.callsTo('POST /api/account/2fa/verify')[0]?.body).toEqual({ code: '123456' });
    expect(await screen.findByText('Aktiverad')).toBeInTheDocument();

    // The codes stay on screen, though the account now says 2FA is on, until they are saved.
    const list = await screen.findByRole('list', { name: 'Återställningskoder' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(CODES);
    expect(screen.getByRole('button', { name: 'Kopiera' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ladda ner' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Jag har sparat koderna' }));
    expect(screen.queryByRole('list', { name: 'Återställningskoder' })).not.toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Stäng av tvåfaktorsautentisering' }),
    ).toBeInTheDocument();
  });

  it('shows a wrong password at the field and stays on it', async () => {
    const { user } = openSecurity({
      'POST /api/account/2fa/enable': apiError(400, 'WRONG_PASSWORD', 'Fel lösenord.'),
    });
    await startWithPassword(user, 'fel');
    expect(await screen.findByText('Fel lösenord.')).toBeInTheDocument();
    expect(screen.getByLabelText('Lösenord')).toHaveValue('');
    expect(screen.getByLabelText('Lösenord')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByAltText('QR-kod för autentiseringsappen')).not.toBeInTheDocument();
  });

  it('makes new recovery codes behind the password', async () => {
    const { network, user } = openSecurity(
      {
        'POST /api/account/2fa/recovery-codes': {
          json: { message: 'Nya återställningskoder är skapade.', recovery_codes: CODES },
        },
      },
      true,
    );
    await user.click(await screen.findByRole('button', { name: 'Nya återställningskoder' }));
    await user.type(await screen.findByLabelText('Lösenord'), 'mitt-lösenord');
    await user.click(screen.getByRole('button', { name: 'Skapa nya koder' }));
    await findToast('Nya återställningskoder är skapade.');
    expect(network.callsTo('POST /api/account/2fa/recovery-codes')[0]?.body).toEqual({
      password: 'mitt-lösenord',
    });
    expect(await screen.findByRole('list', { name: 'Återställningskoder' })).toBeInTheDocument();
  });

  it('clears the field on a wrong code', async () => {
    const { user } = openSecurity({
      'POST /api/account/2fa/enable': { json: setup },
      'POST /api/account/2fa/verify': apiError(400, 'INVALID_CODE', 'Fel kod'),
    });
    await startWithPassword(user, 'mitt-lösenord');
    const field = await screen.findByLabelText('Verifieringskod');
    await user.type(field, '000000');
    await findToast('Fel kod');
    await findToast('Prova igen.');
    await waitFor(() => expect(field).toHaveValue(''));
  });

  it('switches off with the password, and says when it cannot', async () => {
    const { network, user } = openSecurity(
      { 'POST /api/account/2fa/disable': apiError(500, 'INTERNAL_ERROR', 'Internt fel.') },
      true,
    );
    await user.click(
      await screen.findByRole('button', { name: 'Stäng av tvåfaktorsautentisering' }),
    );
    await user.click(screen.getByRole('button', { name: 'Stäng av' }));
    expect(await screen.findByText('Lösenord krävs.')).toBeInTheDocument();
    expect(network.callsTo('POST /api/account/2fa/disable')).toHaveLength(0);
    await user.type(screen.getByLabelText('Lösenord'), 'mitt-lösenord');
    await user.click(screen.getByRole('button', { name: 'Stäng av' }));
    await findToast('Kunde inte stänga av');
    expect(network.callsTo('POST /api/account/2fa/disable')[0]?.body).toEqual({
      password: 'mitt-lösenord',
    });
  });
});

describe('sessions', () => {
  it('lists devices, marks this one and logs out another', async () => {
    const { network, user } = openSecurity({
      [`DELETE /api/account/sessions/${PHONE.id}`]: { json: { message: 'Sessionen är utloggad.' } },
    });
    const current = (await screen.findByText('Denna enhet')).closest('li')!;
    expect(within(current).getByText('Firefox 140 · Linux · 127.0.0.1')).toBeInTheDocument();
    expect(within(current).queryByRole('button')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Logga ut Mobil, Chrome 150' }));
    await findToast('Sessionen är utloggad.');
    expect(network.callsTo(`DELETE /api/account/sessions/${PHONE.id}`)).toHaveLength(1);
    await waitFor(() => expect(network.callsTo('GET /api/account/sessions')).toHaveLength(2));
  });

  it('says when a session could not be logged out', async () => {
    const { user } = openSecurity({
      [`DELETE /api/account/sessions/${PHONE.id}`]: apiError(500, 'INTERNAL_ERROR', 'x'),
    });
    await user.click(await screen.findByRole('button', { name: 'Logga ut Mobil, Chrome 150' }));
    await findToast('Kunde inte logga ut sessionen.');
  });

  it('logs out every other device', async () => {
    const { network, user } = openSecurity({
      'DELETE /api/account/sessions': { json: { message: '1 session utloggad.', revoked: 1 } },
    });
    await screen.findByText('Denna enhet');
    await user.click(screen.getByRole('button', { name: 'Logga ut alla andra enheter' }));
    await findToast('1 session utloggad.');
    expect(network.callsTo('DELETE /api/account/sessions')[0]?.body).toEqual({ scope: 'others' });
  });
});
