import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { isOnline, reportNoReply } from './connectivity';
import { checkConnection, useReconnect } from './use-reconnect';

function server() {
  const state = { up: false };
  const fetchMock = vi.fn(async (_url: string) => {
    if (!state.up) throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify({ status: 'ok' }), {
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { state, checks: () => fetchMock.mock.calls.map(([url]) => url) };
}

describe('checkConnection', () => {
  it('asks the health check once however often it is asked, and a reply ends unreachable', async () => {
    const { state, checks } = server();
    reportNoReply();
    state.up = true;
    const [a, b] = await Promise.all([checkConnection(), checkConnection()]);
    expect([a, b]).toEqual([true, true]);
    expect(checks()).toEqual(['/api/health']);
    expect(isOnline()).toBe(true);
  });
});

describe('useReconnect', () => {
  it('checks again by itself, ever later, while the server does not answer, and stops when it does', async () => {
    vi.useFakeTimers();
    vi.spyOn(Math, 'random').mockReturnValue(1);
    const { state, checks } = server();
    renderHook(() => useReconnect());
    expect(checks()).toHaveLength(0);

    act(() => reportNoReply());
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(checks()).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(4_000));
    expect(checks()).toHaveLength(2);
    expect(isOnline()).toBe(false);

    state.up = true;
    await act(() => vi.advanceTimersByTimeAsync(8_000));
    expect(checks()).toHaveLength(3);
    expect(isOnline()).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(120_000));
    expect(checks()).toHaveLength(3);
  });

  it('asks nothing while the browser itself says offline', async () => {
    vi.useFakeTimers();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { checks } = server();
    renderHook(() => useReconnect());
    act(() => reportNoReply());
    await act(() => vi.advanceTimersByTimeAsync(120_000));
    expect(checks()).toHaveLength(0);
  });
});
