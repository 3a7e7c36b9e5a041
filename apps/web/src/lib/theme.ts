import { useEffect, useSyncExternalStore } from 'react';
import {
  getThemePreference,
  setThemePreference as storeThemePreference,
  STORAGE_KEYS,
  type ThemePreference,
} from './storage';
import { subscribeToStored } from './stored-preference';
import { PREFERS_DARK, useMediaQuery } from './use-media-query';

export type ResolvedTheme = 'light' | 'dark';

const THEME_EVENT = 'speedway:theme';

export const THEME_LABELS: Record<ThemePreference, string> = {
  light: 'Ljus',
  dark: 'Mörk',
  system: 'System',
};

export function systemPrefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(PREFERS_DARK).matches;
}

export function resolveTheme(
  preference: ThemePreference,
  prefersDark: boolean = systemPrefersDark(),
): ResolvedTheme {
  if (preference === 'system') return prefersDark ? 'dark' : 'light';
  return preference;
}

/** Mirrors public/before-paint.js, which does the same before the app has loaded. */
export function applyTheme(resolved: ResolvedTheme): void {
  const root = document.documentElement;
  root.classList.toggle('dark', resolved === 'dark');
  root.style.colorScheme = resolved;
}

export function setThemePreference(preference: ThemePreference): void {
  storeThemePreference(preference);
  applyTheme(resolveTheme(preference));
  window.dispatchEvent(new Event(THEME_EVENT));
}

const subscribe = subscribeToStored(STORAGE_KEYS.theme, THEME_EVENT);

export function useTheme() {
  const preference = useSyncExternalStore(subscribe, getThemePreference, () => 'system' as const);
  const prefersDark = useMediaQuery(PREFERS_DARK);
  const resolved = resolveTheme(preference, prefersDark);
  return { preference, resolved, setPreference: setThemePreference };
}

/** Keeps the class on <html> in step with the preference, the OS setting and other tabs. */
export function useThemeSync(): ResolvedTheme {
  const { resolved } = useTheme();
  // Applies what is stored, not `resolved`: on a hydrated page the first render (and so this
  // effect's first run) sees the server's value, the light theme, and a dark page would flash.
  useEffect(() => applyTheme(resolveTheme(getThemePreference())), [resolved]);
  return resolved;
}
