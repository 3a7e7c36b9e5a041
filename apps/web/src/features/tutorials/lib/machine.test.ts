import { emptyTutorialState, TUTORIAL_PAGE_KEYS } from '@speedway/contracts/tutorials';
import { describe, expect, it } from 'vitest';
import { back, clampStep, close, next, shouldAutoStart, skip, startTour } from './machine';
import { pageKeyOf } from './page-key';
import { TUTORIAL_STEPS } from './steps';

describe('clampStep (docs/spec/2-matches-protocols-admin.md §5)', () => {
  it.each([
    [0, 3, 0],
    [2, 3, 2],
    [3, 3, 2],
    [99, 3, 2],
    [-1, 3, 0],
    [1.7, 3, 1],
    [Number.NaN, 3, 0],
    [Infinity, 3, 0],
    [5, 0, 0],
  ])('clamps %s into %s steps as %s', (step, count, expected) => {
    expect(clampStep(step, count)).toBe(expected);
  });
});

describe('transitions (docs/spec/2-matches-protocols-admin.md §4)', () => {
  it('starts at the stored step, clamped; a page without steps has no guide', () => {
    expect(startTour('home', 3, 1)).toEqual({ page: 'home', steps: 3, step: 1 });
    expect(startTour('home', 3, 40)).toEqual({ page: 'home', steps: 3, step: 2 });
    expect(startTour('home', 0, 0)).toBeNull();
  });

  it('Next advances and reports the step', () => {
    expect(next({ page: 'table', steps: 3, step: 0 })).toEqual({
      tour: { page: 'table', steps: 3, step: 1 },
      effect: { page: 'table', step: 1 },
    });
  });

  it('the last Next finishes: the page is completed and its step reset to 0', () => {
    expect(next({ page: 'heatDialog', steps: 2, step: 1 })).toEqual({
      tour: null,
      effect: { page: 'heatDialog', step: 0, completed: true },
    });
  });

  it('Back goes one step and stops at the first', () => {
    expect(back({ page: 'home', steps: 3, step: 2 })).toEqual({
      tour: { page: 'home', steps: 3, step: 1 },
      effect: { page: 'home', step: 1 },
    });
    const first = { page: 'home' as const, steps: 3, step: 0 };
    expect(back(first)).toEqual({ tour: first, effect: null });
  });

  it('Skip and close finish from any step', () => {
    for (const finish of [skip, close]) {
      expect(finish({ page: 'matches', steps: 2, step: 0 })).toEqual({
        tour: null,
        effect: { page: 'matches', step: 0, completed: true },
      });
    }
  });
});

describe('auto-start (docs/spec/2-matches-protocols-admin.md §4)', () => {
  const done = { ...emptyTutorialState(), introCompleted: true };
  it('starts only when signed in, intro completed, page not completed and it has steps', () => {
    expect(shouldAutoStart({ signedIn: true, state: done, page: 'home', steps: 3 })).toBe(true);
    expect(shouldAutoStart({ signedIn: false, state: done, page: 'home', steps: 3 })).toBe(false);
    expect(
      shouldAutoStart({ signedIn: true, state: emptyTutorialState(), page: 'home', steps: 3 }),
    ).toBe(false);
    const homeDone = { ...done, pages: { ...done.pages, home: { completed: true, step: 0 } } };
    expect(shouldAutoStart({ signedIn: true, state: homeDone, page: 'home', steps: 3 })).toBe(
      false,
    );
    expect(shouldAutoStart({ signedIn: true, state: done, page: 'home', steps: 0 })).toBe(false);
    expect(shouldAutoStart({ signedIn: true, state: done, page: null, steps: 3 })).toBe(false);
    expect(shouldAutoStart({ signedIn: true, state: null, page: 'home', steps: 3 })).toBe(false);
  });
});

describe('page keys and their guides', () => {
  it.each([
    ['/', 'home'],
    ['/matches', 'matches'],
    ['/matches/', 'matches'],
    ['/matches/official/abc', 'officialMatchDetail'],
    ['/match/6f1c', 'matchProtocol'],
    ['/match/preview', null],
    ['/my-matches/created-protocols', 'myMatches'],
    ['/my-matches/saved-protocols', 'myMatches'],
    ['/my-matches/saved/123', null],
    ['/tabell', 'table'],
    ['/account', 'account'],
    ['/account/tutorials', null],
    ['/dashboard', null],
  ])('%s → %s', (path, key) => {
    expect(pageKeyOf(path)).toBe(key);
  });

  it('every page key has Swedish steps, each pointing at a target', () => {
    for (const key of TUTORIAL_PAGE_KEYS) {
      expect(TUTORIAL_STEPS[key].length, key).toBeGreaterThan(0);
      for (const step of TUTORIAL_STEPS[key]) {
        expect(step.target, `${key}: ${step.title}`).toBeTruthy();
        expect(step.title.length).toBeGreaterThan(0);
      }
    }
  });

  it('the heat dialog guide names the placement buttons and the lock for substitutions', () => {
    const [placement, lock] = TUTORIAL_STEPS.heatDialog;
    expect(placement?.body).toMatch(/välj förarens placering 1–4 genom att klicka/i);
    expect(placement?.target).toBe('placement-buttons');
    expect(lock?.body).toMatch(/Låsikonen.*byte.*reservförare/);
    expect(lock?.target).toBe('heat-unlock');
  });
});
