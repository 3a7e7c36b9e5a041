// Web push: shows a pushed notification and opens the app where a clicked one points. Moved
// unchanged from the hand-kept public/sw.js (ADR 010 §1).

const DEFAULT_TITLE = 'Notis';
const DEFAULT_ICON = '/icon-192.svg';
/** The message an open app window gets when a notification asks it to show a page. */
const NAVIGATE_MESSAGE = 'speedway:navigate';

type Payload = Record<string, unknown>;

function isObject(value: unknown): value is Payload {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** The push message's JSON ({title, body, icon, data, tag, …}); plain text becomes the body. */
function readPayload(event: PushEvent): Payload {
  if (!event.data) return {};
  try {
    const json: unknown = event.data.json();
    return isObject(json) ? json : {};
  } catch {
    return { body: event.data.text() };
  }
}

/** What the notification keeps for its click: data.deeplink, data.url, or a top-level deeplink. */
function notificationData(payload: Payload): Payload {
  const data = isObject(payload.data) ? { ...payload.data } : {};
  if (!text(data.deeplink) && text(payload.deeplink)) data.deeplink = payload.deeplink;
  if (!text(data.url) && text(payload.url)) data.url = payload.url;
  return data;
}

function showPush(scope: ServiceWorkerGlobalScope, payload: Payload): Promise<void> {
  const tag = text(payload.tag);
  const options: NotificationOptions & { timestamp?: number } = {
    body: typeof payload.body === 'string' ? payload.body : '',
    icon: text(payload.icon) || DEFAULT_ICON,
    badge: text(payload.badge) || DEFAULT_ICON,
    data: notificationData(payload),
    lang: 'sv',
  };
  // The server's tag is the notification's own (kind:id): a push delivered twice (at least once,
  // README) replaces the first copy silently instead of alerting again.
  if (tag) options.tag = tag;
  if (typeof payload.timestamp === 'number') options.timestamp = payload.timestamp;
  return scope.registration.showNotification(text(payload.title) || DEFAULT_TITLE, options);
}

/**
 * The order of docs/spec/1-app-shell-auth-account.md §2: data.deeplink, else data.url; only
 * http(s), anything else opens the app.
 */
function targetUrl(scope: ServiceWorkerGlobalScope, data: unknown): string {
  const home = new URL('/', scope.location.origin).href;
  const raw = (isObject(data) && (text(data.deeplink) || text(data.url))) || '/';
  try {
    const url = new URL(raw, scope.location.origin);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : home;
  } catch {
    return home;
  }
}

/**
 * Focuses an open app window and asks the app in it to show the page (no reload, nothing typed is
 * lost); with no window open, opens the app at the page. A link to another site opens a window.
 */
async function openTarget(scope: ServiceWorkerGlobalScope, data: unknown): Promise<unknown> {
  const url = targetUrl(scope, data);
  const sameOrigin = new URL(url).origin === scope.location.origin;
  const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const appWindows = windows.filter(
    (client) => new URL(client.url).origin === scope.location.origin,
  );
  const client = appWindows.find((candidate) => candidate.focused) || appWindows[0];
  if (!sameOrigin || !client) return scope.clients.openWindow(url);
  client.postMessage({ type: NAVIGATE_MESSAGE, url });
  return client.focus();
}

export function listenForPush(scope: ServiceWorkerGlobalScope): void {
  scope.addEventListener('push', (event) => {
    event.waitUntil(showPush(scope, readPayload(event)));
  });
  scope.addEventListener('notificationclick', (event) => {
    event.notification.close();
    event.waitUntil(openTarget(scope, event.notification.data));
  });
}
