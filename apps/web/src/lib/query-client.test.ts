import { onlineManager, QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reportNoReply, reportReply } from './offline/connectivity';
import { followConnectivity, queryConfig } from './query-client';

afterEach(() => {
  vi.restoreAllMocks();
  reportReply();
  followConnectivity();
});

describe('followConnectivity', () => {
  it('starts React Query offline when the page opens without a network', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    followConnectivity();
    expect(onlineManager.isOnline()).toBe(false);
  });

  it('leaves it online when the browser is', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    followConnectivity();
    expect(onlineManager.isOnline()).toBe(true);
  });

  it('takes it offline on a network that answers nothing, and back when the server answers', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    followConnectivity();
    reportNoReply();
    expect(onlineManager.isOnline()).toBe(false);
    reportReply();
    expect(onlineManager.isOnline()).toBe(true);
  });

  it('keeps the data a query has while the network answers nothing, and refreshes it after', async () => {
    followConnectivity();
    const client = new QueryClient({ defaultOptions: queryConfig });
    client.mount();
    client.setQueryData(['matches'], ['kept']);
    let answer: () => Promise<string[]> = () => {
      reportNoReply();
      return Promise.reject(new Error('no reply'));
    };
    const observer = new QueryObserver(client, { queryKey: ['matches'], queryFn: () => answer() });
    const stop = observer.subscribe(() => undefined);
    void observer.refetch();
    // After the one retry's wait (1 s), which finds the app offline.
    await vi.waitFor(() => expect(observer.getCurrentResult().fetchStatus).toBe('paused'), {
      timeout: 3000,
    });
    expect(observer.getCurrentResult()).toMatchObject({ data: ['kept'], isError: false });

    answer = () => Promise.resolve(['fresh']);
    reportReply();
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toEqual(['fresh']));
    stop();
    client.unmount();
    client.clear();
  });
});
