// Push endpoints are URLs chosen by the client, and the server POSTs to them: without a rule the
// server would be a way to reach internal addresses. Only the browsers' push services are
// accepted (https, default port), plus the host-and-port pairs an operator names in
// PUSH_ALLOWED_HOSTS (http too: e.g. a push service on a private network, or the tests' one on
// 127.0.0.1). An entry names one port, so that an endpoint cannot reach another service of that
// host; and what such a host answers never shows in the device count (push-sender.ts).

/** Chrome, Edge (Chromium), Opera, Samsung Internet: FCM; Safari: Apple. */
const PUSH_SERVICE_HOSTS = new Set(['fcm.googleapis.com', 'web.push.apple.com']);
/** Firefox (updates.push.services.mozilla.com), legacy Edge (wns2-*.notify.windows.com), Apple. */
const PUSH_SERVICE_SUFFIXES = [
  '.push.services.mozilla.com',
  '.notify.windows.com',
  '.push.apple.com',
];

export const ENDPOINT_NOT_ALLOWED =
  'endpoint måste vara en https-adress hos en känd push-tjänst (till exempel fcm.googleapis.com).';

/** An endpoint's host and port as allowedHostEntry (lib/host-port.ts) spells them (the scheme's default port). */
function hostAndPort(url: URL): string {
  return `${url.hostname}:${url.port || (url.protocol === 'http:' ? '80' : '443')}`;
}

function isPushService(host: string): boolean {
  return PUSH_SERVICE_HOSTS.has(host) || PUSH_SERVICE_SUFFIXES.some((s) => host.endsWith(s));
}

/** Whether the endpoint is on one of the browsers' push services (not an operator's host). */
export function isBrowserPushService(endpoint: string): boolean {
  try {
    const url = new URL(endpoint);
    return url.protocol === 'https:' && url.port === '' && isPushService(url.hostname);
  } catch {
    return false;
  }
}

/** null when the server may send to this endpoint, else a Swedish reason. */
export function endpointProblem(endpoint: string, allowedHosts: readonly string[]): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'endpoint är ingen giltig adress.';
  }
  if (url.username || url.password) return 'endpoint får inte innehålla inloggningsuppgifter.';
  if (url.protocol === 'https:' || url.protocol === 'http:') {
    if (allowedHosts.includes(hostAndPort(url))) return null;
  }
  if (url.protocol !== 'https:' || url.port !== '' || !isPushService(url.hostname)) {
    return ENDPOINT_NOT_ALLOWED;
  }
  return null;
}
