import { onlineManager, QueryClient, type DefaultOptions } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { isOnline, subscribeConnectivity } from './offline/connectivity';

const MINUTE = 60_000;

/** docs/spec/1-app-shell-auth-account.md §9: general query cache defaults. */
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

/**
 * docs/spec/1-app-shell-auth-account.md §9: the account query is never stale, kept one hour and
 * never refetched by itself.
 */
export const accountQueryConfig = {
  staleTime: Infinity,
  gcTime: 60 * MINUTE,
  refetchOnWindowFocus: false,
  refetchOnReconnect: false,
  refetchOnMount: false,
} as const;

/**
 * React Query is online when the app is (lib/offline/connectivity.ts), not merely when the browser
 * says so: a page opened without a network, or on one that answers nothing, keeps its data while
 * its queries wait for the server instead of failing (a squad, a list), and they go on by
 * themselves once it answers again.
 */
export function followConnectivity(): void {
  onlineManager.setEventListener((setOnline) => {
    setOnline(isOnline());
    return subscribeConnectivity(() => setOnline(isOnline()));
  });
}

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: queryConfig });
}

followConnectivity();
export const queryClient = createQueryClient();
