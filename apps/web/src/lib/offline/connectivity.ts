import { offlineNavigator } from './navigator';

// Whether the app can reach its server, kept in this one place (ADR 010 §8a). The
// browser's word is not enough: on a dead but "connected" network (a stadium's overloaded mast)
// it says online while every call fails. So a call that got no reply at all (http.ts) marks the
// server unreachable until a call gets a reply again, the browser comes online anew, or a check
// finds it (use-reconnect.ts). Offline and unreachable are one state to the app: the banner
// shows, queries wait with the data they have (query-client.ts), the outbox waits (replay.ts).
// No window needed: the service worker loads this too, and goes by the browser's word (sw/sync.ts).

let unreachable = false;
const listeners = new Set<() => void>();
let stopListening: (() => void) | null = null;

/** Whether the browser believes it is online; without the flag, assume so. */
export function browserOnline(): boolean {
  return offlineNavigator()?.onLine ?? true;
}

/** Whether the app takes itself to be online: the browser says so and the server answered. */
export function isOnline(): boolean {
  return browserOnline() && !unreachable;
}

function setUnreachable(next: boolean): void {
  if (unreachable === next) return;
  unreachable = next;
  for (const listener of [...listeners]) listener();
}

/** A call got no reply (fetch failed, or the time limit ran out). */
export function reportNoReply(): void {
  setUnreachable(true);
}

/** A call got a reply, whatever its status: the server is there. */
export function reportReply(): void {
  setUnreachable(false);
}

function onBrowserOnline(): void {
  // Another network, perhaps: it gets its own chance (a failing call marks it again).
  unreachable = false;
  for (const listener of [...listeners]) listener();
}

function onBrowserOffline(): void {
  for (const listener of [...listeners]) listener();
}

/** Called whenever isOnline() may have changed; returns the unsubscribe. */
export function subscribeConnectivity(listener: () => void): () => void {
  listeners.add(listener);
  // The page's `window` (typed here without the DOM library: the service worker compiles this).
  const events = (globalThis as { window?: EventTarget }).window;
  if (!stopListening && events) {
    events.addEventListener('online', onBrowserOnline);
    events.addEventListener('offline', onBrowserOffline);
    stopListening = () => {
      events.removeEventListener('online', onBrowserOnline);
      events.removeEventListener('offline', onBrowserOffline);
    };
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      stopListening?.();
      stopListening = null;
    }
  };
}
