import { DEFAULT_NOTIFICATION_SETTINGS } from '@speedway/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { getPushOnboardingState } from '@/lib/storage';
import { makeAccount, signInAs } from '@/testing/data';
import { apiError, stubFetch } from '@/testing/fetch-stub';
import { layoutRoutes } from '@/testing/layout-routes';
import { findToast, renderApp } from '@/testing/render';
import {
  DEVICE_ENDPOINT,
  DEVICE_KEYS,
  installFakePushBrowser,
  removeFakePushBrowser,
  VAPID_KEY,
} from '../testing/fake-push-browser';
import { PUSH_TEXTS } from '../lib/push-support';

beforeAll(async () => {
  await import('@/app/routes/account/notifications');
}, 60_000);

afterEach(() => removeFakePushBrowser());

function openPage(routes: Parameters<typeof stubFetch>[0] = {}) {
  const user = signInAs('user');
  const network = stubFetch({
    ...layoutRoutes(),
    'GET /api/account/me': { json: makeAccount(user) },
    'GET /api/notifications/inbox': { json: [] },
    'GET /api/account/notifications': { json: DEFAULT_NOTIFICATION_SETTINGS },
    'GET /api/account/push/public-key': { json: { vapidPublicKey: VAPID_KEY } },
    ...routes,
  });
  renderApp('/account/notifications');
  return { network, user: userEvent.setup() };
}

describe('push on this device', { timeout: 15_000 }, () => {
  it('says the browser lacks push support', async () => {
    openPage();
    expect(await screen.findByText('Webbläsaren saknar push-stöd.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Aktivera push' })).not.toBeInTheDocument();
  });

  it('turns push on and sends the subscription to the server', async () => {
    const browser = installFakePushBrowser();
    const { network, user } = openPage({
      'POST /api/account/push/subscribe': { json: { subscribed: true, devices: 1 } },
    });
    expect(await screen.findByText('Inte aktiverad')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Aktivera push' }));
    await findToast('Push är aktiverat på den här enheten.');
    expect(await screen.findByText('Aktiverad')).toBeInTheDocument();
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    expect(network.callsTo('POST /api/account/push/subscribe')[0]?.body).toEqual({
      endpoint: DEVICE_ENDPOINT,
      keys: DEVICE_KEYS,
    });
    expect(getPushOnboardingState()).toBe('granted');
    expect(screen.getByRole('button', { name: 'Stäng av push' })).toBeInTheDocument();
  });

  it('shows the blocked text with the way to the browser settings', async () => {
    installFakePushBrowser({ permission: 'denied' });
    const { user } = openPage();
    expect(await screen.findByText('Notiser är blockerade i webbläsaren.')).toBeInTheDocument();
    expect(screen.getByText(/Öppna webbläsarens inställningar/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Aktivera push' }));
    await findToast('Notiser är blockerade i webbläsaren.');
    expect(getPushOnboardingState()).toBe('denied');
  });

  it('says permission is needed when the prompt is refused', async () => {
    installFakePushBrowser({ prompt: 'default' });
    const { user, network } = openPage();
    await user.click(await screen.findByRole('button', { name: 'Aktivera push' }));
    await findToast('Du behöver tillåta notiser.');
    expect(network.callsTo('POST /api/account/push/subscribe')).toHaveLength(0);
  });

  it("says 'Kunde inte aktivera notiser' and what to do when the browser's subscription fails", async () => {
    installFakePushBrowser({ subscribeFails: true });
    const { user } = openPage();
    await user.click(await screen.findByRole('button', { name: 'Aktivera push' }));
    // The spec's words, and not only for the few seconds of a toast.
    await findToast('Kunde inte aktivera notiser');
    await findToast(PUSH_TEXTS.browserFailed);
    const card = screen
      .getByRole('heading', { name: 'Push på den här enheten' })
      .closest('[data-slot="card"]') as HTMLElement;
    const alert = within(card)
      .getByText('Kunde inte aktivera notiser')
      .closest('[data-slot="alert"]');
    expect(alert).toHaveTextContent(PUSH_TEXTS.browserFailed);
    expect(screen.getByText('Inte aktiverad')).toBeInTheDocument();
  });

  it("says 'Kunde inte aktivera notiser' with the server's words when the server refuses", async () => {
    installFakePushBrowser();
    const { user } = openPage({
      'POST /api/account/push/subscribe': apiError(
        400,
        'PUSH_ENDPOINT_NOT_ALLOWED',
        'endpoint är inte tillåten.',
      ),
    });
    await user.click(await screen.findByRole('button', { name: 'Aktivera push' }));
    await findToast('Kunde inte aktivera notiser');
    await findToast('endpoint är inte tillåten.');
  });

  it('turns push off: the server forgets the endpoint, then the browser', async () => {
    installFakePushBrowser({ permission: 'granted', subscribed: true });
    const { user, network } = openPage({
      'DELETE /api/account/push/subscribe': { json: { subscribed: false, devices: 0 } },
    });
    await user.click(await screen.findByRole('button', { name: 'Stäng av push' }));
    await findToast('Push är avstängt på den här enheten.');
    expect(network.callsTo('DELETE /api/account/push/subscribe')[0]?.body).toEqual({
      endpoint: DEVICE_ENDPOINT,
    });
    expect(await screen.findByText('Inte aktiverad')).toBeInTheDocument();
  });

  it("says 'Kunde inte stänga av' and stays on when the server fails", async () => {
    installFakePushBrowser({ permission: 'granted', subscribed: true });
    const { user } = openPage({
      'DELETE /api/account/push/subscribe': apiError(500, 'INTERNAL_ERROR', 'Internt fel.'),
    });
    await user.click(await screen.findByRole('button', { name: 'Stäng av push' }));
    await findToast('Kunde inte stänga av');
    expect(screen.getByText('Aktiverad')).toBeInTheDocument();
  });

  it('sends a test and shows the reply, or the spec text when it fails', async () => {
    installFakePushBrowser({ permission: 'granted', subscribed: true });
    let fail = false;
    const { user, network } = openPage({
      'POST /api/account/push/test': () =>
        fail
          ? apiError(409, 'NO_PUSH_SUBSCRIPTION', 'Aktivera push på en enhet först.')
          : { json: { message: 'Testnotisen är på väg till 1 enhet.', devices: 1 } },
    });
    const test = await screen.findByRole('button', { name: 'Skicka testnotis' });
    await user.click(test);
    await findToast('Testnotisen är på väg till 1 enhet.');
    fail = true;
    await waitFor(() => expect(test).toBeEnabled());
    await user.click(test);
    await findToast('Kunde inte skicka test.');
    await findToast('Aktivera push på en enhet först.');
    expect(network.callsTo('POST /api/account/push/test')).toHaveLength(2);
  });
});
