import type { User } from '@speedway/contracts';

/** Every key the app keeps in the browser. The sign-out notice lives in sessionStorage. */
export const STORAGE_KEYS = {
  token: 'speedway.token',
  user: 'speedway.user',
  logoutNotice: 'speedway.logout-notice',
  pushOnboarding: 'speedway.push-onboarding',
  installedAt: 'speedway.installed-at',
  theme: 'theme',
  /** Sunlight mode (high contrast), beside the theme: 'on' or absent. */
  sunlight: 'speedway.sunlight',
  /** Prefix; one session key per match and heat while the heat dialog has unsaved input. */
  heatDraft: 'speedway.heat-draft',
  /** Prefix; per banner placement, 'on' while its last answer on this device was an ad. */
  adSlotShown: 'speedway.ad-slot-shown',
  /** The index of the device's last views of pages; each view under `${lastView}:${path}`. */
  lastView: 'speedway.last-view',
} as const;

export const THEME_PREFERENCES = ['light', 'dark', 'system'] as const;
export type ThemePreference = (typeof THEME_PREFERENCES)[number];

export const PUSH_ONBOARDING_STATES = [
  'pending',
  'dismissed',
  'granted',
  'denied',
  'unsupported',
] as const;
export type PushOnboardingState = (typeof PUSH_ONBOARDING_STATES)[number];

type Area = 'local' | 'session';

// Storage access throws in some privacy modes; the app then simply forgets between visits.
function area(which: Area): Storage | null {
  try {
    return which === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

function read(which: Area, key: string): string | null {
  try {
    return area(which)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(which: Area, key: string, value: string): void {
  try {
    area(which)?.setItem(key, value);
  } catch {
    // Quota or privacy mode: nothing sensible to do.
  }
}

function remove(which: Area, key: string): void {
  try {
    area(which)?.removeItem(key);
  } catch {
    // See write().
  }
}

export function getToken(): string | null {
  return read('local', STORAGE_KEYS.token) || null;
}

export function setToken(token: string): void {
  write('local', STORAGE_KEYS.token, token);
}

export function clearToken(): void {
  remove('local', STORAGE_KEYS.token);
}

type StoredUser = Pick<User, 'id' | 'email'> & Partial<User>;

function isStoredUser(value: unknown): value is StoredUser {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return typeof candidate.id === 'string' && typeof candidate.email === 'string';
}

/** The stored user, with the spec's defaults for fields an older copy may lack. */
export function getStoredUser(): User | null {
  const raw = read('local', STORAGE_KEYS.user);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!isStoredUser(parsed)) return null;
    return {
      ...parsed,
      display_name: parsed.display_name ?? null,
      username: parsed.username ?? null,
      avatar_url: parsed.avatar_url ?? null,
      role: parsed.role ?? 'user',
      club_slug: parsed.club_slug ?? null,
      email_verified: parsed.email_verified ?? true,
    };
  } catch {
    return null;
  }
}

export function setStoredUser(user: User): void {
  write('local', STORAGE_KEYS.user, JSON.stringify(user));
}

export function clearStoredUser(): void {
  remove('local', STORAGE_KEYS.user);
}

export function setLogoutNotice(message: string): void {
  write('session', STORAGE_KEYS.logoutNotice, message);
}

/** Reads the sign-out notice once: it is shown on arrival at the login page and then forgotten. */
export function takeLogoutNotice(): string | null {
  const notice = read('session', STORAGE_KEYS.logoutNotice);
  if (notice !== null) remove('session', STORAGE_KEYS.logoutNotice);
  return notice || null;
}

export function getPushOnboardingState(): PushOnboardingState | null {
  const value = read('local', STORAGE_KEYS.pushOnboarding);
  return PUSH_ONBOARDING_STATES.find((state) => state === value) ?? null;
}

export function setPushOnboardingState(state: PushOnboardingState): void {
  write('local', STORAGE_KEYS.pushOnboarding, state);
}

export function getInstalledAt(): string | null {
  return read('local', STORAGE_KEYS.installedAt);
}

export function setInstalledAt(date: Date = new Date()): void {
  write('local', STORAGE_KEYS.installedAt, date.toISOString());
}

export function getThemePreference(): ThemePreference {
  const value = read('local', STORAGE_KEYS.theme);
  return THEME_PREFERENCES.find((theme) => theme === value) ?? 'system';
}

export function setThemePreference(theme: ThemePreference): void {
  write('local', STORAGE_KEYS.theme, theme);
}

/** Whether the banner slot of this placement last had an ad on this device (it then reserves). */
export function getAdSlotShown(placement: string): boolean {
  return read('local', `${STORAGE_KEYS.adSlotShown}.${placement}`) === 'on';
}

export function setAdSlotShown(placement: string, shown: boolean): void {
  const key = `${STORAGE_KEYS.adSlotShown}.${placement}`;
  if (shown) write('local', key, 'on');
  else remove('local', key);
}

export function getSunlight(): boolean {
  return read('local', STORAGE_KEYS.sunlight) === 'on';
}

export function setSunlight(on: boolean): void {
  if (on) write('local', STORAGE_KEYS.sunlight, 'on');
  else remove('local', STORAGE_KEYS.sunlight);
}
