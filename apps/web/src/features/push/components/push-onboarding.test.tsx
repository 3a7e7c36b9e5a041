import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/sonner';
import { createQueryClient } from '@/lib/query-client';
import { getInstalledAt, getPushOnboardingState, setPushOnboardingState } from '@/lib/storage';
import { apiError, stubFetch } from '@/testing/fetch-stub';
import { setMediaQuery } from '@/testing/match-media';
import { findToast } from '@/testing/render';
import {
  DEVICE_ENDPOINT,
  DEVICE_KEYS,
  installFakePushBrowser,
  removeFakePushBrowser,
  VAPID_KEY,
} from '../testing/fake-push-browser';
import { PushOnboarding } from './push-onboarding';

const STANDALONE = '(display-mode: standalone)';
const TITLE = 'Vill du aktivera notiser?';

function renderOnboarding() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Toaster />
      <PushOnboarding />
    </QueryClientProvider>,
  );
}

/** Runs the clock forward inside act, so React sees what the timers do. */
async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});

afterEach(() => removeFakePushBrowser());

describe('push onboarding', () => {
  it('asks a first standalone start after 1200 ms; Inte nu sets dismissed', async () => {
    installFakePushBrowser();
    setMediaQuery(STANDALONE, true);
    renderOnboarding();
    expect(getPushOnboardingState()).toBe('pending');
    expect(getInstalledAt()).not.toBeNull();

    await advance(1199);
    expect(screen.queryByRole('dialog', { name: TITLE })).not.toBeInTheDocument();
    await advance(1);
    vi.useRealTimers();
    const dialog = await screen.findByRole('dialog', { name: TITLE });

    await userEvent.setup().click(screen.getByRole('button', { name: 'Inte nu' }));
    expect(dialog).not.toBeInTheDocument();
    expect(getPushOnboardingState()).toBe('dismissed');
  });

  it('waits while another dialog (the intro tutorial) is open, then asks', async () => {
    installFakePushBrowser();
    setMediaQuery(STANDALONE, true);
    const intro = document.body.appendChild(document.createElement('div'));
    intro.setAttribute('role', 'dialog');
    renderOnboarding();
    await advance(1200);
    await advance(1200);
    expect(screen.queryByRole('dialog', { name: TITLE })).not.toBeInTheDocument();
    intro.remove();
    await advance(1199);
    expect(screen.queryByRole('dialog', { name: TITLE })).not.toBeInTheDocument();
    await advance(1);
    vi.useRealTimers();
    expect(await screen.findByRole('dialog', { name: TITLE })).toBeInTheDocument();
  });

  it('does not ask in a browser tab', async () => {
    installFakePushBrowser();
    renderOnboarding();
    await advance(5000);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(getPushOnboardingState()).toBeNull();
    expect(getInstalledAt()).toBeNull();
  });

  it('records unsupported and does not ask where push is missing', async () => {
    setMediaQuery(STANDALONE, true);
    renderOnboarding();
    await advance(5000);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(getPushOnboardingState()).toBe('unsupported');
  });

  it('does not ask again once dismissed, or when permission is already granted', async () => {
    installFakePushBrowser();
    setMediaQuery(STANDALONE, true);
    setPushOnboardingState('dismissed');
    renderOnboarding();
    await advance(5000);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(getPushOnboardingState()).toBe('dismissed');
  });

  it('does not ask when the browser already allows notifications', async () => {
    installFakePushBrowser({ permission: 'granted' });
    setMediaQuery(STANDALONE, true);
    renderOnboarding();
    await advance(5000);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('becomes pending on install and asks 500 ms later', async () => {
    installFakePushBrowser();
    setPushOnboardingState('dismissed');
    renderOnboarding();
    await advance(2000);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    // The installed app starts in its own window; this one becomes standalone with it.
    setMediaQuery(STANDALONE, true);
    act(() => {
      window.dispatchEvent(new Event('appinstalled'));
    });
    expect(getPushOnboardingState()).toBe('pending');
    expect(getInstalledAt()).not.toBeNull();
    await advance(499);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await advance(1);
    vi.useRealTimers();
    expect(await screen.findByRole('dialog', { name: TITLE })).toBeInTheDocument();
  });

  it('enables push: permission, the server key, a subscription, the server; state granted', async () => {
    const browser = installFakePushBrowser();
    const network = stubFetch({
      'GET /api/account/push/public-key': { json: { vapidPublicKey: VAPID_KEY } },
      'POST /api/account/push/subscribe': { json: { subscribed: true, devices: 1 } },
    });
    setMediaQuery(STANDALONE, true);
    renderOnboarding();
    await advance(1200);
    vi.useRealTimers();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Aktivera' }));

    await findToast('Notiser är aktiverade.');
    expect(screen.queryByRole('dialog', { name: TITLE })).not.toBeInTheDocument();
    expect(getPushOnboardingState()).toBe('granted');
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    const options = browser.pushManager.subscribe.mock.calls[0]![0];
    expect(options.userVisibleOnly).toBe(true);
    expect((options.applicationServerKey as Uint8Array).length).toBe(65);
    expect(network.callsTo('POST /api/account/push/subscribe')[0]?.body).toEqual({
      endpoint: DEVICE_ENDPOINT,
      keys: DEVICE_KEYS,
    });
  });

  it('a browser-denied permission sets denied and says the notices are blocked', async () => {
    installFakePushBrowser({ prompt: 'denied' });
    const network = stubFetch({});
    setMediaQuery(STANDALONE, true);
    renderOnboarding();
    await advance(1200);
    vi.useRealTimers();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Aktivera' }));

    await findToast('Notiser är blockerade i webbläsaren.');
    await findToast(/Öppna webbläsarens inställningar/);
    expect(getPushOnboardingState()).toBe('denied');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: TITLE })).toBeNull());
    expect(network.calls).toHaveLength(0);
  });

  it('a refused prompt says permission is needed and stays pending', async () => {
    installFakePushBrowser({ prompt: 'default' });
    stubFetch({});
    setMediaQuery(STANDALONE, true);
    renderOnboarding();
    await advance(1200);
    vi.useRealTimers();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Aktivera' }));
    await findToast('Du behöver tillåta notiser.');
    expect(getPushOnboardingState()).toBe('pending');
  });

  it('a failed subscription keeps the question open with the spec title', async () => {
    installFakePushBrowser();
    stubFetch({
      'GET /api/account/push/public-key': { json: { vapidPublicKey: VAPID_KEY } },
      'POST /api/account/push/subscribe': apiError(
        400,
        'PUSH_ENDPOINT_NOT_ALLOWED',
        'endpoint är inte tillåten.',
      ),
    });
    setMediaQuery(STANDALONE, true);
    renderOnboarding();
    await advance(1200);
    vi.useRealTimers();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Aktivera' }));
    await findToast('Kunde inte aktivera notiser');
    await findToast('endpoint är inte tillåten.');
    expect(screen.getByRole('dialog', { name: TITLE })).toBeInTheDocument();
    expect(getPushOnboardingState()).toBe('pending');
  });
});
