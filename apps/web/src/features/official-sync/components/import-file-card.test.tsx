import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiError } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render';
import { asSuperAdmin } from '../testing/sync-data';

const DOCUMENT = {
  format: 'speedway-official/1',
  season: 2026,
  teams: [{ slug: 'piraterna', name: 'Piraterna' }],
  matches: [],
};

function jsonFile(content: string, name = 'elitserien-2026.json') {
  return new File([content], name, { type: 'application/json' });
}

async function importCard() {
  const heading = await screen.findByRole('heading', { level: 2, name: 'Importera fil' });
  return heading.closest<HTMLElement>('[data-slot="card"]')!;
}

// The first visit transforms the admin chunks on the fly.
describe('Importera fil on /admin/official-data', { timeout: 20_000 }, () => {
  beforeAll(async () => {
    await import('@/app/layouts/admin-layout');
    await import('@/app/routes/admin/official-data');
  });

  it("posts the file's JSON and shows the server's answer", async () => {
    const network = asSuperAdmin({
      'POST /api/official-matches/import': {
        json: {
          message: 'Importen är klar: 1 match skapades.',
          teams: { created: 0, updated: 1 },
          riders_created: 0,
          matches: { created: 1, updated: 0 },
          results: 0,
        },
      },
    });
    const user = userEvent.setup();
    renderApp('/admin/official-data');
    const card = await importCard();
    const input = within(card).getByLabelText('Fil att importera');
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAttribute('accept', '.json,application/json');

    await user.upload(input, jsonFile(JSON.stringify(DOCUMENT)));
    await user.click(within(card).getByRole('button', { name: 'Importera' }));
    expect(await within(card).findByRole('status')).toHaveTextContent(
      'Importen är klar: 1 match skapades.',
    );
    expect(network.callsTo('POST /api/official-matches/import')[0]?.body).toEqual(DOCUMENT);
  });

  it('shows a rejection line by line', async () => {
    const message = [
      'Importen avvisades, inget sparades:',
      'matches[1] (fx-new): home: okänt lag "okand" (saknas i filens teams och i databasen)',
      'matches[2] (fx-2): date: ogiltigt datum',
    ].join('\n');
    asSuperAdmin({
      'POST /api/official-matches/import': apiError(400, 'INVALID_OFFICIAL_DATA', message),
    });
    const user = userEvent.setup();
    renderApp('/admin/official-data');
    const card = await importCard();
    await user.upload(within(card).getByLabelText('Fil att importera'), jsonFile('{"x":1}'));
    await user.click(within(card).getByRole('button', { name: 'Importera' }));
    const alert = await within(card).findByRole('alert');
    const text = within(alert).getByText(/^Importen avvisades/);
    expect(text.textContent).toBe(message);
    expect(text).toHaveClass('whitespace-pre-line');
  });

  it('refuses a file that is not JSON without calling the server', async () => {
    const network = asSuperAdmin({});
    const user = userEvent.setup();
    renderApp('/admin/official-data');
    const card = await importCard();
    await user.click(within(card).getByRole('button', { name: 'Importera' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent('Välj en fil först.');

    await user.upload(
      within(card).getByLabelText('Fil att importera'),
      jsonFile('<html>inte json</html>', 'resultat.json'),
    );
    // Choosing another file clears the old message.
    await waitFor(() => expect(within(card).queryByRole('alert')).toBeNull());
    await user.click(within(card).getByRole('button', { name: 'Importera' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent(
      'Filen resultat.json är inte giltig JSON och skickades inte.',
    );
    expect(network.callsTo('POST /api/official-matches/import')).toHaveLength(0);
  });
});
