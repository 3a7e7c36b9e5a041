import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while React hydrates a prerendered page (and on the server), true from then on. A form's
 * submit button stays disabled until then: a prerendered form sent before the app has started
 * would go to the server as a plain GET, the password in its address.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
