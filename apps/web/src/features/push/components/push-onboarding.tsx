import { lazy, Suspense } from 'react';
import { usePushOnboarding } from '../hooks/use-push-onboarding';

// Most starts never show the dialog; it loads only when it is about to.
const PushOnboardingDialog = lazy(() =>
  import('./push-onboarding-dialog').then((module) => ({ default: module.PushOnboardingDialog })),
);

/**
 * Asks a standalone app's user once whether to turn on notifications
 * (docs/spec/1-app-shell-auth-account.md §4).
 */
export function PushOnboarding() {
  const { open, dismiss, close } = usePushOnboarding();
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <PushOnboardingDialog open={open} onDismiss={dismiss} onDone={close} />
    </Suspense>
  );
}
