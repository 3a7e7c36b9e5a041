import type { PushOnboardingState } from '@/lib/storage';

/**
 * docs/spec/1-app-shell-auth-account.md §9, docs/spec/2-matches-protocols-admin.md §9: the dialog
 * is checked for 1200 ms after start and 500 ms after install.
 */
export const ONBOARDING_CHECK_DELAY_MS = 1200;
export const ONBOARDING_AFTER_INSTALL_DELAY_MS = 500;

export type OnboardingFacts = {
  supported: boolean;
  standalone: boolean;
  permission: NotificationPermission | 'unsupported';
  state: PushOnboardingState | null;
};

/**
 * docs/spec/1-app-shell-auth-account.md §4: the state becomes pending when the app runs standalone.
 * Only a first standalone start does that: a user who said 'Inte nu' (dismissed) or answered the
 * browser (granted, denied) is not asked again on every start. Where push cannot work at all the
 * state records that instead.
 */
export function stateOnStart(
  facts: Omit<OnboardingFacts, 'permission'>,
): PushOnboardingState | null {
  if (!facts.standalone) return facts.state;
  if (!facts.supported)
    return facts.state === null || facts.state === 'pending' ? 'unsupported' : facts.state;
  return facts.state ?? 'pending';
}

/**
 * docs/spec/1-app-shell-auth-account.md §4: installing the app makes the state pending (a fresh
 * install is a fresh question), unless notifications are already on.
 */
export function stateOnInstall(state: PushOnboardingState | null): PushOnboardingState {
  return state === 'granted' ? 'granted' : 'pending';
}

/**
 * docs/spec/1-app-shell-auth-account.md §4: the dialog shows only when push is supported, the app
 * is standalone, permission is not yet granted and the state is pending.
 */
export function shouldShowOnboarding(facts: OnboardingFacts): boolean {
  return (
    facts.supported &&
    facts.standalone &&
    facts.permission !== 'granted' &&
    facts.state === 'pending'
  );
}
