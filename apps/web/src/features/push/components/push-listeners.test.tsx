import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { endSession } from '@/lib/session';
import { getPushOnboardingState, setPushOnboardingState } from '@/lib/storage';
import { installFakePushBrowser, removeFakePushBrowser } from '../testing/fake-push-browser';
import { PushListeners } from './push-listeners';

function renderListeners() {
  const router = createMemoryRouter([{ path: '*', element: <PushListeners /> }], {
    initialEntries: ['/'],
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

afterEach(() => removeFakePushBrowser());

describe('push listeners in the signed-in shell', () => {
  it('shows the page a clicked notification asks for, only on this origin', async () => {
    const browser = installFakePushBrowser();
    const router = renderListeners();
    const post = (data: unknown) =>
      act(() => {
        browser.container.dispatchEvent(new MessageEvent('message', { data }));
      });

    await post({
      type: 'speedway:navigate',
      url: `${window.location.origin}/matches/official/3?x=1`,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/matches/official/3'));
    expect(router.state.location.search).toBe('?x=1');

    await post({ type: 'speedway:navigate', url: 'https://elsewhere.example/tabell' });
    await post({ type: 'something-else', url: `${window.location.origin}/tabell` });
    await post('speedway:navigate');
    expect(router.state.location.pathname).toBe('/matches/official/3');
  });

  it("ends this device's subscription when the session ends", async () => {
    const browser = installFakePushBrowser({ permission: 'granted', subscribed: true });
    setPushOnboardingState('granted');
    renderListeners();
    const subscription = (await browser.pushManager.getSubscription())!;
    act(() => endSession('manual'));
    await waitFor(() => expect(subscription.unsubscribe).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(getPushOnboardingState()).toBe('pending'));
    expect(browser.state.subscribed).toBe(false);
  });
});
