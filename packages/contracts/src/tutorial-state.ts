// The tutorial state without its schemas (docs/spec/2-matches-protocols-admin.md §3 page keys and
// state, §5 step clamping, §8 texts): what the web app's guides need on every page, in a module
// that does not load zod, so that no page's start pays for building the update's schemas. The
// schemas, with the server's error messages, are in tutorials.ts, which re-exports all of this.

/** The pages that have a guide of their own (docs/spec/2-matches-protocols-admin.md §3). */
export const TUTORIAL_PAGE_KEYS = [
  'home',
  'matches',
  'myMatches',
  'table',
  'account',
  'officialMatchDetail',
  'matchProtocol',
  'heatDialog',
] as const;
export type TutorialPageKey = (typeof TUTORIAL_PAGE_KEYS)[number];

export function isTutorialPageKey(value: unknown): value is TutorialPageKey {
  return TUTORIAL_PAGE_KEYS.some((key) => key === value);
}

/** The highest step index a page may store; the client clamps to its own step count (§5). */
export const TUTORIAL_MAX_STEP = 49;

export type TutorialPageState = {
  completed: boolean;
  /** The step the user is on (0 when not started or after finishing). */
  step: number;
};

export type TutorialState = {
  introCompleted: boolean;
  /** Every page key, each with its own completion and step. */
  pages: Record<TutorialPageKey, TutorialPageState>;
};

/** A state where nothing is done yet: what a new user has. */
export function emptyTutorialState(): TutorialState {
  const pages = {} as Record<TutorialPageKey, TutorialPageState>;
  for (const key of TUTORIAL_PAGE_KEYS) pages[key] = { completed: false, step: 0 };
  return { introCompleted: false, pages };
}

/** docs/spec/2-matches-protocols-admin.md §8. */
export const TUTORIAL_TEXTS = {
  updateFailed: 'Kunde inte uppdatera tutorialstatus.',
  loadFailed: 'Kunde inte hämta tutorialstatus just nu. Försök igen senare.',
} as const;
