import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LAST_VIEW_INDEX, type LastViewEntry } from './last-view';
import { STORAGE_KEYS } from './storage';
import { useKeepLastView } from './use-keep-last-view';

// ADR 024: what the signed-in user sees of a page is kept as its last view on this device.

const USER = { id: 'user-1', email: 'domare@example.se' };

function Page({ userId, text }: { userId: string | null; text: string }) {
  useKeepLastView(userId);
  return <p>{text}</p>;
}

function renderPage(queryClient: QueryClient, userId: string | null, text = '7/15 Heat komplett') {
  const root = document.createElement('div');
  root.id = 'root';
  document.body.append(root);
  const page = (props: { userId: string | null; text: string }) => (
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/match/m-1']}>
        <Page {...props} />
      </MemoryRouter>
    </QueryClientProvider>
  );
  const view = render(page({ userId, text }), { container: root });
  return { rerender: (next: string) => view.rerender(page({ userId, text: next })) };
}

const kept = () =>
  JSON.parse(
    localStorage.getItem(`${LAST_VIEW_INDEX}:/match/m-1`) ?? 'null',
  ) as LastViewEntry | null;

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
  localStorage.setItem(STORAGE_KEYS.token, 'token-1');
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(USER));
});

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('useKeepLastView', () => {
  it('keeps the page a moment after its data last changed, when the browser is idle', async () => {
    const queryClient = new QueryClient();
    const { rerender } = renderPage(queryClient, USER.id);
    expect(kept()).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    expect(kept()?.html).toContain('7/15 Heat komplett');

    // A heat saved: the data changes, the page with it, and the view is kept again.
    rerender('8/15 Heat komplett');
    act(() => queryClient.setQueryData(['matches', 'm-1'], { heats: 8 }));
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    expect(kept()?.html).toContain('8/15 Heat komplett');
  });

  it('keeps it at once when the page is left or hidden', () => {
    renderPage(new QueryClient(), USER.id);
    act(() => void window.dispatchEvent(new Event('pagehide')));
    expect(kept()).toMatchObject({ user: USER.id });
  });

  it('keeps nothing for nobody signed in, nor for a user signed out since', () => {
    renderPage(new QueryClient(), null);
    act(() => void window.dispatchEvent(new Event('pagehide')));
    expect(kept()).toBeNull();

    document.body.innerHTML = '';
    renderPage(new QueryClient(), USER.id);
    localStorage.removeItem(STORAGE_KEYS.user);
    act(() => void window.dispatchEvent(new Event('pagehide')));
    expect(kept()).toBeNull();
  });
});
