import { SKIP_WAITING } from '@/sw/messages';
import { dialogOpen, subscribeToDialogs } from './dialog-open';

const SCRIPT_URL = '/sw.js';
/** How often an open app asks whether a new version is out (besides at start and when shown). */
const UPDATE_CHECK_MS = 30 * 60_000;

let waiting: ServiceWorker | null = null;
const listeners = new Set<() => void>();

function setWaiting(worker: ServiceWorker | null) {
  if (worker === waiting) return;
  waiting = worker;
  listeners.forEach((listener) => listener());
}

/** A new version, installed and waiting for the user's 'Ladda om' (update-prompt.tsx). */
export const waitingUpdate = (): ServiceWorker | null => waiting;

export function subscribeToUpdate(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** 'Ladda om': the new version takes over, and every open page reloads into it (below). */
export function applyUpdate(): void {
  waiting?.postMessage({ type: SKIP_WAITING });
}

/**
 * Registers /sw.js once the page has loaded, so it never competes with the first render, then
 * watches for new versions (ADR 010 §1). `reload` is for tests (jsdom's cannot be replaced).
 */
export function registerServiceWorker(reload = () => window.location.reload()): void {
  if (!('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register(SCRIPT_URL).then(
      (registration) => watchForUpdates(registration, reload),
      () => {
        // No service worker (private mode, http on a LAN address): the app works without it.
      },
    );
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

/**
 * A new version waits (the worker never swaps itself under a running page): asked for at start,
 * whenever the app is shown again and every 30 minutes. When it takes over, the page reloads
 * once, so a page never runs one build's code on another build's files.
 */
function watchForUpdates(registration: ServiceWorkerRegistration, reload: () => void) {
  const container = navigator.serviceWorker;
  const offer = () => {
    // Without a controller this is the first install, which takes over by itself.
    if (container.controller) setWaiting(registration.waiting);
  };
  registration.addEventListener('updatefound', () => {
    const worker = registration.installing;
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed') offer();
    });
  });
  offer();

  let controlled = container.controller !== null;
  let reloading = false;
  container.addEventListener('controllerchange', () => {
    // The first install's worker claiming the page is no new version.
    const swapped = controlled;
    controlled = true;
    if (!swapped || reloading) return;
    reloading = true;
    reloadWhenNoDialogIsOpen(reload);
  });

  const check = () => void registration.update().catch(() => undefined);
  check();
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') check();
  });
  window.setInterval(check, UPDATE_CHECK_MS);
}

/** Another tab chose 'Ladda om': this one follows, but never under an open dialog's draft. */
function reloadWhenNoDialogIsOpen(reload: () => void) {
  if (!dialogOpen()) {
    reload();
    return;
  }
  const unsubscribe = subscribeToDialogs(() => {
    if (dialogOpen()) return;
    unsubscribe();
    reload();
  });
}
