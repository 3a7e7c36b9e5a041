import { useEffect } from 'react';
import { backoffDelay } from './backoff';
import { browserOnline, isOnline, subscribeConnectivity } from './connectivity';
import { ApiError, sendJson } from './http';

// A server marked unreachable (connectivity.ts) is asked again, by the app and by the
// user's 'Försök igen'; while it is, queries and the outbox wait and send nothing of their own.

/** The server's health check: no sign-in, never throttled, a small reply. */
const HEALTH_PATH = '/api/health';
const CHECK_TIMEOUT_MS = 10_000;
/** The checks come ever further apart, but never more than a minute. */
const MAX_WAIT_MS = 60_000;

let checking: Promise<boolean> | null = null;

/**
 * Asks whether the server answers; any reply ends 'unreachable' and none keeps it (http.ts
 * reports either), so waiting queries and the outbox go on by themselves. One check at a time.
 */
export function checkConnection(): Promise<boolean> {
  checking ??= sendJson(HEALTH_PATH, { token: null, timeoutMs: CHECK_TIMEOUT_MS })
    .then(
      () => true,
      (error: unknown) => error instanceof ApiError && error.status !== 0,
    )
    .finally(() => {
      checking = null;
    });
  return checking;
}

/**
 * While the browser says online and the server does not answer, checks again by itself (after
 * 1–2 s, then ever later up to a minute apart) and at once when the page is shown again.
 */
export function useReconnect(): void {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempts = 0;
    const check = () => {
      // A hidden page waits: being shown again checks at once.
      if (document.visibilityState === 'hidden') return;
      void checkConnection().finally(schedule);
    };
    function schedule() {
      clearTimeout(timer);
      // Online, or offline by the browser's word (its 'online' event ends that): nothing to ask.
      if (isOnline() || !browserOnline()) {
        attempts = 0;
        return;
      }
      attempts += 1;
      timer = setTimeout(check, Math.min(MAX_WAIT_MS, backoffDelay(attempts)));
    }
    const onVisibility = () => {
      if (document.visibilityState === 'visible' && browserOnline() && !isOnline()) check();
    };
    const stop = subscribeConnectivity(schedule);
    document.addEventListener('visibilitychange', onVisibility);
    schedule();
    return () => {
      stop();
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, []);
}
