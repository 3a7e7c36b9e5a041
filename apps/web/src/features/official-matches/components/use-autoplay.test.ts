import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTOPLAY_DELAY_MS, AUTOPLAY_RESUME_MS, useAutoplay } from './use-autoplay';

type Handler = () => void;

function fakeEmbla() {
  const handlers = new Map<string, Set<Handler>>();
  const root = document.createElement('div');
  const api = {
    scrollNext: vi.fn(),
    rootNode: () => root,
    on: (event: string, handler: Handler) => {
      handlers.set(event, (handlers.get(event) ?? new Set()).add(handler));
      return api;
    },
    off: (event: string, handler: Handler) => {
      handlers.get(event)?.delete(handler);
      return api;
    },
  };
  const emit = (event: string) => handlers.get(event)?.forEach((handler) => handler());
  return { api, emit, root };
}

describe('useAutoplay', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('advances every 6300 ms, pauses while held and resumes 2100 ms after', () => {
    const { api, emit } = fakeEmbla();
    // @ts-expect-error: only the parts of Embla the hook uses.
    renderHook(() => useAutoplay(api, true));
    act(() => void vi.advanceTimersByTime(AUTOPLAY_DELAY_MS));
    expect(api.scrollNext).toHaveBeenCalledTimes(1);

    act(() => emit('pointerDown'));
    act(() => void vi.advanceTimersByTime(AUTOPLAY_DELAY_MS * 3));
    expect(api.scrollNext).toHaveBeenCalledTimes(1);

    act(() => emit('pointerUp'));
    act(() => void vi.advanceTimersByTime(AUTOPLAY_RESUME_MS + AUTOPLAY_DELAY_MS - 1));
    expect(api.scrollNext).toHaveBeenCalledTimes(1);
    act(() => void vi.advanceTimersByTime(1));
    expect(api.scrollNext).toHaveBeenCalledTimes(2);
  });

  it('starts the wait again after a click on the carousel or its buttons', () => {
    const { api, root } = fakeEmbla();
    // @ts-expect-error: only the parts of Embla the hook uses.
    renderHook(() => useAutoplay(api, true));
    act(() => void vi.advanceTimersByTime(3000));
    act(() => root.dispatchEvent(new MouseEvent('click', { bubbles: true })));
    act(() => void vi.advanceTimersByTime(AUTOPLAY_RESUME_MS + AUTOPLAY_DELAY_MS - 1));
    expect(api.scrollNext).not.toHaveBeenCalled();
    act(() => void vi.advanceTimersByTime(1));
    expect(api.scrollNext).toHaveBeenCalledTimes(1);
  });

  it('does nothing when switched off (reduced motion)', () => {
    const { api } = fakeEmbla();
    // @ts-expect-error: only the parts of Embla the hook uses.
    renderHook(() => useAutoplay(api, false));
    act(() => void vi.advanceTimersByTime(AUTOPLAY_DELAY_MS * 5));
    expect(api.scrollNext).not.toHaveBeenCalled();
  });
});
