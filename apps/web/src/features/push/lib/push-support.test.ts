import { describe, expect, it } from 'vitest';
import { checkPushRequirements, isStandalone, requirementMessage } from './push-support';

function fakeWindow(url: string, extra: Record<string, unknown> = {}) {
  const location = new URL(url);
  return {
    location,
    isSecureContext:
      location.protocol === 'https:' || ['localhost', '127.0.0.1'].includes(location.hostname),
    navigator: { serviceWorker: {} },
    Notification: { permission: 'default' },
    PushManager: class {},
    matchMedia: () => ({ matches: false }),
    ...extra,
  } as unknown as typeof window;
}

describe('push requirements (docs/spec/1-app-shell-auth-account.md §5)', () => {
  it('needs HTTPS or localhost', () => {
    expect(checkPushRequirements(fakeWindow('https://speedway.example/'))).toBe('ok');
    expect(checkPushRequirements(fakeWindow('http://localhost:3000/'))).toBe('ok');
    expect(checkPushRequirements(fakeWindow('http://127.0.0.1:3000/'))).toBe('ok');
    expect(checkPushRequirements(fakeWindow('http://192.168.1.20:3000/'))).toBe('insecure');
    expect(checkPushRequirements(fakeWindow('http://speedway.example/'))).toBe('insecure');
    expect(requirementMessage('insecure')).toBe('Push-notiser kräver HTTPS (eller localhost).');
  });

  it('needs a service worker, notifications and push', () => {
    const { navigator: _, ...withoutWorker } = fakeWindow(
      'https://a.example/',
    ) as unknown as Record<string, unknown>;
    expect(
      checkPushRequirements({ ...withoutWorker, navigator: {} } as unknown as typeof window),
    ).toBe('unsupported');
    const withoutPush = fakeWindow('https://a.example/') as unknown as Record<string, unknown>;
    delete withoutPush.PushManager;
    expect(checkPushRequirements(withoutPush as unknown as typeof window)).toBe('unsupported');
    const withoutNotification = fakeWindow('https://a.example/') as unknown as Record<
      string,
      unknown
    >;
    delete withoutNotification.Notification;
    expect(checkPushRequirements(withoutNotification as unknown as typeof window)).toBe(
      'unsupported',
    );
    expect(requirementMessage('unsupported')).toBe('Webbläsaren saknar push-stöd.');
    expect(requirementMessage('ok')).toBeNull();
  });

  it('knows a standalone app by its display mode or, on iOS, navigator.standalone', () => {
    const standalone = (query: string) => ({ matches: query === '(display-mode: standalone)' });
    expect(isStandalone(fakeWindow('https://a.example/', { matchMedia: standalone }))).toBe(true);
    expect(isStandalone(fakeWindow('https://a.example/'))).toBe(false);
    expect(
      isStandalone(fakeWindow('https://a.example/', { navigator: { standalone: true } })),
    ).toBe(true);
  });
});
