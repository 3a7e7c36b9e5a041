import 'fake-indexeddb/auto';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  renderSignedIn,
  signInAs,
  USER_A,
  USER_B,
} from '@/features/offline/testing/render-signed-in';
import { closeOfflineDb, listEntries } from '@/lib/offline/db';
import { enqueue } from '@/lib/offline/outbox';
import { heatEntry } from '@/lib/offline/testing/entries';
import { closeOutbox, freshIndexedDb } from '@/lib/offline/testing/fake-server';
import { STORAGE_KEYS } from '@/lib/storage';
import { LOGOUT_DELAY_MS } from '../hooks/use-sign-out';
import { SignOutButton } from './sign-out-button';
import { DISCARD_FAILED } from './sign-out-warning-dialog';

const LOGOUT = { 'POST /api/auth/logout': { json: { message: 'Du har loggats ut.' } } };

beforeEach(freshIndexedDb);
afterEach(closeOutbox);

async function withUnsent(userId: string, n: number) {
  for (let heat = 1; heat <= n; heat += 1) await enqueue(heatEntry(userId, 'm1', heat));
}

function renderButton() {
  return renderSignedIn(<SignOutButton />, LOGOUT);
}

/**
 * From now on the page's timeouts run on the test's clock (IndexedDB's setImmediate stays real):
 * `pastLogoutDelay` runs out the pause before a sign-out, so one that was started has happened.
 */
function fakeClock() {
  // Still moving with real time, for what else waits on a timeout (the dialog, user-event).
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
  return {
    user: userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) }),
    pastLogoutDelay: () => act(() => vi.advanceTimersByTimeAsync(LOGOUT_DELAY_MS)),
  };
}

const where = () => screen.getByTestId('where').textContent;
const signedIn = () => localStorage.getItem(STORAGE_KEYS.token) !== null;

describe('sign-out without unsent changes', () => {
  it('signs out after the short pause, as before, without asking', async () => {
    signInAs(USER_A);
    const { network } = renderButton();
    const button = screen.getByRole('button', { name: 'Logga ut' });
    await userEvent.setup().click(button);
    const clickedAt = Date.now();

    await waitFor(() => expect(button).toBeDisabled());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(where()).toBe('/auth'));
    expect(Date.now() - clickedAt).toBeGreaterThanOrEqual(LOGOUT_DELAY_MS - 50);
    expect(signedIn()).toBe(false);
    expect(network.callsTo('POST /api/auth/logout')).toHaveLength(1);
  });

  it("is not asked about another user's changes", async () => {
    await withUnsent(USER_A, 2);
    signInAs(USER_B);
    renderButton();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Logga ut' }));
    await waitFor(() => expect(where()).toBe('/auth'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('sign-out with unsent changes', () => {
  async function ask(user = userEvent.setup()) {
    await user.click(screen.getByRole('button', { name: 'Logga ut' }));
    const dialog = await screen.findByRole('dialog', { name: 'Osynkade ändringar' });
    // Radix renders the dialog a moment before its layer takes the pointer back from the body
    // (pointer-events: none until then), as a person would not yet see it to press it.
    await waitFor(() => expect(getComputedStyle(dialog).pointerEvents).not.toBe('none'));
    return dialog;
  }

  it('asks first, with how many; Avbryt stays signed in', async () => {
    await withUnsent(USER_A, 2);
    signInAs(USER_A);
    const { network } = renderButton();
    const user = userEvent.setup();
    const dialog = await ask(user);
    expect(dialog).toHaveTextContent(
      '2 ändringar har inte skickats. Loggar du ut ligger de kvar på enheten och skickas när du loggar in igen.',
    );

    // On a clock of the test's: a sign-out started by the click would be due after the pause.
    const clock = fakeClock();
    await clock.user.click(within(dialog).getByRole('button', { name: 'Avbryt' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await clock.pastLogoutDelay();
    expect(signedIn()).toBe(true);
    expect(where()).toBe('/');
    expect(network.callsTo('POST /api/auth/logout')).toHaveLength(0);
    expect(await listEntries(USER_A)).toHaveLength(2);
  });

  it("'Logga ut ändå' signs out and keeps the changes on the device", async () => {
    await withUnsent(USER_A, 3);
    signInAs(USER_A);
    const { network } = renderButton();
    const user = userEvent.setup();
    const dialog = await ask(user);

    await user.click(within(dialog).getByRole('button', { name: 'Logga ut ändå' }));
    await waitFor(() => expect(where()).toBe('/auth'));
    expect(signedIn()).toBe(false);
    expect(network.callsTo('POST /api/auth/logout')).toHaveLength(1);
    expect(await listEntries(USER_A)).toHaveLength(3);
  });

  it("'Radera ändringarna och logga ut' deletes this user's changes, then signs out", async () => {
    await withUnsent(USER_A, 2);
    await withUnsent(USER_B, 1);
    signInAs(USER_A);
    renderButton();
    const user = userEvent.setup();
    const dialog = await ask(user);

    await user.click(
      within(dialog).getByRole('button', { name: 'Radera ändringarna och logga ut' }),
    );
    await waitFor(() => expect(where()).toBe('/auth'));
    expect(signedIn()).toBe(false);
    expect(await listEntries(USER_A)).toEqual([]);
    expect(await listEntries(USER_B)).toHaveLength(1);
  });

  it('stays signed in and says so when the changes cannot be deleted', async () => {
    await withUnsent(USER_A, 1);
    signInAs(USER_A);
    renderButton();
    const user = userEvent.setup();
    const dialog = await ask(user);
    // The device's database is gone from here on: the delete fails.
    await closeOfflineDb();
    vi.stubGlobal('indexedDB', {
      open: () => {
        throw new DOMException('Nej.', 'UnknownError');
      },
    });

    const clock = fakeClock();
    await clock.user.click(
      within(dialog).getByRole('button', { name: 'Radera ändringarna och logga ut' }),
    );
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(DISCARD_FAILED);
    await clock.pastLogoutDelay();
    expect(signedIn()).toBe(true);
    expect(where()).toBe('/');
  });
});
