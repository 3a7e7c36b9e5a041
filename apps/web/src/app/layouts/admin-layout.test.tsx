import 'fake-indexeddb/auto';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderSignedIn, signInAs, USER_A } from '@/features/offline/testing/render-signed-in';
import { enqueue } from '@/lib/offline/outbox';
import { heatEntry } from '@/lib/offline/testing/entries';
import { closeOutbox, freshIndexedDb } from '@/lib/offline/testing/fake-server';
import { AdminLayout } from './admin-layout';

beforeEach(freshIndexedDb);
afterEach(closeOutbox);

describe('the admin header', () => {
  it('warns before signing out with unsynced protocol changes, as the app header does', async () => {
    await enqueue(heatEntry(USER_A, 'm1', 1));
    signInAs(USER_A);
    renderSignedIn(<AdminLayout />);

    await userEvent.setup().click(await screen.findByRole('button', { name: 'Logga ut' }));

    expect(await screen.findByRole('dialog', { name: 'Osynkade ändringar' })).toHaveTextContent(
      '1 ändring har inte skickats. Loggar du ut ligger den kvar på enheten',
    );
    expect(screen.getByTestId('where')).toHaveTextContent('/');
  });
});
