/** Fired on window when the intro is finished (docs/spec/2-matches-protocols-admin.md §4). */
export const INTRO_COMPLETED_EVENT = 'speedway:tutorial-intro-completed';

/** Asks the mounted guide host to show the intro now (Snabbguider's 'Visa introduktionen'). */
export const SHOW_INTRO_EVENT = 'speedway:tutorial-show-intro';

// A request made before the host has loaded (it loads lazily) waits here for it.
let introRequested = false;

/** Shows the intro now: tells a mounted host, or leaves the request for the host to find. */
export function requestIntro(): void {
  introRequested = true;
  window.dispatchEvent(new CustomEvent(SHOW_INTRO_EVENT));
}

/** Whether the intro was asked for since the last call (the host takes the request once). */
export function takeIntroRequest(): boolean {
  const requested = introRequested;
  introRequested = false;
  return requested;
}
