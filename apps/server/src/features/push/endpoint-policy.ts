// Push endpoints are URLs chosen by the client, and the server POSTs to them: without a rule the
// server would be a way to reach internal addresses. Only the browsers' push services are
// accepted (https, default port), plus the hosts an operator names in PUSH_ALLOWED_HOSTS (any
// port, http too: e.g. a push service on a private network, or the tests' one on 127.0.0.1).

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

/** The host as PUSH_ALLOWED_HOSTS lists it: lower case, IPv6 without brackets. */
export const normalizeHost = (host: string) => host.toLowerCase().replace(/^\[(.*)\]$/, '$1');

function isPushService(host: string): boolean {
  return PUSH_SERVICE_HOSTS.has(host) || PUSH_SERVICE_SUFFIXES.some((s) => host.endsWith(s));
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
  const host = normalizeHost(url.hostname);
  if (allowedHosts.includes(host)) {
    return url.protocol === 'https:' || url.protocol === 'http:' ? null : ENDPOINT_NOT_ALLOWED;
  }
  if (url.protocol !== 'https:' || url.port !== '' || !isPushService(host)) {
    return ENDPOINT_NOT_ALLOWED;
  }
  return null;
}
