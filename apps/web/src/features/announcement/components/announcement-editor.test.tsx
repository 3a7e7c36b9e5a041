import type { Announcement } from '@speedway/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeAccount, signInAs } from '@/testing/data';
import { apiError, stubFetch } from '@/testing/fetch-stub';
import { layoutRoutes } from '@/testing/layout-routes';
import { makeTeam } from '@/testing/protocol-data';
import { findToast, renderApp } from '@/testing/render';

const ID = '0b9c3f7e-2a51-4d6b-9d3e-5a1c2b3d4e5f';

function saved(change: Partial<Announcement> = {}): Announcement {
  return {
    id: ID,
    version: 0,
    message: '',
    level: 'info',
    active: false,
    dismissible: true,
    expiresAt: null,
    updatedAt: '2026-05-01T10:00:00Z',
    ...change,
  };
}

function asSuperAdmin(routes: Parameters<typeof stubFetch>[0]) {
  signInAs('super_admin');
  return stubFetch({
    ...layoutRoutes(),
    'GET /api/account/me': { json: makeAccount({ role: 'super_admin' }) },
    ...routes,
  });
}

// The first visit transforms the admin chunks on the fly.
describe('the announcement editor on /admin', { timeout: 15_000 }, () => {
  beforeAll(async () => {
    await import('@/app/layouts/admin-layout');
    await import('@/app/routes/admin/overview');
  });

  it('publishes an announcement, checking the message first', async () => {
    const network = asSuperAdmin({
      'GET /api/system/announcement': { json: saved() },
      'PUT /api/system/announcement': (request) => ({
        json: saved({ ...(request.body as Partial<Announcement>), version: 1 }),
      }),
    });
    const user = userEvent.setup();
    renderApp('/admin');
    const close = await screen.findByRole('button', { name: 'Stäng meddelande' });
    expect(close).toBeDisabled();
    expect(screen.getByText('Inte aktivt')).toBeInTheDocument();

    await user.click(screen.getByRole('switch', { name: 'Aktivt' }));
    expect(close).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Spara meddelande' }));
    expect(
      await screen.findByText('Meddelandet måste fyllas i för att kunna aktiveras.'),
    ).toBeInTheDocument();
    expect(network.callsTo('PUT /api/system/announcement')).toHaveLength(0);

    await user.type(screen.getByLabelText('Meddelande'), 'Serverunderhåll i kväll kl. 22.');
    await user.selectOptions(screen.getByLabelText('Nivå'), 'Varning');
    await user.click(screen.getByRole('switch', { name: 'Användaren kan stänga meddelandet' }));
    // The preview shows it as the banner will.
    expect(screen.getByRole('region', { name: 'Meddelande' })).toHaveAttribute(
      'data-level',
      'warning',
    );
    await user.click(screen.getByRole('button', { name: 'Spara meddelande' }));
    await findToast('Meddelandet uppdaterades.');
    expect(network.callsTo('PUT /api/system/announcement')[0]?.body).toEqual({
      message: 'Serverunderhåll i kväll kl. 22.',
      level: 'warning',
      active: true,
      dismissible: false,
      expiresAt: null,
    });
    expect(await screen.findByText('Publicerat')).toBeInTheDocument();
  });

  it('closes the announcement, and says so when that fails', async () => {
    let fail = true;
    asSuperAdmin({
      'GET /api/system/announcement': {
        json: saved({ version: 2, active: true, message: 'Hej alla!' }),
      },
      'DELETE /api/system/announcement': () =>
        fail
          ? apiError(500, 'INTERNAL_ERROR', 'Serverfel')
          : { json: saved({ version: 3, active: false, message: 'Hej alla!' }) },
    });
    const user = userEvent.setup();
    renderApp('/admin');
    const close = await screen.findByRole('button', { name: 'Stäng meddelande' });
    expect(close).toBeEnabled();
    await user.click(close);
    await findToast('Kunde inte avaktivera meddelandet');
    fail = false;
    await user.click(close);
    await findToast('Meddelandet avaktiverades.');
    await waitFor(() => expect(close).toBeDisabled());
    expect(screen.getByRole('switch', { name: 'Aktivt' })).not.toBeChecked();
  });

  it("says 'Kunde inte spara meddelandet' when the save fails", async () => {
    asSuperAdmin({
      'GET /api/system/announcement': { json: saved({ message: 'Hej' }) },
      'PUT /api/system/announcement': apiError(
        400,
        'VALIDATION_ERROR',
        'Utgångsdatumet har redan passerat. Välj en senare tidpunkt.',
      ),
    });
    const user = userEvent.setup();
    renderApp('/admin');
    await user.click(await screen.findByRole('button', { name: 'Spara meddelande' }));
    await findToast('Kunde inte spara meddelandet');
    await findToast('Utgångsdatumet har redan passerat. Välj en senare tidpunkt.');
  });

  it("says 'Kunde inte hämta meddelandet' when it cannot be loaded", async () => {
    asSuperAdmin({ 'GET /api/system/announcement': apiError(403, 'FORBIDDEN', 'Nej') });
    renderApp('/admin');
    expect(await screen.findByText('Kunde inte hämta meddelandet')).toBeInTheDocument();
  });

  it('is for a super_admin only; a club_admin sees the overview without it', async () => {
    signInAs('club_admin', { club_slug: 'vargarna' });
    stubFetch({
      ...layoutRoutes(),
      'GET /api/account/me': { json: makeAccount({ role: 'club_admin', club_slug: 'vargarna' }) },
      'GET /api/teams': { json: [makeTeam()] },
    });
    renderApp('/admin');
    expect(await screen.findByRole('heading', { name: 'Översikt' })).toBeInTheDocument();
    const info = screen.getByRole('heading', { name: 'Snabbinfo' }).closest('[data-slot="card"]');
    expect(within(info as HTMLElement).getByText('Klubbadmin')).toBeInTheDocument();
    // The club by its name (makeTeam: 'vargarna' is Vargarna).
    expect(await within(info as HTMLElement).findByText('Vargarna')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Hantera annonser' })).toHaveAttribute(
      'href',
      '/admin/ads',
    );
    expect(screen.getByRole('link', { name: 'Skapa ny annons' })).toHaveAttribute(
      'href',
      '/admin/ads/new',
    );
    expect(screen.queryByRole('heading', { name: 'Globalt meddelande' })).toBeNull();
  });
});
