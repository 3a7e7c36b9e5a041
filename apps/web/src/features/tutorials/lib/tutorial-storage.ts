import {
  emptyTutorialState,
  isTutorialPageKey,
  TUTORIAL_MAX_STEP,
  TUTORIAL_PAGE_KEYS,
  type TutorialState,
} from '@speedway/contracts/tutorial-state';
import type { TutorialReport } from './apply-update';

/**
 * The tutorial namespace in local storage (docs/spec/2-matches-protocols-admin.md §3): one key per
 * user with the last known state and the progress not yet synced, plus the intro's deferral. Guest
 * keys (from before sign-in) are cleared on sign-in.
 */
export const TUTORIAL_STORAGE_PREFIX = 'speedway.tutorial.';
const GUEST_PREFIX = `${TUTORIAL_STORAGE_PREFIX}guest`;

const stateKey = (userId: string) => `${TUTORIAL_STORAGE_PREFIX}${userId}`;
const introKey = (userId: string) => `${TUTORIAL_STORAGE_PREFIX}${userId}.intro-deferred`;

export type LocalTutorial = { state: TutorialState; pending: TutorialReport | null };

/** Whether this device has kept a state for the user (from the server or its own progress). */
export function hasLocalTutorial(userId: string): boolean {
  return read(stateKey(userId)) !== null;
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function read(key: string): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    storage()?.setItem(key, value);
  } catch {
    // Quota or privacy mode: the server still has it.
  }
}

type Stored = Record<string, unknown>;
const isObject = (value: unknown): value is Stored =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isStep = (value: unknown): value is number =>
  Number.isInteger(value) && (value as number) >= 0 && (value as number) <= TUTORIAL_MAX_STEP;

/**
 * The stored state, read leniently: it is this device's own copy, so a page whose entry is not
 * right (an older app's, a hand-edited one) starts over and the rest is kept. Without the
 * contract's schemas, which would load zod on every page's start.
 */
function storedState(value: unknown): TutorialState | null {
  if (!isObject(value) || typeof value.introCompleted !== 'boolean' || !isObject(value.pages)) {
    return null;
  }
  const state = emptyTutorialState();
  state.introCompleted = value.introCompleted;
  for (const key of TUTORIAL_PAGE_KEYS) {
    const page = value.pages[key];
    if (isObject(page) && typeof page.completed === 'boolean' && isStep(page.step)) {
      state.pages[key] = { completed: page.completed, step: page.step };
    }
  }
  return state;
}

/** The progress not yet synced: only what the server would take (known pages, steps 0–49). */
function storedReport(value: unknown): TutorialReport | null {
  if (!isObject(value)) return null;
  const report: TutorialReport = {};
  if (typeof value.introCompleted === 'boolean') report.introCompleted = value.introCompleted;
  const pages: NonNullable<TutorialReport['pages']> = {};
  for (const [key, page] of Object.entries(isObject(value.pages) ? value.pages : {})) {
    if (!isTutorialPageKey(key) || !isObject(page)) continue;
    const entry: { completed?: boolean; step?: number } = {};
    if (typeof page.completed === 'boolean') entry.completed = page.completed;
    if (isStep(page.step)) entry.step = page.step;
    if (Object.keys(entry).length > 0) pages[key] = entry;
  }
  if (Object.keys(pages).length > 0) report.pages = pages;
  return Object.keys(report).length > 0 ? report : null;
}

/** The user's stored tutorial, or a fresh one when nothing (valid) is stored. */
export function readLocalTutorial(userId: string): LocalTutorial {
  const raw = read(stateKey(userId));
  if (raw) {
    try {
      const parsed: unknown = JSON.parse(raw);
      const state = isObject(parsed) ? storedState(parsed.state) : null;
      if (state) return { state, pending: storedReport((parsed as Stored).pending) };
    } catch {
      // A broken value is as good as none.
    }
  }
  return { state: emptyTutorialState(), pending: null };
}

export function writeLocalTutorial(userId: string, local: LocalTutorial): void {
  write(stateKey(userId), JSON.stringify(local));
}

/**
 * Removes every guest key of the namespace (docs/spec/2-matches-protocols-admin.md §4: cleared on
 * sign-in).
 */
export function clearGuestTutorialKeys(): void {
  const store = storage();
  if (!store) return;
  try {
    const keys: string[] = [];
    for (let i = 0; i < store.length; i++) {
      const key = store.key(i);
      if (key?.startsWith(GUEST_PREFIX)) keys.push(key);
    }
    for (const key of keys) store.removeItem(key);
  } catch {
    // Nothing to clear then.
  }
}

/** A short fingerprint of the session's token: which sign-in a deferral belongs to. */
function sessionMark(token: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < token.length; i++) {
    hash ^= token.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

/**
 * After 'reset intro' the intro waits for the next sign-in (docs/spec/2-matches-protocols-admin.md
 * §4), not for this session.
 */
export function deferIntroToNextLogin(userId: string, token: string): void {
  write(introKey(userId), sessionMark(token));
}

export function isIntroDeferred(userId: string, token: string): boolean {
  return read(introKey(userId)) === sessionMark(token);
}
