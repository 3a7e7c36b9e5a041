import type { PushSubscribeBody } from '@speedway/contracts';
import { ApiError } from '@/lib/api-client';
import { getPushOnboardingState, setPushOnboardingState } from '@/lib/storage';
import { getPushPublicKey } from '../api/get-push-public-key';
import { removeSubscription, saveSubscription } from '../api/push-subscription';
import { base64UrlToBytes, sameBytes } from './base64url';
import {
  checkPushRequirements,
  PUSH_TEXTS,
  requirementMessage,
  type PushRequirement,
} from './push-support';

type SetupFailure = Exclude<PushRequirement, 'ok'> | 'blocked' | 'refused';

/** Push that cannot be turned on for a reason the user can act on; the message is the spec's. */
export class PushSetupError extends Error {
  override readonly name = 'PushSetupError';

  constructor(
    message: string,
    readonly reason: SetupFailure,
    readonly description?: string,
  ) {
    super(message);
  }
}

/** main.tsx registers /sw.js after load; a click before that must not wait for ever. */
const SERVICE_WORKER_TIMEOUT_MS = 10_000;
/** A browser that cannot reach its push service may leave subscribe() unanswered for minutes. */
export const SUBSCRIBE_TIMEOUT_MS = 20_000;

function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer = 0;
  const timeout = new Promise<never>((_, reject) => {
    timer = window.setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => window.clearTimeout(timer));
}

async function serviceWorkerRegistration(): Promise<ServiceWorkerRegistration> {
  const existing = await navigator.serviceWorker.getRegistration('/');
  if (!existing) await navigator.serviceWorker.register('/sw.js');
  return withTimeout(
    navigator.serviceWorker.ready,
    SERVICE_WORKER_TIMEOUT_MS,
    'Service workern startade inte.',
  );
}

/** This device's subscription, if push is on here. */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  if (checkPushRequirements() !== 'ok') return null;
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ?? null;
}

function subscriptionBody(subscription: PushSubscription): PushSubscribeBody {
  const json = subscription.toJSON();
  return {
    endpoint: subscription.endpoint,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  };
}

/**
 * Turns push on for this device: the requirement checks, the browser's permission, a subscription
 * under the server's VAPID key (a subscription under another key is replaced), then the server.
 * docs/spec/1-app-shell-auth-account.md §4: enabling sets the onboarding state granted; a
 * browser-denied permission sets denied.
 */
export async function enablePush(): Promise<PushSubscription> {
  const requirement = checkPushRequirements();
  const unmet = requirementMessage(requirement);
  if (requirement !== 'ok' && unmet) throw new PushSetupError(unmet, requirement);

  let permission = Notification.permission;
  if (permission === 'default') permission = await Notification.requestPermission();
  if (permission === 'denied') {
    setPushOnboardingState('denied');
    throw new PushSetupError(PUSH_TEXTS.blocked, 'blocked', PUSH_TEXTS.blockedHelp);
  }
  if (permission !== 'granted') throw new PushSetupError(PUSH_TEXTS.refused, 'refused');

  const registration = await serviceWorkerRegistration();
  const { vapidPublicKey } = await getPushPublicKey();
  const key = base64UrlToBytes(vapidPublicKey);
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !sameBytes(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await withTimeout(
    registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }),
    SUBSCRIBE_TIMEOUT_MS,
    'Push-tjänsten svarade inte.',
  );
  await saveSubscription(subscriptionBody(subscription));
  setPushOnboardingState('granted');
  return subscription;
}

/** Turns push off for this device: the server forgets it first, then the browser. */
export async function disablePush(): Promise<void> {
  const subscription = await currentPushSubscription();
  if (!subscription) return;
  await removeSubscription({ endpoint: subscription.endpoint });
  await subscription.unsubscribe();
  setPushOnboardingState('dismissed');
}

/**
 * After sign-out this device must not keep showing the signed-out user's notifications (a shared
 * phone, another person signing in). The browser's subscription ends here; the server learns it
 * from the push service (404/410) at its next push and deletes the row. Without a session there
 * is no call to make. A standalone app asks again at its next start.
 */
export async function forgetDeviceSubscription(): Promise<void> {
  try {
    const subscription = await currentPushSubscription();
    if (!subscription) return;
    await subscription.unsubscribe();
    if (getPushOnboardingState() === 'granted') setPushOnboardingState('pending');
  } catch {
    // Nothing to undo: the worst case is a push to a device whose user signed out.
  }
}

/**
 * The toast for push that could not be changed. A reason the user can act on (blocked, refused,
 * unsupported, no HTTPS) is the title in the spec's words, with what to do underneath; any other
 * failure gets the screen's title and the server's words, or, when the browser failed (its own
 * error text is English and says nothing to the user), what to make of that.
 */
export function pushFailureToast(
  error: unknown,
  fallbackTitle: string,
): { title: string; description?: string } {
  if (error instanceof PushSetupError)
    return { title: error.message, description: error.description };
  if (error instanceof ApiError) return { title: fallbackTitle, description: error.message };
  return { title: fallbackTitle, description: PUSH_TEXTS.browserFailed };
}
