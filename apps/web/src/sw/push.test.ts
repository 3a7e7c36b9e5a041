import { describe, expect, it, vi } from 'vitest';
import { listenForPush } from './push';
import { fakeScope, fakeWindow, ORIGIN } from './testing/fake-scope';

function loadPush(windows: ReturnType<typeof fakeWindow>[] = []) {
  const worker = fakeScope({ windows });
  listenForPush(worker.scope);
  return { scope: worker.fake, dispatch: worker.dispatch };
}

function pushData(payload: unknown) {
  const text = typeof payload === 'string' ? payload : JSON.stringify(payload);
  return { json: () => JSON.parse(text) as unknown, text: () => text };
}

function clicked(data: unknown) {
  return { notification: { data, close: vi.fn() } };
}

describe('push', () => {
  it('shows a push with its title, body, icon and data', async () => {
    const { scope, dispatch } = loadPush();
    await dispatch('push', {
      data: pushData({
        title: 'Matchen börjar snart',
        body: 'Dackarna – Vetlanda startar om 60 minuter.',
        icon: '/icon-512.svg',
        tag: 'match_reminder:1',
        data: { deeplink: '/matches/official/1', kind: 'match_reminder' },
      }),
    });
    expect(scope.registration.showNotification).toHaveBeenCalledWith('Matchen börjar snart', {
      body: 'Dackarna – Vetlanda startar om 60 minuter.',
      icon: '/icon-512.svg',
      badge: '/icon-192.svg',
      data: { deeplink: '/matches/official/1', kind: 'match_reminder' },
      lang: 'sv',
      // No renotify: the same notification pushed twice replaces itself without a second alert.
      tag: 'match_reminder:1',
    });
  });

  it("falls back to 'Notis', the app icon and a top-level deeplink; text becomes the body", async () => {
    const { scope, dispatch } = loadPush();
    await dispatch('push', { data: pushData({ deeplink: '/my-matches/saved/7' }) });
    expect(scope.registration.showNotification).toHaveBeenLastCalledWith('Notis', {
      body: '',
      icon: '/icon-192.svg',
      badge: '/icon-192.svg',
      data: { deeplink: '/my-matches/saved/7' },
      lang: 'sv',
    });
    await dispatch('push', { data: pushData('Bara text') });
    expect(scope.registration.showNotification).toHaveBeenLastCalledWith(
      'Notis',
      expect.objectContaining({ body: 'Bara text' }),
    );
  });

  it('on click focuses an open app window and asks it to show the deeplink', async () => {
    const background = fakeWindow(`${ORIGIN}/tabell`);
    const focused = fakeWindow(`${ORIGIN}/`, true);
    const { scope, dispatch } = loadPush([background, focused]);
    const event = clicked({ deeplink: '/my-matches/saved/7', url: 'https://elitserien.se' });
    await dispatch('notificationclick', event);
    expect(event.notification.close).toHaveBeenCalled();
    expect(focused.postMessage).toHaveBeenCalledWith({
      type: 'speedway:navigate',
      url: `${ORIGIN}/my-matches/saved/7`,
    });
    expect(focused.focus).toHaveBeenCalled();
    expect(background.focus).not.toHaveBeenCalled();
    expect(scope.clients.openWindow).not.toHaveBeenCalled();
  });

  it('opens the app at the deeplink when no window is open', async () => {
    const { scope, dispatch } = loadPush([fakeWindow('https://elsewhere.example/')]);
    await dispatch('notificationclick', clicked({ deeplink: '/matches/official/3' }));
    expect(scope.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/matches/official/3`);
  });

  it('opens another site in a new window and never runs a javascript: link', async () => {
    const app = fakeWindow(`${ORIGIN}/`, true);
    const { scope, dispatch } = loadPush([app]);
    await dispatch('notificationclick', clicked({ url: 'https://elitserien.se/resultat' }));
    expect(scope.clients.openWindow).toHaveBeenLastCalledWith('https://elitserien.se/resultat');
    expect(app.postMessage).not.toHaveBeenCalled();

    await dispatch('notificationclick', clicked({ url: 'javascript:alert(1)' }));
    expect(app.postMessage).toHaveBeenLastCalledWith({
      type: 'speedway:navigate',
      url: `${ORIGIN}/`,
    });
  });
});
