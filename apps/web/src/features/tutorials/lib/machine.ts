import type { TutorialPageKey, TutorialState } from '@speedway/contracts/tutorials';

// The page guides' transitions (docs/spec/2-matches-protocols-admin.md §4 Tutorial, §5 step
// clamping), as pure functions.

/** The guide on screen: its page, its step count and the step shown. */
export type Tour = { page: TutorialPageKey; steps: number; step: number };

/** What a transition asks to be stored for the page: its step, and whether it is completed. */
export type TourEffect = { page: TutorialPageKey; step: number; completed?: true };

export type TourTransition = { tour: Tour | null; effect: TourEffect | null };

/** A step index within 0 … count − 1 (0 for a page without steps); anything else is clamped. */
export function clampStep(step: number, count: number): number {
  if (count <= 0 || !Number.isFinite(step)) return 0;
  return Math.min(Math.max(Math.trunc(step), 0), count - 1);
}

/** Starts a page's guide at its stored step, clamped; a page without steps has no guide. */
export function startTour(page: TutorialPageKey, steps: number, storedStep: number): Tour | null {
  if (steps <= 0) return null;
  return { page, steps, step: clampStep(storedStep, steps) };
}

/** Finishing (the last Next, Skip or close): the page is completed and its step back to 0. */
function finish(tour: Tour): TourTransition {
  return { tour: null, effect: { page: tour.page, step: 0, completed: true } };
}

/** Next advances; at the last step it finishes. */
export function next(tour: Tour): TourTransition {
  if (tour.step >= tour.steps - 1) return finish(tour);
  const step = clampStep(tour.step + 1, tour.steps);
  return { tour: { ...tour, step }, effect: { page: tour.page, step } };
}

/** Back goes one step, never before the first. */
export function back(tour: Tour): TourTransition {
  const step = clampStep(tour.step - 1, tour.steps);
  if (step === tour.step) return { tour, effect: null };
  return { tour: { ...tour, step }, effect: { page: tour.page, step } };
}

/** Skip and close both finish the guide. */
export const skip = finish;
export const close = finish;

export type AutoStartInput = {
  signedIn: boolean;
  state: TutorialState | null;
  page: TutorialPageKey | null;
  steps: number;
};

/**
 * A page's guide starts by itself only when the user is signed in, the intro is completed, the
 * page is not completed and it has steps (docs/spec/2-matches-protocols-admin.md §4).
 */
export function shouldAutoStart({ signedIn, state, page, steps }: AutoStartInput): boolean {
  if (!signedIn || !state || !page) return false;
  if (!state.introCompleted) return false;
  if (state.pages[page]?.completed) return false;
  return steps > 0;
}
