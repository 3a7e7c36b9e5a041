import 'fake-indexeddb/auto';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OFFLINE_TEXT } from '@/features/offline/components/offline-banner';
import {
  renderSignedIn,
  signInAs,
  USER_A,
  USER_B,
} from '@/features/offline/testing/render-signed-in';
import { reportNoReply, reportReply } from '@/lib/offline/connectivity';
import { closeOfflineDb, updateEntry } from '@/lib/offline/db';
import { enqueue } from '@/lib/offline/outbox';
import { STORAGE_FULL_MESSAGE, StorageFullError } from '@/lib/offline/storage-full';
import { heatEntry } from '@/lib/offline/testing/entries';
import { freshIndexedDb } from '@/lib/offline/testing/fake-server';
import { AppHeader } from './app-header';

let goOnline: (() => void) | undefined;

beforeEach(freshIndexedDb);
afterEach(async () => {
  // react-query's online manager heard 'offline' too: the next test starts online again.
  goOnline?.();
  goOnline = undefined;
  await closeOfflineDb();
});

function goOffline() {
  const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  act(() => void window.dispatchEvent(new Event('offline')));
  goOnline = () => {
    onLine.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
  };
}

const header = () => screen.getByRole('banner');

describe('offline banner', () => {
  it('appears when the browser goes offline and goes when it is back online', async () => {
    signInAs(USER_A);
    renderSignedIn(<AppHeader />);
    await screen.findByRole('link', { name: 'Mina sidor' });
    expect(screen.queryByText(OFFLINE_TEXT)).not.toBeInTheDocument();

    goOffline();
    const banner = await within(header()).findByRole('status');
    expect(banner).toHaveTextContent(
      'Offline – ändringar sparas på enheten och skickas när nätet är tillbaka.',
    );

    goOnline?.();
    expect(screen.queryByText(OFFLINE_TEXT)).not.toBeInTheDocument();
  });

  it('shows to a visitor who is not signed in too', async () => {
    renderSignedIn(<AppHeader />);
    goOffline();
    expect(await screen.findByText(OFFLINE_TEXT)).toBeInTheDocument();
  });
});

describe('a network that answers nothing', () => {
  it('shows the offline banner, and keeps the bell and the avatar though the account cannot load', async () => {
    signInAs(USER_A);
    const { network } = renderSignedIn(<AppHeader />, {
      'GET /api/account/me': () => {
        throw new TypeError('Failed to fetch');
      },
      'GET /api/notifications/inbox': () => {
        throw new TypeError('Failed to fetch');
      },
      // Asked 1–2 s after the failure (use-reconnect.ts), on a loaded machine within the test.
      'GET /api/health': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const banner = await within(header()).findByRole('status');
    expect(banner).toHaveTextContent(OFFLINE_TEXT);
    expect(navigator.onLine).toBe(true);
    expect(await screen.findByRole('link', { name: 'Mina sidor' })).toHaveTextContent('AK');
    expect(screen.getByRole('button', { name: 'Notiser' })).toBeInTheDocument();
    expect(network.callsTo('GET /api/account/me').length).toBeGreaterThan(0);
  });

  it('goes when a call gets a reply again', async () => {
    signInAs(USER_A);
    renderSignedIn(<AppHeader />);
    await screen.findByRole('link', { name: 'Mina sidor' });
    act(() => reportNoReply());
    expect(await screen.findByText(OFFLINE_TEXT)).toBeInTheDocument();
    act(() => reportReply());
    expect(screen.queryByText(OFFLINE_TEXT)).not.toBeInTheDocument();
  });
});

describe('unsent count', () => {
  it('is hidden at 0 and counts the changes of every protocol as they come', async () => {
    signInAs(USER_A);
    renderSignedIn(<AppHeader />);
    await screen.findByRole('link', { name: 'Mina sidor' });
    expect(screen.queryByText(/osynkade/)).not.toBeInTheDocument();

    await act(() => enqueue(heatEntry(USER_A, 'm1', 1)));
    const one = await screen.findByRole('link', { name: '1 ändringar väntar på att skickas' });
    expect(one).toHaveTextContent('1 osynkade');

    await act(() => enqueue(heatEntry(USER_A, 'm2', 1)));
    await act(() => enqueue(heatEntry(USER_A, 'm2', 2)));
    const three = await screen.findByRole('link', { name: '3 ändringar väntar på att skickas' });
    expect(three).toHaveTextContent('3 osynkade');
  });

  it('leaves the title readable on a narrow phone (it was cut to “Spee…”)', async () => {
    signInAs(USER_A);
    renderSignedIn(<AppHeader />);
    await act(() => enqueue(heatEntry(USER_A, 'm1', 1)));
    const badge = await screen.findByRole('link', { name: '1 ändringar väntar på att skickas' });
    // jsdom lays nothing out, so this checks the means (the layout was looked at in Chromium at
    // 320 and 390 px): the badge can shrink to its count, keeping its full name …
    expect(within(badge).getByText('osynkade')).toHaveClass('max-[479px]:sr-only');
    // … and on a phone the title takes the room the buttons leave and wraps rather than being cut.
    const title = within(header()).getByText('Speedway Elitserien');
    expect(title.parentElement).toHaveClass('max-md:@container', 'max-md:flex-1');
    expect(title).toHaveClass('@max-[10.75rem]:whitespace-normal', '@max-[10.75rem]:line-clamp-2');
  });

  it('leads to the oldest change’s protocol, or first to one that waits for a choice', async () => {
    signInAs(USER_A);
    await enqueue(heatEntry(USER_A, 'm1', 1));
    const later = await enqueue(heatEntry(USER_A, 'm2', 1));
    const { router } = renderSignedIn(<AppHeader />);
    const link = await screen.findByRole('link', { name: '2 ändringar väntar på att skickas' });
    expect(link).toHaveAttribute('href', '/match/m1');

    await act(async () => {
      await updateEntry(later.seq, (entry) => ({ ...entry, state: 'conflict' }));
      const { emitOutboxEvent } = await import('@/lib/offline/events');
      emitOutboxEvent({ type: 'changed', userId: USER_A });
    });
    await waitFor(() => expect(link).toHaveAttribute('href', '/match/m2'));

    await userEvent.setup().click(link);
    expect(router.state.location.pathname).toBe('/match/m2');
  });

  it("never shows another user's changes", async () => {
    await enqueue(heatEntry(USER_A, 'm1', 1));
    await enqueue(heatEntry(USER_A, 'm1', 2));
    await enqueue(heatEntry(USER_B, 'm2', 1));
    signInAs(USER_B);
    renderSignedIn(<AppHeader />);
    // The count once the outbox has answered for user B: B's one change, none of A's two.
    const link = await screen.findByRole('link', { name: '1 ändringar väntar på att skickas' });
    expect(link).toHaveAttribute('href', '/match/m2');
    expect(screen.queryByText(/[23] osynkade/)).not.toBeInTheDocument();
  });
});

describe('full disk', () => {
  it('says so when a change could not be kept and nobody else did, until closed', async () => {
    signInAs(USER_A);
    renderSignedIn(<AppHeader />);
    goOffline();
    await screen.findByText(OFFLINE_TEXT);

    act(() => {
      const event = new Event('unhandledrejection') as PromiseRejectionEvent;
      Object.defineProperty(event, 'reason', { value: new StorageFullError() });
      window.dispatchEvent(event);
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(STORAGE_FULL_MESSAGE);

    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Stäng' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
