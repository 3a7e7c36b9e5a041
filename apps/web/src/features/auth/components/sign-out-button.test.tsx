import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderSignedIn, signInAs } from '@/features/offline/testing/render-signed-in';
import { closeOfflineDb, listEntries } from '@/lib/offline/db';
import { enqueue } from '@/lib/offline/outbox';
import { heatEntry } from '@/lib/offline/testing/entries';
import { freshIndexedDb } from '@/lib/offline/testing/fake-server';
import { STORAGE_KEYS } from '@/lib/storage';
import { LOGOUT_DELAY_MS } from '../hooks/use-sign-out';
import { SignOutButton } from './sign-out-button';
import { DISCARD_FAILED } from './sign-out-warning-dialog';

const LOGOUT = { 'POST /api/auth/logout': { json: { message: 'Du har loggats ut.' } } };

beforeEach(freshIndexedDb);
afterEach(closeOfflineDb);

async function withUnsent(userId: string, n: number) {
  for (let heat = 1; heat <= n; heat += 1) await enqueue(heatEntry(userId, 'm1', heat));
}

function renderButton() {
  return renderSignedIn(<SignOutButton />, LOGOUT);
}

const where = () => screen.getByTestId('where').textContent;
const signedIn = () => localStorage.getItem(STORAGE_KEYS.token) !== null;

describe('sign-out without unsent changes', () => {
  it('signs out after the short pause, as before, without asking', async () => {
    signInAs('user-a');
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
    await withUnsent('user-a', 2);
    signInAs('user-b');
    renderButton();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Logga ut' }));
    await waitFor(() => expect(where()).toBe('/auth'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('sign-out with unsent changes', () => {
  async function ask(user = userEvent.setup()) {
    await user.click(screen.getByRole('button', { name: 'Logga ut' }));
    return screen.findByRole('dialog', { name: 'Osynkade ändringar' });
  }

  it('asks first, with how many; Avbryt stays signed in', async () => {
    await withUnsent('user-a', 2);
    signInAs('user-a');
    const { network } = renderButton();
    const user = userEvent.setup();
    const dialog = await ask(user);
    expect(dialog).toHaveTextContent(
      '2 ändringar har inte skickats. Loggar du ut ligger de kvar på enheten och skickas när du loggar in igen.',
    );

    await user.click(within(dialog).getByRole('button', { name: 'Avbryt' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await new Promise((resolve) => setTimeout(resolve, LOGOUT_DELAY_MS + 50));
    expect(signedIn()).toBe(true);
    expect(where()).toBe('/');
    expect(network.callsTo('POST /api/auth/logout')).toHaveLength(0);
    expect(await listEntries('user-a')).toHaveLength(2);
  });

  it("'Logga ut ändå' signs out and keeps the changes on the device", async () => {
    await withUnsent('user-a', 3);
    signInAs('user-a');
    const { network } = renderButton();
    const user = userEvent.setup();
    const dialog = await ask(user);

    await user.click(within(dialog).getByRole('button', { name: 'Logga ut ändå' }));
    await waitFor(() => expect(where()).toBe('/auth'));
    expect(signedIn()).toBe(false);
    expect(network.callsTo('POST /api/auth/logout')).toHaveLength(1);
    expect(await listEntries('user-a')).toHaveLength(3);
  });

  it("'Radera ändringarna och logga ut' deletes this user's changes, then signs out", async () => {
    await withUnsent('user-a', 2);
    await withUnsent('user-b', 1);
    signInAs('user-a');
    renderButton();
    const user = userEvent.setup();
    const dialog = await ask(user);

    await user.click(
      within(dialog).getByRole('button', { name: 'Radera ändringarna och logga ut' }),
    );
    await waitFor(() => expect(where()).toBe('/auth'));
    expect(signedIn()).toBe(false);
    expect(await listEntries('user-a')).toEqual([]);
    expect(await listEntries('user-b')).toHaveLength(1);
  });

  it('stays signed in and says so when the changes cannot be deleted', async () => {
    await withUnsent('user-a', 1);
    signInAs('user-a');
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

    await user.click(
      within(dialog).getByRole('button', { name: 'Radera ändringarna och logga ut' }),
    );
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(DISCARD_FAILED);
    await new Promise((resolve) => setTimeout(resolve, LOGOUT_DELAY_MS + 50));
    expect(signedIn()).toBe(true);
    expect(where()).toBe('/');
  });
});
