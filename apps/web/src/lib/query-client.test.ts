import { onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startOnlineAsTheBrowserSays } from './query-client';

afterEach(() => {
  vi.restoreAllMocks();
  onlineManager.setOnline(true);
});

describe('startOnlineAsTheBrowserSays', () => {
  it('starts React Query offline when the page opens without a network', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    onlineManager.setOnline(true);
    startOnlineAsTheBrowserSays();
    expect(onlineManager.isOnline()).toBe(false);
  });

  it('leaves it online when the browser is', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    startOnlineAsTheBrowserSays();
    expect(onlineManager.isOnline()).toBe(true);
  });
});
