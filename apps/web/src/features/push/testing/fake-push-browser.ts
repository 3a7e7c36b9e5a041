import { vi } from 'vitest';

/** A 65-byte P-256 point and a 16-byte secret, base64url: the shape the server checks. */
export const DEVICE_KEYS = {
  p256dh: `BA${'A'.repeat(85)}`,
  auth: 'AAAAAAAAAAAAAAAAAAAAAA',
};
export const DEVICE_ENDPOINT = 'https://fcm.googleapis.com/fcm/send/test-device';
/** A VAPID public key (65 bytes, base64url). */
export const VAPID_KEY = `BE${'E'.repeat(85)}`;

type Options = {
  permission?: NotificationPermission;
  /** What the permission prompt answers. */
  prompt?: NotificationPermission;
  subscribed?: boolean;
  /** PushManager.subscribe fails like a browser without a push service. */
  subscribeFails?: boolean;
};

/**
 * jsdom has no Notification, PushManager or service worker. This stands in for the browser's side
 * of push (what the app does not own); every call is recorded for the test to check.
 */
export function installFakePushBrowser(options: Options = {}) {
  const state = { permission: options.permission ?? 'default', subscribed: options.subscribed };
  const makeSubscription = (key?: ArrayBuffer) =>
    ({
      endpoint: DEVICE_ENDPOINT,
      options: { applicationServerKey: key ?? null, userVisibleOnly: true },
      toJSON: () => ({ endpoint: DEVICE_ENDPOINT, expirationTime: null, keys: DEVICE_KEYS }),
      unsubscribe: vi.fn(async () => {
        state.subscribed = false;
        return true;
      }),
    }) as unknown as PushSubscription;
  let subscription: PushSubscription | null = state.subscribed ? makeSubscription() : null;

  const pushManager = {
    getSubscription: vi.fn(async () => (state.subscribed ? subscription : null)),
    subscribe: vi.fn(async (init: PushSubscriptionOptionsInit) => {
      if (options.subscribeFails) {
        throw new DOMException('Registration failed - push service error', 'AbortError');
      }
      const key = init.applicationServerKey as Uint8Array;
      subscription = makeSubscription(key.buffer.slice(0) as ArrayBuffer);
      state.subscribed = true;
      return subscription;
    }),
  };
  const registration = { pushManager, scope: 'http://localhost:3000/' };
  const container = Object.assign(new EventTarget(), {
    getRegistration: vi.fn(async () => registration),
    register: vi.fn(async () => registration),
    ready: Promise.resolve(registration),
  });
  const requestPermission = vi.fn(async () => {
    if (state.permission === 'default') state.permission = options.prompt ?? 'granted';
    return state.permission;
  });
  class FakeNotification {
    static get permission() {
      return state.permission;
    }
    static requestPermission = requestPermission;
  }
  vi.stubGlobal('Notification', FakeNotification);
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('isSecureContext', true);
  Object.defineProperty(navigator, 'serviceWorker', { value: container, configurable: true });
  return { pushManager, requestPermission, container, state };
}

/** Takes the fake away again (stubGlobal is undone by the test setup; this property is not). */
export function removeFakePushBrowser() {
  Reflect.deleteProperty(navigator, 'serviceWorker');
}
