import {
  emptyTutorialState,
  TutorialStateSchema,
  TutorialUpdateBodySchema,
  type TutorialState,
} from '@speedway/contracts/tutorials';
import type { TutorialReport } from './apply-update';

/**
 * The tutorial namespace in local storage (spec doc 2 §3): one key per user with the last known
 * state and the progress not yet synced, plus the intro's deferral. Guest keys (from before
 * sign-in) are cleared on sign-in.
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

/** The user's stored tutorial, or a fresh one when nothing (valid) is stored. */
export function readLocalTutorial(userId: string): LocalTutorial {
  const raw = read(stateKey(userId));
  if (raw) {
    try {
      const parsed = JSON.parse(raw) as { state?: unknown; pending?: unknown };
      const state = TutorialStateSchema.safeParse(parsed.state);
      const pending = TutorialUpdateBodySchema.safeParse({ tutorial: parsed.pending });
      if (state.success) {
        return {
          state: {
            ...emptyTutorialState(),
            ...state.data,
            pages: { ...emptyTutorialState().pages, ...state.data.pages },
          },
          pending: parsed.pending && pending.success ? (pending.data.tutorial ?? null) : null,
        };
      }
    } catch {
      // A broken value is as good as none.
    }
  }
  return { state: emptyTutorialState(), pending: null };
}

export function writeLocalTutorial(userId: string, local: LocalTutorial): void {
  write(stateKey(userId), JSON.stringify(local));
}

/** Removes every guest key of the namespace (spec §4: cleared on sign-in). */
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

/** After 'reset intro' the intro waits for the next sign-in (spec §4), not for this session. */
export function deferIntroToNextLogin(userId: string, token: string): void {
  write(introKey(userId), sessionMark(token));
}

export function isIntroDeferred(userId: string, token: string): boolean {
  return read(introKey(userId)) === sessionMark(token);
}
