import { useCallback, useEffect, useState } from 'react';
import {
  getInstalledAt,
  getPushOnboardingState,
  setInstalledAt,
  setPushOnboardingState,
} from '@/lib/storage';
import {
  ONBOARDING_AFTER_INSTALL_DELAY_MS,
  ONBOARDING_CHECK_DELAY_MS,
  shouldShowOnboarding,
  stateOnInstall,
  stateOnStart,
} from '../lib/onboarding';
import { isPushSupported, isStandalone, notificationPermission } from '../lib/push-support';

function facts() {
  return {
    supported: isPushSupported(),
    standalone: isStandalone(),
    permission: notificationPermission(),
    state: getPushOnboardingState(),
  };
}

/** Another dialog (the intro tutorial after login, the notification drawer) is in front. */
function anotherDialogOpen(): boolean {
  return document.querySelector('[role="dialog"], [role="alertdialog"]') !== null;
}

/**
 * Push onboarding (docs/spec/1-app-shell-auth-account.md §4, docs/spec/2-matches-protocols-admin.md
 * §4). A standalone start makes the state pending (and records when the app was installed if
 * nothing did); installing makes it pending. The dialog is checked 1200 ms after start and 500 ms
 * after install, and opens only when shouldShowOnboarding agrees and no other dialog is open (then
 * it checks again 1200 ms later).
 */
export function usePushOnboarding() {
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const now = facts();
    const next = stateOnStart(now);
    if (next !== null && next !== now.state) setPushOnboardingState(next);
    if (now.standalone && getInstalledAt() === null) setInstalledAt();

    const timers = new Set<number>();
    const checkLater = (delay: number) => {
      const timer = window.setTimeout(() => {
        timers.delete(timer);
        if (!shouldShowOnboarding(facts())) return;
        // Never two dialogs at once: ask again as long after the other one is gone.
        if (anotherDialogOpen()) checkLater(ONBOARDING_CHECK_DELAY_MS);
        else setOpen(true);
      }, delay);
      timers.add(timer);
    };
    const onInstalled = () => {
      setInstalledAt();
      setPushOnboardingState(stateOnInstall(getPushOnboardingState()));
      checkLater(ONBOARDING_AFTER_INSTALL_DELAY_MS);
    };

    checkLater(ONBOARDING_CHECK_DELAY_MS);
    window.addEventListener('appinstalled', onInstalled);
    return () => {
      for (const timer of timers) window.clearTimeout(timer);
      window.removeEventListener('appinstalled', onInstalled);
    };
  }, []);

  /** 'Inte nu' (or closing the dialog): the state becomes dismissed and nobody asks again. */
  const dismiss = useCallback(() => {
    setPushOnboardingState('dismissed');
    setOpen(false);
  }, []);
  const close = useCallback(() => setOpen(false), []);

  return { open, dismiss, close };
}
