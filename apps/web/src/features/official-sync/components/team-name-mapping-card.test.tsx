import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TeamNameMapping } from '@speedway/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiError, type StubRequest } from '@/testing/fetch-stub';
import { findToast, renderApp } from '@/testing/render';
import { asSuperAdmin, makeMapping, TEAMS } from '../testing/sync-data';

const [VARGARNA, PIRATERNA, DACKARNA] = TEAMS as [
  (typeof TEAMS)[number],
  (typeof TEAMS)[number],
  (typeof TEAMS)[number],
];

async function mappingCard() {
  const heading = await screen.findByRole('heading', { level: 2, name: 'Lagnamn i Svemo TA' });
  return heading.closest<HTMLElement>('[data-slot="card"]')!;
}

// The first visit transforms the admin chunks on the fly.
describe('the team names on /admin/official-data', { timeout: 20_000 }, () => {
  beforeAll(async () => {
    await import('@/app/layouts/admin-layout');
    await import('@/app/routes/admin/official-data');
  });

  it('lists each TA name with its team and saves a new choice', async () => {
    let mappings: TeamNameMapping[] = [
      makeMapping('Piraterna', PIRATERNA, 'Pir'),
      makeMapping('Team Dackarna', VARGARNA, 'Dac'),
    ];
    const network = asSuperAdmin({
      'GET /api/admin/official-sync/team-names': () => ({ json: { mappings } }),
      'PUT /api/admin/official-sync/team-names': (request: StubRequest) => {
        const body = request.body as { source_name: string; team_slug: string };
        const team = TEAMS.find((t) => t.slug === body.team_slug)!;
        const saved = makeMapping(body.source_name, team, 'Dac');
        mappings = mappings.map((m) => (m.source_name === saved.source_name ? saved : m));
        return { json: saved };
      },
    });
    const user = userEvent.setup();
    renderApp('/admin/official-data');
    const card = await mappingCard();
    const row = (
      await within(card).findByRole('heading', { level: 3, name: 'Team Dackarna' })
    ).closest('form')!;
    expect(row).toHaveTextContent('Förkortning: Dac · Kopplat till Vargarna');
    const select = within(row).getByLabelText('Lag för Team Dackarna');
    await waitFor(() => expect(select).toBeEnabled());
    expect(select).toHaveValue('vargarna');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Dackarna', 'Piraterna', 'Vargarna']);
    const save = within(row).getByRole('button', { name: 'Spara Team Dackarna' });
    expect(save).toBeDisabled();

    await user.selectOptions(select, DACKARNA.name);
    await user.click(save);
    await findToast('Team Dackarna går nu till Dackarna.');
    expect(network.callsTo('PUT /api/admin/official-sync/team-names').map((c) => c.body)).toEqual([
      { source_name: 'Team Dackarna', team_slug: 'dackarna' },
    ]);
    await waitFor(() => expect(row).toHaveTextContent('Kopplat till Dackarna'));
    expect(select).toHaveValue('dackarna');
    expect(save).toBeDisabled();
  });

  it('maps a new name, checking it first, and shows a refusal in the server’s words', async () => {
    let unknownTeam = true;
    const network = asSuperAdmin({
      'PUT /api/admin/official-sync/team-names': (request: StubRequest) => {
        if (unknownTeam) return apiError(404, 'NOT_FOUND', 'Laget finns inte.');
        const body = request.body as { source_name: string; team_slug: string };
        return { json: makeMapping(body.source_name, PIRATERNA, null) };
      },
    });
    const user = userEvent.setup();
    renderApp('/admin/official-data');
    const card = await mappingCard();
    expect(
      await within(card).findByText('Inga lagnamn ännu. De visas här efter den första körningen.'),
    ).toBeInTheDocument();
    const form = within(card)
      .getByRole('heading', { level: 3, name: 'Koppla ett nytt namn' })
      .closest('form')!;
    await user.click(within(form).getByRole('button', { name: 'Koppla namnet' }));
    expect(within(form).getByText('Ange lagnamnet som det står i Svemo TA.')).toBeInTheDocument();
    expect(within(form).getByText('Välj ett lag.')).toBeInTheDocument();
    expect(network.callsTo('PUT /api/admin/official-sync/team-names')).toHaveLength(0);

    await user.type(within(form).getByLabelText('Namn i Svemo TA'), '  Lejonen Piraterna ');
    await waitFor(() => expect(within(form).getByLabelText('Lag')).toBeEnabled());
    await user.selectOptions(within(form).getByLabelText('Lag'), PIRATERNA.name);
    await user.click(within(form).getByRole('button', { name: 'Koppla namnet' }));
    await findToast('Laget finns inte.');

    unknownTeam = false;
    await user.click(within(form).getByRole('button', { name: 'Koppla namnet' }));
    await findToast('Lejonen Piraterna går nu till Piraterna.');
    expect(network.callsTo('PUT /api/admin/official-sync/team-names').map((c) => c.body)).toEqual([
      { source_name: 'Lejonen Piraterna', team_slug: 'piraterna' },
      { source_name: 'Lejonen Piraterna', team_slug: 'piraterna' },
    ]);
    expect(within(form).getByLabelText('Namn i Svemo TA')).toHaveValue('');
  });
});
