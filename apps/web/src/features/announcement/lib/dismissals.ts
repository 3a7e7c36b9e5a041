/**
 * The announcement a user closed, kept for the browser session (sessionStorage) as its id and
 * version. Storage can throw in some privacy modes; the banner then just shows again on reload.
 */
export const DISMISSED_ANNOUNCEMENT_KEY = 'speedway.announcement-dismissed';

export function readDismissed(): string | null {
  try {
    return window.sessionStorage.getItem(DISMISSED_ANNOUNCEMENT_KEY);
  } catch {
    return null;
  }
}

export function writeDismissed(key: string): void {
  try {
    window.sessionStorage.setItem(DISMISSED_ANNOUNCEMENT_KEY, key);
  } catch {
    // Nothing to do: the banner stays hidden until the page is reloaded.
  }
}
