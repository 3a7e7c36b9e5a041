import { useForgetPushOnSignOut } from '../hooks/use-forget-push-on-sign-out';
import { useNotificationNavigation } from '../hooks/use-notification-navigation';
import { PushOnboarding } from './push-onboarding';

/**
 * What the signed-in shell runs for push: the onboarding question, the page changes that clicked
 * notifications ask for, and the end of this device's subscription when the session ends.
 */
export function PushListeners() {
  useNotificationNavigation();
  useForgetPushOnSignOut();
  return <PushOnboarding />;
}
