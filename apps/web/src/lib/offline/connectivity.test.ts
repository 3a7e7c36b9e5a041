import { afterEach, describe, expect, it, vi } from 'vitest';
import { isOnline, reportNoReply, reportReply, subscribeConnectivity } from './connectivity';
import { sendJson } from './http';

// ADR 010 §8a: a dead but "connected" network (every call fails, navigator.onLine stays true) is
// offline to the app, until a call gets a reply or the browser comes online anew.

afterEach(() => {
  reportReply();
});

/** A fetch that answers nothing until its signal aborts it. */
const fetchThatNeverAnswers = () =>
  vi.fn(
    (_url: string, init: RequestInit) =>
      new Promise((_resolve, reject) =>
        init.signal?.addEventListener('abort', () => reject(new DOMException('', 'AbortError'))),
      ),
  );

describe('connectivity', () => {
  it('goes offline when a call gets no reply, though the browser says online', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const changed = vi.fn();
    const stop = subscribeConnectivity(changed);

    await expect(sendJson('/api/matches', { token: 't' })).rejects.toMatchObject({ status: 0 });
    expect(isOnline()).toBe(false);
    expect(changed).toHaveBeenCalledTimes(1);

    // A second failure changes nothing more.
    await expect(sendJson('/api/matches', { token: 't' })).rejects.toMatchObject({ status: 0 });
    expect(changed).toHaveBeenCalledTimes(1);
    stop();
  });

  it('is online again once any call gets a reply, an error status too', async () => {
    reportNoReply();
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('', { status: 503 })));
    await expect(sendJson('/api/health', { token: null })).rejects.toMatchObject({ status: 503 });
    expect(isOnline()).toBe(true);
  });

  it('counts a call that runs out of time as no reply', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', fetchThatNeverAnswers());
    const call = sendJson('/api/matches', { token: 't', timeoutMs: 1000 });
    const failed = expect(call).rejects.toMatchObject({ status: 0 });
    await vi.advanceTimersByTimeAsync(1000);
    await failed;
    expect(isOnline()).toBe(false);
  });

  it('leaves it alone when the caller cancels (a query no longer wanted)', async () => {
    vi.stubGlobal('fetch', fetchThatNeverAnswers());
    const controller = new AbortController();
    const call = sendJson('/api/matches', { token: 't', signal: controller.signal });
    controller.abort();
    await expect(call).rejects.toThrow();
    expect(isOnline()).toBe(true);
  });

  it("gives the network a new chance when the browser comes online, and follows 'offline'", () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    const changed = vi.fn();
    const stop = subscribeConnectivity(changed);
    reportNoReply();
    expect(isOnline()).toBe(false);

    window.dispatchEvent(new Event('online'));
    expect(isOnline()).toBe(true);

    onLine.mockReturnValue(false);
    window.dispatchEvent(new Event('offline'));
    expect(isOnline()).toBe(false);
    expect(changed).toHaveBeenCalledTimes(3);
    stop();
  });
});
