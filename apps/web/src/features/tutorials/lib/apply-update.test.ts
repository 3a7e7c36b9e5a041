import { emptyTutorialState } from '@speedway/contracts/tutorials';
import { describe, expect, it } from 'vitest';
import { applyUpdate, mergeReports } from './apply-update';

describe('applyUpdate (as the server does it)', () => {
  const base = emptyTutorialState();

  it('adds completions and steps; a false completion takes nothing back', () => {
    const once = applyUpdate(base, {
      tutorial: { introCompleted: true, pages: { home: { completed: true, step: 0 } } },
    });
    const twice = applyUpdate(once, {
      tutorial: { introCompleted: false, pages: { home: { completed: false, step: 2 } } },
    });
    expect(twice.introCompleted).toBe(true);
    expect(twice.pages.home).toEqual({ completed: true, step: 2 });
    expect(base.introCompleted).toBe(false);
  });

  it('resets the intro, one page, or every page', () => {
    const all = applyUpdate(base, {
      tutorial: {
        introCompleted: true,
        pages: { home: { completed: true }, table: { completed: true, step: 1 } },
      },
    });
    expect(applyUpdate(all, { resetIntro: true }).introCompleted).toBe(false);
    expect(applyUpdate(all, { pageName: 'table' }).pages.table).toEqual({
      completed: false,
      step: 0,
    });
    expect(applyUpdate(all, { pageName: 'table' }).pages.home.completed).toBe(true);
    const pages = applyUpdate(all, { resetAllPages: true, resetIntro: false });
    expect(pages.introCompleted).toBe(true);
    expect(Object.values(pages.pages).every((p) => !p.completed && p.step === 0)).toBe(true);
    expect(applyUpdate(all, { resetAllPages: true, resetIntro: true }).introCompleted).toBe(false);
  });
});

describe('mergeReports (progress not yet synced)', () => {
  it('keeps every completion and the latest step', () => {
    const merged = mergeReports(
      { pages: { home: { completed: true, step: 0 }, table: { step: 1 } } },
      { introCompleted: true, pages: { home: { step: 2 }, table: { step: 2 } } },
    );
    expect(merged).toEqual({
      introCompleted: true,
      pages: { home: { completed: true, step: 2 }, table: { step: 2 } },
    });
  });
});
