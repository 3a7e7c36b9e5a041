import { vi } from 'vitest';

type Observed = {
  callback: IntersectionObserverCallback;
  options: IntersectionObserverInit;
  targets: Set<Element>;
  observer: IntersectionObserver;
};

/**
 * IntersectionObserver under the test's control: `report` tells every observer watching an
 * element, the way the browser would after a scroll. `near` reaches the observers with a root
 * margin (the 100 px fetch rule), `inView` those with thresholds (the impression rule).
 */
export function fakeIntersectionObserver() {
  const observers = new Set<Observed>();
  class FakeIntersectionObserver {
    readonly root = null;
    readonly rootMargin: string;
    readonly thresholds: number[];
    private readonly entry: Observed;
    constructor(callback: IntersectionObserverCallback, options: IntersectionObserverInit = {}) {
      this.rootMargin = options.rootMargin ?? '0px';
      this.thresholds = [options.threshold ?? 0].flat();
      this.entry = {
        callback,
        options,
        targets: new Set(),
        observer: this as unknown as IntersectionObserver,
      };
      observers.add(this.entry);
    }
    observe(target: Element) {
      this.entry.targets.add(target);
    }
    unobserve(target: Element) {
      this.entry.targets.delete(target);
    }
    disconnect() {
      this.entry.targets.clear();
      observers.delete(this.entry);
    }
    takeRecords() {
      return [];
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);

  const report = (which: (o: Observed) => boolean, ratio: number) => {
    for (const o of [...observers]) {
      if (!which(o)) continue;
      for (const target of o.targets) {
        const entry = {
          target,
          isIntersecting: ratio > 0,
          intersectionRatio: ratio,
        } as IntersectionObserverEntry;
        o.callback([entry], o.observer);
      }
    }
  };
  return {
    /** The slot comes within (or leaves) the 100 px margin around the viewport. */
    near: (isNear: boolean) => report((o) => o.options.rootMargin !== undefined, isNear ? 1 : 0),
    /** The share of the banner inside the viewport. */
    inView: (ratio: number) => report((o) => o.options.threshold !== undefined, ratio),
    rootMargins: () => [...observers].map((o) => o.options.rootMargin),
  };
}

/** document.visibilityState, switched as when the user changes tabs. */
export function fakePageVisibility() {
  let state: DocumentVisibilityState = 'visible';
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => state);
  return (next: DocumentVisibilityState) => {
    state = next;
    document.dispatchEvent(new Event('visibilitychange'));
  };
}

/**
 * jsdom loads no images, so `new Image()` never settles: this one loads at once, or fails for
 * addresses containing 'broken'.
 */
export function fakeImageLoading() {
  class FakeImage {
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    set src(value: string) {
      queueMicrotask(() => (value.includes('broken') ? this.onerror?.() : this.onload?.()));
    }
  }
  vi.stubGlobal('Image', FakeImage);
}
