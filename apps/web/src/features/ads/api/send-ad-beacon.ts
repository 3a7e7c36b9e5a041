import type { AdBeaconBody } from '@speedway/contracts';

const API_BASE: string = import.meta.env.VITE_API_BASE ?? '';

export type AdBeaconKind = 'click' | 'impression';

/**
 * POST /api/ads/click or /api/ads/impression, in a way that survives the page being left (a click
 * opens the advertiser in a new tab; an impression may be counted just before the tab closes):
 * navigator.sendBeacon, else a keep-alive fetch. The body is JSON sent as text/plain, which a
 * beacon can carry without a preflight; the one-time token in it is the credential, so no
 * Authorization header is needed. Failures are not the user's business and are dropped.
 */
export function sendAdBeacon(kind: AdBeaconKind, body: AdBeaconBody): void {
  const url = `${API_BASE}/api/ads/${kind}`;
  const payload = JSON.stringify(body);
  try {
    if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url, payload)) return;
  } catch {
    // Some browsers throw for beacons over their size or rate limit: fall back to fetch.
  }
  void fetch(url, {
    method: 'POST',
    keepalive: true,
    headers: { 'Content-Type': 'text/plain;charset=UTF-8' },
    body: payload,
  }).catch(() => undefined);
}
