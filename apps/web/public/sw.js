// Hand-kept service worker. It takes control of open pages (so the app can be installed), shows
// web push notifications and opens the app where a clicked notification points. There is
// deliberately no fetch handler: nothing is cached, and API replies (/api) must always come from
// the network.
const DEFAULT_TITLE = 'Notis';
const DEFAULT_ICON = '/icon-192.svg';
/** The message an open app window gets when a notification asks it to show a page. */
const NAVIGATE_MESSAGE = 'speedway:navigate';

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

function isObject(value) {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value) {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** The push message's JSON ({title, body, icon, data, tag, …}); plain text becomes the body. */
function readPayload(event) {
  if (!event.data) return {};
  try {
    const json = event.data.json();
    return isObject(json) ? json : {};
  } catch {
    return { body: event.data.text() };
  }
}

/** What the notification keeps for its click: data.deeplink, data.url, or a top-level deeplink. */
function notificationData(payload) {
  const data = isObject(payload.data) ? { ...payload.data } : {};
  if (!text(data.deeplink) && text(payload.deeplink)) data.deeplink = payload.deeplink;
  if (!text(data.url) && text(payload.url)) data.url = payload.url;
  return data;
}

function showPush(payload) {
  const tag = text(payload.tag);
  const options = {
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
  return self.registration.showNotification(text(payload.title) || DEFAULT_TITLE, options);
}

self.addEventListener('push', (event) => {
  event.waitUntil(showPush(readPayload(event)));
});

/** Spec 1 §2's order: data.deeplink, else data.url; only http(s), anything else opens the app. */
function targetUrl(data) {
  const home = new URL('/', self.location.origin).href;
  const raw = (isObject(data) && (text(data.deeplink) || text(data.url))) || '/';
  try {
    const url = new URL(raw, self.location.origin);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : home;
  } catch {
    return home;
  }
}

/**
 * Focuses an open app window and asks the app in it to show the page (no reload, nothing typed is
 * lost); with no window open, opens the app at the page. A link to another site opens a window.
 */
async function openTarget(data) {
  const url = targetUrl(data);
  const sameOrigin = new URL(url).origin === self.location.origin;
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const appWindows = windows.filter(
    (client) => new URL(client.url).origin === self.location.origin,
  );
  const client = appWindows.find((candidate) => candidate.focused) || appWindows[0];
  if (!sameOrigin || !client) return self.clients.openWindow(url);
  client.postMessage({ type: NAVIGATE_MESSAGE, url });
  return client.focus();
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openTarget(event.notification.data));
});
