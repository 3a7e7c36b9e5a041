import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { installMatchMedia, resetMatchMedia } from './match-media';

// The first visit to a lazy route transforms its chunk on the fly, which can take a while.
configure({ asyncUtilTimeout: 5000 });
installMatchMedia();
// jsdom implements neither; router scroll restoration and sonner call them.
window.scrollTo = () => {};
Element.prototype.scrollIntoView ??= () => {};
// Nor pointer capture, which sonner takes when a toast is pressed (to follow a swipe).
Element.prototype.setPointerCapture ??= () => {};

let consoleErrors: unknown[][] = [];

beforeEach(() => {
  consoleErrors = [];
  const original = console.error.bind(console);
  // An error logged during a test (React act warnings, failed prop types …) is a failed test.
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
    original(...args);
  });
});

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
  const logged = consoleErrors;
  consoleErrors = [];
  if (logged.length > 0) {
    throw new Error(
      `console.error was called during the test:\n${logged.map((args) => args.map(String).join(' ')).join('\n')}`,
    );
  }
});

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
