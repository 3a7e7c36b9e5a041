import {
  emptyTutorialState,
  isTutorialPageKey,
  TUTORIAL_PAGE_KEYS,
  type TutorialState,
} from '@speedway/contracts/tutorial-state';
import type { TutorialUpdateBody } from '@speedway/contracts/tutorials';

/** A progress report: the `{ tutorial }` form of the update (completions and steps). */
export type TutorialReport = NonNullable<TutorialUpdateBody['tutorial']>;

function copy(state: TutorialState): TutorialState {
  return {
    introCompleted: state.introCompleted,
    pages: Object.fromEntries(
      TUTORIAL_PAGE_KEYS.map((key) => [key, { ...state.pages[key] }]),
    ) as TutorialState['pages'],
  };
}

/**
 * What an update does to a state, as the server does it (contracts/tutorials.ts): used to show
 * the result at once and when the server has no tutorial status (sync off).
 */
export function applyUpdate(state: TutorialState, body: TutorialUpdateBody): TutorialState {
  const next = copy(state);
  const empty = emptyTutorialState();
  if (body.tutorial) {
    if (body.tutorial.introCompleted === true) next.introCompleted = true;
    for (const [key, page] of Object.entries(body.tutorial.pages ?? {})) {
      if (!page || !isTutorialPageKey(key)) continue;
      if (page.completed === true) next.pages[key].completed = true;
      if (page.step !== undefined) next.pages[key].step = page.step;
    }
  } else if (body.resetAllPages) {
    next.pages = empty.pages;
    if (body.resetIntro) next.introCompleted = false;
  } else if (body.pageName) {
    next.pages[body.pageName] = { completed: false, step: 0 };
  } else if (body.resetIntro) {
    next.introCompleted = false;
  }
  return next;
}

/** Two reports as one (the later step wins; a completion stays), for reports not yet synced. */
export function mergeReports(
  earlier: TutorialReport | null,
  later: TutorialReport,
): TutorialReport {
  const pages = { ...earlier?.pages };
  for (const [key, page] of Object.entries(later.pages ?? {})) {
    if (!page || !isTutorialPageKey(key)) continue;
    const before = pages[key];
    pages[key] = {
      ...before,
      ...page,
      ...(before?.completed || page.completed ? { completed: true } : {}),
    };
  }
  return {
    ...(earlier?.introCompleted || later.introCompleted ? { introCompleted: true } : {}),
    pages,
  };
}
