import 'fake-indexeddb/auto';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderSignedIn, signInAs } from '@/features/offline/testing/render-signed-in';
import { closeOfflineDb } from '@/lib/offline/db';
import { enqueue } from '@/lib/offline/outbox';
import { heatEntry } from '@/lib/offline/testing/entries';
import { freshIndexedDb } from '@/lib/offline/testing/fake-server';
import { AdminLayout } from './admin-layout';

beforeEach(freshIndexedDb);
afterEach(closeOfflineDb);

describe('the admin header', () => {
  it('warns before signing out with unsynced protocol changes, as the app header does', async () => {
    await enqueue(heatEntry('admin-1', 'm1', 1));
    signInAs('admin-1');
    renderSignedIn(<AdminLayout />);

    await userEvent.setup().click(await screen.findByRole('button', { name: 'Logga ut' }));

    expect(await screen.findByRole('dialog', { name: 'Osynkade ändringar' })).toHaveTextContent(
      '1 ändring har inte skickats. Loggar du ut ligger den kvar på enheten',
    );
    expect(screen.getByTestId('where')).toHaveTextContent('/');
  });
});
