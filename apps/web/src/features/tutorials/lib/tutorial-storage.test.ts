import { emptyTutorialState } from '@speedway/contracts/tutorial-state';
import { afterEach, describe, expect, it } from 'vitest';
import { readLocalTutorial, TUTORIAL_STORAGE_PREFIX, writeLocalTutorial } from './tutorial-storage';

const USER = 'u-1';
const store = (value: unknown) =>
  window.localStorage.setItem(
    `${TUTORIAL_STORAGE_PREFIX}${USER}`,
    typeof value === 'string' ? value : JSON.stringify(value),
  );

afterEach(() => window.localStorage.clear());

describe('the tutorial kept on this device', () => {
  it('reads back what was written', () => {
    const state = emptyTutorialState();
    state.introCompleted = true;
    state.pages.home = { completed: true, step: 0 };
    state.pages.heatDialog = { completed: false, step: 3 };
    const pending = { pages: { table: { completed: true } } };
    writeLocalTutorial(USER, { state, pending });
    expect(readLocalTutorial(USER)).toEqual({ state, pending });
  });

  it('is a fresh state when nothing, broken JSON or no state is stored', () => {
    const fresh = { state: emptyTutorialState(), pending: null };
    expect(readLocalTutorial(USER)).toEqual(fresh);
    store('{not json');
    expect(readLocalTutorial(USER)).toEqual(fresh);
    store({ state: { pages: {} } });
    expect(readLocalTutorial(USER)).toEqual(fresh);
    store([1, 2]);
    expect(readLocalTutorial(USER)).toEqual(fresh);
  });

  it('starts over a page whose entry is wrong and keeps the others', () => {
    store({
      state: {
        introCompleted: true,
        pages: {
          home: { completed: true, step: 0 },
          table: { completed: 'yes', step: 1 },
          account: { completed: false, step: 50 },
          matches: { completed: false, step: 1.5 },
          unknownPage: { completed: true, step: 0 },
        },
      },
    });
    const { state } = readLocalTutorial(USER);
    expect(state.introCompleted).toBe(true);
    expect(state.pages.home).toEqual({ completed: true, step: 0 });
    for (const key of ['table', 'account', 'matches', 'myMatches'] as const) {
      expect(state.pages[key]).toEqual({ completed: false, step: 0 });
    }
    expect(Object.keys(state.pages)).not.toContain('unknownPage');
  });

  it('keeps of the unsynced progress only what the server would take', () => {
    const state = emptyTutorialState();
    store({
      state,
      pending: {
        introCompleted: true,
        pages: {
          home: { completed: true, step: 99 },
          table: { step: 2 },
          nowhere: { completed: true },
          account: 'done',
        },
      },
    });
    expect(readLocalTutorial(USER).pending).toEqual({
      introCompleted: true,
      pages: { home: { completed: true }, table: { step: 2 } },
    });
    store({ state, pending: { pages: { nowhere: { completed: true } } } });
    expect(readLocalTutorial(USER).pending).toBeNull();
    store({ state, pending: 'x' });
    expect(readLocalTutorial(USER).pending).toBeNull();
  });
});
