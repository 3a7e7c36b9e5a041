import { useNotificationNavigation } from '../hooks/use-notification-navigation';
import { PushOnboarding } from './push-onboarding';

/**
 * What the signed-in shell runs for push: the onboarding question and the page changes that
 * clicked notifications ask for.
 */
export function PushListeners() {
  useNotificationNavigation();
  return <PushOnboarding />;
}
