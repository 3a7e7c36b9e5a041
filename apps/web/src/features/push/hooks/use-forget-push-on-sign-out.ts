import { useEffect } from 'react';
import { LOGOUT_EVENT } from '@/lib/session';

/**
 * Ends this device's push subscription when the session ends in this tab (sign-out, a revoked
 * session, account deletion); other tabs share the browser's one subscription.
 */
export function useForgetPushOnSignOut() {
  useEffect(() => {
    const onLogout = () => {
      // Loaded on use: most sessions never end while the app is open.
      void import('../lib/push-client').then(({ forgetDeviceSubscription }) =>
        forgetDeviceSubscription(),
      );
    };
    window.addEventListener(LOGOUT_EVENT, onLogout);
    return () => window.removeEventListener(LOGOUT_EVENT, onLogout);
  }, []);
}
