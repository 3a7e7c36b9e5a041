import { vi } from 'vitest';

/**
 * From now on every call fails as on a dead but "connected" network (ADR 010 §8a): no reply at all,
 * while navigator.onLine stays true. Returns what brings the network stubbed before back.
 */
export function killNetwork(): () => void {
  const live = globalThis.fetch;
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
  );
  return () => vi.stubGlobal('fetch', live);
}

/** The server's health check, which 'Försök igen' asks while the server counts as unreachable. */
export const HEALTH_ROUTE = { 'GET /api/health': { json: { status: 'ok' } } };
