import { describe, expect, it } from 'vitest';
import {
  ONBOARDING_AFTER_INSTALL_DELAY_MS,
  ONBOARDING_CHECK_DELAY_MS,
  shouldShowOnboarding,
  stateOnInstall,
  stateOnStart,
} from './onboarding';

describe('push onboarding state', () => {
  it('uses the spec timers', () => {
    expect(ONBOARDING_CHECK_DELAY_MS).toBe(1200);
    expect(ONBOARDING_AFTER_INSTALL_DELAY_MS).toBe(500);
  });

  it('becomes pending on a first standalone start, never in a browser tab', () => {
    expect(stateOnStart({ standalone: true, supported: true, state: null })).toBe('pending');
    expect(stateOnStart({ standalone: false, supported: true, state: null })).toBeNull();
    expect(stateOnStart({ standalone: false, supported: false, state: null })).toBeNull();
  });

  it('keeps an answer already given', () => {
    for (const state of ['pending', 'dismissed', 'granted', 'denied'] as const) {
      expect(stateOnStart({ standalone: true, supported: true, state })).toBe(state);
    }
  });

  it('records unsupported for a standalone app without push', () => {
    expect(stateOnStart({ standalone: true, supported: false, state: null })).toBe('unsupported');
    expect(stateOnStart({ standalone: true, supported: false, state: 'pending' })).toBe(
      'unsupported',
    );
    expect(stateOnStart({ standalone: true, supported: false, state: 'dismissed' })).toBe(
      'dismissed',
    );
  });

  it('becomes pending on install unless notifications are already on', () => {
    expect(stateOnInstall(null)).toBe('pending');
    expect(stateOnInstall('dismissed')).toBe('pending');
    expect(stateOnInstall('denied')).toBe('pending');
    expect(stateOnInstall('unsupported')).toBe('pending');
    expect(stateOnInstall('granted')).toBe('granted');
  });

  it('shows the dialog only when supported, standalone, not granted and pending', () => {
    const yes = {
      supported: true,
      standalone: true,
      permission: 'default',
      state: 'pending',
    } as const;
    expect(shouldShowOnboarding(yes)).toBe(true);
    expect(shouldShowOnboarding({ ...yes, permission: 'denied' })).toBe(true);
    expect(shouldShowOnboarding({ ...yes, supported: false })).toBe(false);
    expect(shouldShowOnboarding({ ...yes, standalone: false })).toBe(false);
    expect(shouldShowOnboarding({ ...yes, permission: 'granted' })).toBe(false);
    for (const state of [null, 'dismissed', 'granted', 'denied', 'unsupported'] as const) {
      expect(shouldShowOnboarding({ ...yes, state })).toBe(false);
    }
  });
});
