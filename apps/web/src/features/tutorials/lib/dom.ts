import { TUTORIAL_PAGE_ATTRIBUTE } from './page-key';
import { targetSelector } from './steps';

/** The first element marked with this target that has a box on screen (hidden tabs have none). */
export function findTarget(target: string): HTMLElement | null {
  for (const element of document.querySelectorAll<HTMLElement>(targetSelector(target))) {
    const rect = element.getBoundingClientRect();
    if (rect.width > 0 && rect.height > 0) return element;
  }
  return null;
}

/**
 * Calls `found` once the target is on the page (at once if it already is), or gives up after
 * `timeoutMs` (a page that failed to load shows no guide). Returns a cancel function.
 */
export function whenTargetAppears(
  target: string,
  found: () => void,
  timeoutMs = 10_000,
): () => void {
  let done = false;
  let frame = 0;
  const finish = () => {
    done = true;
    observer.disconnect();
    clearTimeout(timer);
    cancelAnimationFrame(frame);
  };
  const check = () => {
    frame = 0;
    if (done || !findTarget(target)) return;
    finish();
    found();
  };
  const observer = new MutationObserver(() => {
    if (!frame) frame = requestAnimationFrame(check);
  });
  const timer = setTimeout(finish, timeoutMs);
  observer.observe(document.body, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['data-tutorial', 'hidden', 'data-state'],
  });
  frame = requestAnimationFrame(check);
  return finish;
}

/** The part of the page open on top of it with a guide of its own (the heat dialog), if any. */
export function openPartElement(): HTMLElement | null {
  const parts = document.querySelectorAll<HTMLElement>(`[${TUTORIAL_PAGE_ATTRIBUTE}]`);
  return parts[parts.length - 1] ?? null;
}

/** The page key that part claims while it is open, if any. */
export function openPartPage(): string | null {
  return openPartElement()?.getAttribute(TUTORIAL_PAGE_ATTRIBUTE) ?? null;
}

/** Calls `onChange` whenever parts of the page come or go. Returns an unsubscribe function. */
export function observeOpenParts(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.body, { childList: true, subtree: true });
  return () => observer.disconnect();
}
