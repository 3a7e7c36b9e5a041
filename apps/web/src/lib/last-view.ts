import { STORAGE_KEYS } from './storage';

// ADR 024: the device's last view of a signed-in page, shown before the app has started. The app
// keeps the rendered HTML of each page the user saw (here); on the next visit public/last-view.js,
// a classic script right after #root, puts it back before the first paint, inert, and the app's
// first render replaces it. Keep the keys, the entry's shape and the age in step with that file.

/** The index of kept views (their keys, newest first); each view is under `${prefix}:${key}`. */
export const LAST_VIEW_INDEX = STORAGE_KEYS.lastView;
/** How many pages' views the device keeps. */
export const LAST_VIEW_LIMIT = 6;
/** A view older than the device's copy of the queries (ADR 010 §3) is not shown. */
export const LAST_VIEW_MAX_AGE_MS = 48 * 60 * 60 * 1000;
/** A page larger than this (in characters of HTML) is not kept: it would crowd out the rest. */
export const LAST_VIEW_MAX_CHARS = 400_000;
/** On #root while it shows a kept view rather than the app. */
export const LAST_VIEW_ATTRIBUTE = 'data-last-view';

export type LastViewEntry = {
  /** Whose view it is: shown only while the same user is signed in. */
  user: string;
  /** The stylesheet it was rendered with: a view of another build is not shown. */
  css: string | null;
  savedAt: number;
  html: string;
};

/** The key of a page's view: its path and query, as the browser's location gives them. */
export function viewKey(location: Pick<Location, 'pathname' | 'search'>): string {
  return `${location.pathname}${location.search}`;
}

const entryKey = (key: string) => `${LAST_VIEW_INDEX}:${key}`;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function readIndex(store: Storage): string[] {
  try {
    const parsed: unknown = JSON.parse(store.getItem(LAST_VIEW_INDEX) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((key) => typeof key === 'string') : [];
  } catch {
    return [];
  }
}

/** The stylesheet the document renders with (the build's one CSS file). */
export function currentStylesheet(doc: Document = document): string | null {
  return doc.querySelector('link[rel="stylesheet"]')?.getAttribute('href') ?? null;
}

/**
 * The HTML of what #root shows, without what belongs to the moment: toasts and the live region's
 * announcement. Null while #root still shows a kept view (the app has not rendered yet).
 */
export function renderedView(root: HTMLElement): string | null {
  if (root.hasAttribute(LAST_VIEW_ATTRIBUTE) || root.childElementCount === 0) return null;
  const copy = root.cloneNode(true) as HTMLElement;
  for (const toasts of copy.querySelectorAll('[data-sonner-toaster]')) toasts.remove();
  for (const region of copy.querySelectorAll('[aria-live]')) {
    if (region.getAttribute('role') === 'status') region.textContent = '';
  }
  return copy.innerHTML;
}

/**
 * Keeps what #root shows now as the view of `key` for `userId`: the newest LAST_VIEW_LIMIT pages
 * are kept. A full storage drops the oldest views and tries once more; it never throws.
 */
export function saveLastView(root: HTMLElement, userId: string, key: string, now = Date.now()) {
  const store = storage();
  const html = renderedView(root);
  if (!store || html === null || html.length > LAST_VIEW_MAX_CHARS) return;
  const entry: LastViewEntry = { user: userId, css: currentStylesheet(), savedAt: now, html };
  const index = [key, ...readIndex(store).filter((kept) => kept !== key)];
  try {
    for (const dropped of index.splice(LAST_VIEW_LIMIT)) store.removeItem(entryKey(dropped));
    for (;;) {
      try {
        store.setItem(entryKey(key), JSON.stringify(entry));
        store.setItem(LAST_VIEW_INDEX, JSON.stringify(index));
        return;
      } catch {
        // Quota: the oldest other view goes, and this one is tried again.
        const oldest = index.length > 1 ? index.pop() : undefined;
        if (oldest === undefined) break;
        store.removeItem(entryKey(oldest));
      }
    }
    // Not even alone does it fit: this page's view is not kept.
    store.removeItem(entryKey(key));
    store.setItem(LAST_VIEW_INDEX, JSON.stringify(index.filter((kept) => kept !== key)));
  } catch {
    // Storage refused even that: the views are a convenience, nothing to do.
  }
}

/** Forgets every kept view (the session ended: they hold what the user saw). */
export function clearLastViews(): void {
  const store = storage();
  if (!store) return;
  try {
    const keys = Array.from({ length: store.length }, (_, i) => store.key(i));
    for (const key of keys) {
      if (key === LAST_VIEW_INDEX || key?.startsWith(`${LAST_VIEW_INDEX}:`)) store.removeItem(key);
    }
  } catch {
    // Storage gone mid-way: nothing more to do.
  }
}

/** The app has rendered over a kept view: #root is the app's again, and can be used. */
export function releaseLastView(root: HTMLElement | null): void {
  if (!root?.hasAttribute(LAST_VIEW_ATTRIBUTE)) return;
  root.removeAttribute(LAST_VIEW_ATTRIBUTE);
  root.removeAttribute('aria-busy');
  root.removeAttribute('aria-hidden');
  root.removeAttribute('inert');
}
