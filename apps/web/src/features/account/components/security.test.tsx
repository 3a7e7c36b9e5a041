import type { Session } from '@speedway/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeAccount, signInAs } from '@/testing/data';
import { apiError, stubFetch } from '@/testing/fetch-stub';
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

  it('shows the QR code and key, and confirms by itself at the sixth digit', async () => {
    let enabled = false;
    const { network, user } = openSecurity({
      'POST /api/account/2fa/enable': { json: setup },
      'POST /api/account/2fa/verify': () => {
        enabled = true;
        return {
          json: { message: 'Tvåfaktorsautentisering är aktiverad.', two_factor_enabled: true },
        };
      },
      'GET /api/account/me': () => ({ json: makeAccount({ two_factor_enabled: enabled }) }),
    });
    await user.click(
      await screen.findByRole('button', { name: 'Aktivera tvåfaktorsautentisering' }),
    );
    expect(await screen.findByAltText('QR-kod för autentiseringsappen')).toHaveAttribute(
      'src',
      setup.qrcodeDataUrl,
    );
    expect(screen.getByText(setup.secret)).toBeInTheDocument();

    await user.type(screen.getByLabelText('Verifieringskod'), '123456');
    await findToast('Tvåfaktorsautentisering är aktiverad.');
    expect(network.callsTo('POST /api/account/2fa/verify')[0]?.body).toEqual({ code: '123456' });
    expect(await screen.findByText('Aktiverad')).toBeInTheDocument();
  });

  it('clears the field on a wrong code', async () => {
    const { user } = openSecurity({
      'POST /api/account/2fa/enable': { json: setup },
      'POST /api/account/2fa/verify': apiError(400, 'INVALID_CODE', 'Fel kod'),
    });
    await user.click(
      await screen.findByRole('button', { name: 'Aktivera tvåfaktorsautentisering' }),
    );
    const field = await screen.findByLabelText('Verifieringskod');
    await user.type(field, '000000');
    await findToast('Fel kod');
    await findToast('Prova igen.');
    await waitFor(() => expect(field).toHaveValue(''));
  });

  it('says when it cannot be switched off', async () => {
    const { user } = openSecurity(
      { 'POST /api/account/2fa/disable': { status: 500, json: { message: 'Internt fel.' } } },
      true,
    );
    await user.click(
      await screen.findByRole('button', { name: 'Stäng av tvåfaktorsautentisering' }),
    );
    await user.click(screen.getByRole('button', { name: 'Stäng av' }));
    await findToast('Kunde inte stänga av');
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
      [`DELETE /api/account/sessions/${PHONE.id}`]: { status: 500, json: { message: 'x' } },
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
