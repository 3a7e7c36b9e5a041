import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { reportReply } from '@/lib/offline/connectivity';
import { sweepLeftoverTimers } from './leftover-timers';
import { scopeBroadcastChannels } from './broadcast-scope';
import { installMatchMedia, resetMatchMedia } from './match-media';
import { installConsoleGuard, installStrictTests } from './strict-test';

// A wait for something to appear, not a speed test: the first visit to a lazy route transforms
// its chunk on the fly, and with three test files at a time on a 2-core runner a screen took
// 5–7 s to appear (eight files failed at a 5 s wait).
configure({ asyncUtilTimeout: 15_000 });
scopeBroadcastChannels();
installMatchMedia();
sweepLeftoverTimers();
// jsdom implements neither; router scroll restoration and sonner call them.
window.scrollTo = () => {};
Element.prototype.scrollIntoView ??= () => {};
// Nor pointer capture, which sonner takes when a toast is pressed (to follow a swipe).
Element.prototype.setPointerCapture ??= () => {};

// First, so its checks run after every other afterEach (hooks after a test run in reverse order):
// what the clean-up below logs counts too.
installStrictTests();

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  document.documentElement.className = '';
  document.documentElement.removeAttribute('style');
  resetMatchMedia();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  // A call that got no reply marks the server unreachable: each test starts reachable.
  reportReply();
});

// Last, so it runs before the clean-up above has restored the spies.
installConsoleGuard();

// Embla (the carousels) observes sizes and visibility; jsdom has neither observer.
class NoopObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}
window.ResizeObserver ??= NoopObserver as unknown as typeof ResizeObserver;
window.IntersectionObserver ??= NoopObserver as unknown as typeof IntersectionObserver;
