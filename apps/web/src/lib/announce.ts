import { useSyncExternalStore } from 'react';

/**
 * The app's one polite live region (components/live-region.tsx) and what it says. Status changes
 * that have no toast of their own (sync state, offline, the heat shown) are announced here, so a
 * screen reader hears them without a live region in every component. Toasts are announced by
 * sonner's own region.
 */
type Announcement = { text: string; id: number };

let current: Announcement = { text: '', id: 0 };
const listeners = new Set<() => void>();

/** Says `text` politely; the same text twice is said twice. */
export function announce(text: string): void {
  current = { text, id: current.id + 1 };
  for (const listener of listeners) listener();
}

function subscribe(onChange: () => void) {
  listeners.add(onChange);
  return () => {
    listeners.delete(onChange);
  };
}

export function useAnnouncement(): Announcement {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => current,
  );
}
