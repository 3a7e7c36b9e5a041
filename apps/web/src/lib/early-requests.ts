import { API_BASE, requestHeaders } from './offline/request-headers';

// ADR 021: a signed-in page's data is asked for by the first script the page runs (main.tsx,
// app/page-requests.ts), not when the page's code has loaded and rendered. The response is kept
// here until the app's own call of the same path takes it over (lib/api-client.ts hands it to the
// one HTTP exchange, lib/offline/http.ts, which reads it as it reads any): every query keeps its
// one definition (key, fetcher, options) and the data is fetched once. The entry loads this module
// before React or the app: it imports nothing but the headers.

/** A response not taken over by then is left alone, and the app asks afresh. */
export const EARLY_REPLY_MAX_AGE_MS = 30_000;

type EarlyRequest = { token: string; startedAt: number; sent: Promise<Response> };

const started = new Map<string, EarlyRequest>();

/** Sends GET `path` with `token` now, with the headers of any call of the app. Once per path. */
export function startEarlyRequest(path: string, token: string, now = Date.now()): void {
  if (started.has(path)) return;
  const sent = fetch(`${API_BASE}${path}`, { headers: requestHeaders({ token }) });
  // Nobody may take it over (the page changed, the session ended): its failure is no one's.
  sent.catch(() => undefined);
  started.set(path, { token, startedAt: now, sent });
}

/**
 * The response of the early request of `path`, once, for a call that would send the very same
 * request: the same token, while it is young. Undefined when there is none to take.
 */
export function takeEarlyRequest(
  path: string,
  token: string | null,
  now = Date.now(),
): Promise<Response> | undefined {
  const early = started.get(path);
  if (!early) return undefined;
  started.delete(path);
  if (early.token !== token || now - early.startedAt > EARLY_REPLY_MAX_AGE_MS) return undefined;
  return early.sent;
}

/** The paths sent early and not yet taken over. */
export function pendingEarlyRequests(): string[] {
  return [...started.keys()];
}

/** Forgets every early request (tests). */
export function forgetEarlyRequests(): void {
  started.clear();
}
