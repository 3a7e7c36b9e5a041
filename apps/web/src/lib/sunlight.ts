import { useEffect, useSyncExternalStore } from 'react';
import { getSunlight, setSunlight as storeSunlight, STORAGE_KEYS } from './storage';
import { subscribeToStored } from './stored-preference';

const SUNLIGHT_EVENT = 'speedway:sunlight';

/** Mirrors public/before-paint.js, which sets the same class before the app has loaded. */
export function applySunlight(on: boolean): void {
  document.documentElement.classList.toggle('sunlight', on);
}

export function setSunlightMode(on: boolean): void {
  storeSunlight(on);
  applySunlight(on);
  window.dispatchEvent(new Event(SUNLIGHT_EVENT));
}

const subscribe = subscribeToStored(STORAGE_KEYS.sunlight, SUNLIGHT_EVENT);

/** Sunlight mode (Utseende → Solljusläge): text at 7:1 or more, in either theme. */
export function useSunlight() {
  const on = useSyncExternalStore(subscribe, getSunlight, () => false);
  return { on, setOn: setSunlightMode };
}

/** Keeps the class on <html> in step with the switch, also when it changes in another tab. */
export function useSunlightSync(): void {
  const { on } = useSunlight();
  useEffect(() => applySunlight(getSunlight()), [on]);
}
