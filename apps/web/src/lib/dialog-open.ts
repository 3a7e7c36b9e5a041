const OPEN_DIALOG = '[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]';

/**
 * Whether a dialog is open. Radix puts every open dialog in its own portal, a child of <body>,
 * so a change of <body>'s children is all there is to watch. No React here: the entry chunk
 * (lib/service-worker.ts) uses it before the app has loaded.
 */
export function subscribeToDialogs(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.body, { childList: true });
  return () => observer.disconnect();
}

export const dialogOpen = (): boolean => document.querySelector(OPEN_DIALOG) !== null;
