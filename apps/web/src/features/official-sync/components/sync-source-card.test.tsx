import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiError } from '@/testing/fetch-stub';
import { findToast, renderApp } from '@/testing/render';
import { asSuperAdmin, makeRun, makeStatus, TA_URL } from '../testing/sync-data';

const NEW_RUN_ID = '7d3a2f9b-5c4e-4f6a-8b2c-3d4e5f6a7b81';

async function cardTitled(title: string | RegExp) {
  const heading = await screen.findByRole('heading', { name: title });
  return heading.closest<HTMLElement>('[data-slot="card"]')!;
}

// The first visit transforms the admin chunks on the fly.
describe('the source card on /admin/official-data', { timeout: 20_000 }, () => {
  beforeAll(async () => {
    await import('@/app/layouts/admin-layout');
    await import('@/app/routes/admin/official-data');
  });

  it('names the source, its seasons and series, and the last and next run in Swedish', async () => {
    asSuperAdmin();
    renderApp('/admin/official-data');
    expect(await screen.findByRole('heading', { level: 1, name: 'Officiella data' })).toBeVisible();
    const card = await cardTitled('Källa: Svemo TA');
    const address = within(card).getByRole('link', { name: `${TA_URL} (öppnas i en ny flik)` });
    expect(address).toHaveAttribute('href', TA_URL);
    expect(address).toHaveAttribute('target', '_blank');
    expect(address.getAttribute('rel')).toContain('noopener');
    expect(card).toHaveTextContent('Säsonger2026');
    expect(card).toHaveTextContent('SerieElitserien');
    // The times are shown in the machine's zone: the minutes are the same in any whole-hour zone.
    expect(card).toHaveTextContent(/Senaste körning12 maj 2026 \d\d:57Klar/);
    expect(card).toHaveTextContent(/Nästa körning12 maj 2026 \d\d:00/);
    expect(within(card).getByRole('button', { name: 'Synka nu' })).toBeEnabled();
  });

  it("explains OFFICIAL_SOURCE when no source is set, and offers no 'Synka nu'", async () => {
    asSuperAdmin({
      'GET /api/admin/official-sync': {
        json: makeStatus({ source: 'none', url: null, last_run: null, next_run_at: null }),
      },
      'GET /api/admin/official-sync/runs': { json: { runs: [] } },
    });
    renderApp('/admin/official-data');
    const card = await cardTitled('Ingen källa är inställd');
    expect(card).toHaveTextContent('OFFICIAL_SOURCE=svemo-ta');
    expect(card).toHaveTextContent('Senaste körningIngen ännu');
    expect(card).toHaveTextContent('Nästa körningInte schemalagd');
    expect(within(card).getByRole('button', { name: 'Synka nu' })).toBeDisabled();
    expect(await screen.findByText('Inga körningar ännu.')).toBeInTheDocument();
  });

  it("starts a run with 'Synka nu', says so, and follows the run until it is done", async () => {
    let phase: 'idle' | 'running' | 'done' = 'idle';
    const running = makeRun({
      id: NEW_RUN_ID,
      trigger: 'manual',
      status: 'running',
      started_at: '2026-05-12T18:10:00Z',
      finished_at: null,
      counts: { seen: 0, imported: 0, updated: 0, unchanged: 0, refused: 0 },
    });
    const done = {
      ...running,
      status: 'done' as const,
      finished_at: '2026-05-12T18:11:00Z',
      counts: { seen: 14, imported: 0, updated: 1, unchanged: 13, refused: 0 },
    };
    const network = asSuperAdmin({
      'GET /api/admin/official-sync': () => ({
        json: makeStatus(
          phase === 'running'
            ? { running, last_run: running }
            : phase === 'done'
              ? { last_run: done }
              : {},
        ),
      }),
      'GET /api/admin/official-sync/runs': () => ({
        json: {
          runs: phase === 'idle' ? [makeRun()] : [phase === 'running' ? running : done, makeRun()],
        },
      }),
      'POST /api/admin/official-sync': () => {
        phase = 'running';
        return {
          status: 202,
          json: { id: NEW_RUN_ID, message: 'Synkningen har startat.' },
        };
      },
    });
    const user = userEvent.setup();
    renderApp('/admin/official-data');
    const card = await cardTitled('Källa: Svemo TA');
    await user.click(within(card).getByRole('button', { name: 'Synka nu' }));
    await findToast('Synkningen har startat.');
    expect(network.callsTo('POST /api/admin/official-sync')[0]?.body).toEqual({});

    // Running: the button waits, the card and the list say so.
    await waitFor(() =>
      expect(within(card).getByRole('button', { name: 'Synka nu' })).toBeDisabled(),
    );
    expect(within(card).getByText(/^En körning pågår sedan \d\d:10\.$/)).toBeInTheDocument();
    const runs = await cardTitled('Körningar');
    expect(await within(runs).findByText('Pågår')).toBeInTheDocument();
    expect(within(runs).getByText('Manuell')).toBeInTheDocument();

    // The screen asks again (every 2 s) and shows the run finishing.
    phase = 'done';
    await findToast('Synkningen är klar');
    await waitFor(() =>
      expect(within(card).getByRole('button', { name: 'Synka nu' })).toBeEnabled(),
    );
    await waitFor(() => expect(within(runs).queryByText('Pågår')).toBeNull());
    const newest = within(runs).getAllByRole('article')[0]!;
    expect(newest).toHaveTextContent('Manuell');
    expect(newest).toHaveTextContent('Klar');
    expect(newest).toHaveTextContent('Oförändrade13');
  });

  it("shows the server's words when a run cannot start", async () => {
    const network = asSuperAdmin({
      'POST /api/admin/official-sync': apiError(
        409,
        'SYNC_RUNNING',
        'En synkning pågår redan. Vänta tills den är klar.',
      ),
    });
    const user = userEvent.setup();
    renderApp('/admin/official-data');
    const card = await cardTitled('Källa: Svemo TA');
    await user.click(within(card).getByRole('button', { name: 'Synka nu' }));
    await findToast('En synkning pågår redan. Vänta tills den är klar.');
    expect(network.callsTo('POST /api/admin/official-sync')).toHaveLength(1);
    // The status is asked again: the refusal means a run started elsewhere.
    await waitFor(() =>
      expect(network.callsTo('GET /api/admin/official-sync').length).toBeGreaterThan(1),
    );
  });
});
