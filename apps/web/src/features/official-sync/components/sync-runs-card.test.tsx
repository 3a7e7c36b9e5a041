import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { holdReply } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render';
import { asSuperAdmin, makeRun } from '../testing/sync-data';
import { REFUSALS_SHOWN } from './sync-runs-card';

const OLDER_ID = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const FOLDER_ID = '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e';
const SCORECARD =
  'https://ta.svemo.se/public/pages/competition/CompetitionHeatSchema.aspx?CompetitionId=1259';

async function runsCard() {
  const heading = await screen.findByRole('heading', { level: 2, name: 'Körningar' });
  return heading.closest<HTMLElement>('[data-slot="card"]')!;
}

// The first visit transforms the admin chunks on the fly.
describe('the runs on /admin/official-data', { timeout: 20_000 }, () => {
  beforeAll(async () => {
    await import('@/app/layouts/admin-layout');
    await import('@/app/routes/admin/official-data');
  });

  it('lists the runs newest first with their trigger, state, counts and refused pages', async () => {
    const runs = holdReply();
    asSuperAdmin({ 'GET /api/admin/official-sync/runs': runs.handler });
    renderApp('/admin/official-data');
    const card = await runsCard();
    expect(card.querySelector('[aria-busy="true"]')).not.toBeNull();

    runs.release({
      json: {
        runs: [
          // Out of order on purpose: the list still shows the newest first.
          makeRun({
            id: OLDER_ID,
            trigger: 'command',
            origin: '/srv/official/2012',
            seasons: [2012],
            status: 'failed',
            started_at: '2026-05-10T08:00:00Z',
            error: 'Svemo TA svarade inte (tidsgränsen 30 s).',
            counts: { seen: 0, imported: 0, updated: 0, unchanged: 0, refused: 0 },
          }),
          makeRun({
            counts: { seen: 14, imported: 3, updated: 2, unchanged: 8, refused: 1 },
            refusals: [
              {
                external_id: '1259',
                title: '2012-07-24 Elitserien Omgång 11 Pir - Ham',
                url: SCORECARD,
                reason:
                  'Heat 7: Piraternas poäng (4) stämmer inte med lagets summa (5).\nSidan importerades inte.',
              },
            ],
          }),
          makeRun({
            id: FOLDER_ID,
            trigger: 'manual',
            origin: '/srv/official',
            started_at: '2026-05-01T08:00:00Z',
            counts: { seen: 1, imported: 0, updated: 0, unchanged: 0, refused: 1 },
            refusals: [
              {
                external_id: null,
                title: 'pir-ham.json',
                url: '/srv/official/pir-ham.json',
                reason: 'Okänt lag "Lejonen".',
              },
            ],
          }),
        ],
      },
    });

    const items = await within(card).findAllByRole('article');
    expect(
      items.map((item) => within(item).getByRole('heading', { level: 3 }).textContent),
    ).toEqual([
      expect.stringMatching(/^12 maj 2026/),
      expect.stringMatching(/^10 maj 2026/),
      expect.stringMatching(/^1 maj 2026/),
    ]);
    const [newest, failed, folder] = items as [HTMLElement, HTMLElement, HTMLElement];

    expect(within(newest).getByText('Schemalagd')).toBeInTheDocument();
    expect(within(newest).getByText('Klar')).toBeInTheDocument();
    for (const [label, value] of [
      ['Sedda', '14'],
      ['Importerade', '3'],
      ['Uppdaterade', '2'],
      ['Oförändrade', '8'],
      ['Avvisade', '1'],
    ] as const) {
      const term = within(newest).getByText(label, { selector: 'dt' });
      expect(term.nextElementSibling).toHaveTextContent(value);
    }
    const refused = within(newest).getByRole('group', { name: 'Avvisade sidor (1)' });
    expect(refused).toHaveTextContent('2012-07-24 Elitserien Omgång 11 Pir - Ham');
    const reason = within(refused).getByText(/^Heat 7: Piraternas poäng/);
    expect(reason).toHaveClass('whitespace-pre-line');
    expect(reason.textContent).toContain('(5).\nSidan importerades inte.');
    const link = within(refused).getByRole('link', {
      name: 'Öppna sidan 2012-07-24 Elitserien Omgång 11 Pir - Ham (öppnas i en ny flik)',
    });
    expect(link).toHaveAttribute('href', SCORECARD);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');

    // A failed run says why, in words and not only in red.
    expect(within(failed).getByText('Kommando')).toBeInTheDocument();
    expect(within(failed).getByText('Misslyckades')).toBeInTheDocument();
    expect(failed).toHaveTextContent('Fel: Svemo TA svarade inte (tidsgränsen 30 s).');

    // A file read from a folder is named, not linked.
    expect(within(folder).getByText('Manuell')).toBeInTheDocument();
    expect(within(folder).getByText('/srv/official/pir-ham.json')).toBeInTheDocument();
    expect(within(folder).getByText('Okänt lag "Lejonen".')).toBeInTheDocument();
    expect(within(folder).queryByRole('link')).toBeNull();
  });

  it("shows a run's first refused pages and the rest on asking", async () => {
    const refusals = Array.from({ length: 12 }, (_, i) => ({
      external_id: `svemo-ta-${1300 + i}`,
      title: `Match ${i + 1}`,
      url: null,
      reason: 'matchsidan finns inte i mappen',
    }));
    asSuperAdmin({
      'GET /api/admin/official-sync/runs': () => ({
        json: {
          runs: [
            makeRun({
              counts: { seen: 12, imported: 0, updated: 0, unchanged: 0, refused: 12 },
              refusals,
            }),
          ],
        },
      }),
    });
    renderApp('/admin/official-data');
    const card = await runsCard();
    const region = await within(card).findByRole('group', { name: 'Avvisade sidor (12)' });
    expect(within(region).getAllByRole('listitem')).toHaveLength(REFUSALS_SHOWN);
    const more = within(region).getByRole('button', { name: 'Visa alla 12 (7 till)' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(more);
    expect(within(region).getAllByRole('listitem')).toHaveLength(12);
    await userEvent.click(within(region).getByRole('button', { name: 'Visa färre' }));
    expect(within(region).getAllByRole('listitem')).toHaveLength(REFUSALS_SHOWN);
  });
});
