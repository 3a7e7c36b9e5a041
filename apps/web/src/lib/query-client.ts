import { onlineManager, QueryClient, type DefaultOptions } from '@tanstack/react-query';
import { ApiError } from './api-client';

const MINUTE = 60_000;

/** Spec 1 §9: general query cache defaults. */
export const queryConfig = {
  queries: {
    staleTime: 5 * MINUTE,
    gcTime: 30 * MINUTE,
    // One retry, but a client error (401, 403, 404, 422 …) answers the same the second time.
    retry: (failureCount: number, error: unknown) =>
      failureCount < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  },
  mutations: { retry: false },
} satisfies DefaultOptions;

/** Spec 1 §9: the account query is never stale, kept one hour and never refetched by itself. */
export const accountQueryConfig = {
  staleTime: Infinity,
  gcTime: 60 * MINUTE,
  refetchOnWindowFocus: false,
  refetchOnReconnect: false,
  refetchOnMount: false,
} as const;

/**
 * React Query takes itself to be online until the browser says otherwise; a page opened without a
 * network (from the service worker, at the track) starts offline, so its queries wait for the
 * network instead of failing (a squad, a list) and the device's copy is what shows.
 */
export function startOnlineAsTheBrowserSays(): void {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) {
    onlineManager.setOnline(false);
  }
}

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: queryConfig });
}

startOnlineAsTheBrowserSays();
export const queryClient = createQueryClient();
