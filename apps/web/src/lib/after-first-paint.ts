/**
 * Runs `task` once the browser has painted the page as it stands: the frame's callback runs just
 * before that paint, and a task queued from it runs after. A hidden tab paints nothing (and runs no
 * frame callbacks), so there `task` runs at once. Returns a function that cancels it (an effect's
 * cleanup: a component gone before the paint must not be updated, nor a page torn down).
 */
export function afterFirstPaint(task: () => void): () => void {
  if (document.visibilityState === 'hidden') {
    task();
    return () => {};
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(task, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/** How long a page that shows nothing contentful (no text, no image) holds a deferred task. */
const NO_CONTENT_MS = 1_000;

/**
 * Runs `task` once the browser has reported the page's first contentful paint: what a task after
 * the first frame (above) cannot promise, since the frame reaches the screen a little later, and
 * requests made in between are counted against that paint (Lighthouse's simulated FCP and LCP
 * take every request started before them). A hidden tab, a browser without paint timing
 * or a page with nothing contentful runs `task` at once or after NO_CONTENT_MS.
 */
export function afterFirstContentfulPaint(task: () => void): void {
  const paintTiming =
    typeof PerformanceObserver !== 'undefined' &&
    PerformanceObserver.supportedEntryTypes?.includes('paint');
  if (document.visibilityState === 'hidden' || !paintTiming) {
    task();
    return;
  }
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    observer.disconnect();
    clearTimeout(timer);
    task();
  };
  const observer = new PerformanceObserver((list) => {
    if (list.getEntriesByName('first-contentful-paint').length > 0) run();
  });
  observer.observe({ type: 'paint', buffered: true });
  const timer = setTimeout(run, NO_CONTENT_MS);
}

/**
 * Runs `task` when the main thread is idle (at the latest after `timeoutMs`): for work the page
 * does not need to show or answer, like installing the service worker. Safari has no
 * requestIdleCallback; there it waits a second. Returns a function that cancels it.
 */
export function whenIdle(task: () => void, timeoutMs = 5_000): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(task, { timeout: timeoutMs });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(task, 1_000);
  return () => clearTimeout(timer);
}

/** Resolves in a task of its own: the browser may paint and answer input before what follows. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
