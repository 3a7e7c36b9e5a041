import type { QueryClient } from '@tanstack/react-query';
import { whenIdle } from './after-first-paint';

type WriteBehindOptions = {
  /** Written this long after the query cache last changed. */
  delayMs: number;
  /** Then only once the browser is idle (at the latest another `delayMs` later). */
  idle?: boolean;
  /** Scheduled once at the start too, as if the cache had just changed. */
  initially?: boolean;
};

/**
 * Runs `write` a while after the query cache last changed, and at once when the page is hidden
 * (closed, another app in front): what the device keeps of the signed-in user's session, the
 * persisted queries (ADR 010 §3) and the last view of the page (ADR 024). Returns the cleanup.
 */
export function writeBehind(
  queryClient: QueryClient,
  write: () => void,
  { delayMs, idle = false, initially = false }: WriteBehindOptions,
): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let cancelIdle = () => {};
  const cancel = () => {
    clearTimeout(timer);
    cancelIdle();
  };
  const now = () => {
    cancel();
    write();
  };
  const later = () => {
    cancel();
    timer = setTimeout(() => {
      if (idle) cancelIdle = whenIdle(now, delayMs);
      else now();
    }, delayMs);
  };
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') now();
  };
  if (initially) later();
  const unsubscribe = queryClient.getQueryCache().subscribe(later);
  window.addEventListener('pagehide', now);
  document.addEventListener('visibilitychange', onVisibility);
  return () => {
    unsubscribe();
    cancel();
    window.removeEventListener('pagehide', now);
    document.removeEventListener('visibilitychange', onVisibility);
  };
}
