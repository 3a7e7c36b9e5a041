import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterFirstPaint } from './after-first-paint';

describe('afterFirstPaint', () => {
  beforeEach(() => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'],
    });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs the task in a task after the next frame', () => {
    const task = vi.fn();
    afterFirstPaint(task);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersToNextFrame();
    expect(task).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('runs nothing once cancelled before the frame', () => {
    const task = vi.fn();
    const cancel = afterFirstPaint(task);
    cancel();
    vi.advanceTimersToNextFrame();
    vi.runAllTimers();
    expect(task).not.toHaveBeenCalled();
  });

  // A component unmounted between the paint and the task (a test's page torn down, a dialog
  // closed at once) must not be updated: the task is already queued then.
  it('runs nothing once cancelled between the frame and its task', () => {
    const task = vi.fn();
    const cancel = afterFirstPaint(task);
    vi.advanceTimersToNextFrame();
    cancel();
    vi.runAllTimers();
    expect(task).not.toHaveBeenCalled();
  });
});
