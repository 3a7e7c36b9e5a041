import { AD_CHANGED_MESSAGE, type Ad } from '@speedway/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeAccount, signInAs } from '@/testing/data';
import { apiError, holdReply, stubFetch } from '@/testing/fetch-stub';
import { findToast, renderApp } from '@/testing/render';
import { makeTeam } from '@/testing/protocol-data';
import { AD_ID, makeAd } from '../testing/ad-data';

type Routes = Parameters<typeof stubFetch>[0];

function asAdmin(role: 'club_admin' | 'super_admin', routes: Routes) {
  const who = role === 'club_admin' ? { role, club_slug: 'vargarna' } : { role };
  signInAs(role, who);
  return stubFetch({
    'GET /api/account/me': { json: makeAccount(who) },
    'GET /api/teams': { json: [makeTeam()] },
    ...routes,
  });
}

const SECOND_ID = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';

// The first visit transforms the admin chunks on the fly.
describe('/admin/ads', { timeout: 15_000 }, () => {
  beforeAll(async () => {
    await import('@/app/layouts/admin-layout');
    await import('@/app/routes/admin/ads');
  }, 60_000);

  it('shows skeleton rows while loading, then each ad with its numbers', async () => {
    const ads = holdReply();
    asAdmin('club_admin', { 'GET /api/ads': ads.handler });
    renderApp('/admin/ads');
    const table = await screen.findByRole('table', { name: 'Annonser' });
    expect(table).toHaveAttribute('aria-busy', 'true');
    expect(table.querySelectorAll('[data-slot="skeleton"]').length).toBeGreaterThan(0);

    ads.release({ json: [makeAd()] });
    const row = (await screen.findByText('Vårkampanj Vargarna')).closest('tr')!;
    const cells = within(row);
    // The club by its name, not its slug ('vargarna').
    expect(await cells.findByText('Vargarna')).toBeInTheDocument();
    expect(cells.queryByText('vargarna')).toBeNull();
    // What a moderator approves: the banner and where it leads.
    expect(cells.getByRole('img', { name: 'Bild: Vårkampanj Vargarna' })).toHaveAttribute(
      'src',
      'https://annonser.example/varkampanj.png',
    );
    expect(cells.getByRole('link', { name: 'https://vargarna.example/biljetter' })).toHaveAttribute(
      'href',
      'https://vargarna.example/biljetter',
    );
    expect(cells.getByText('Brons')).toBeInTheDocument();
    expect(cells.getByText('1 maj 2026').closest('td')).toHaveTextContent(
      /1 maj 2026 – 31 maj 2026$/,
    );
    expect(cells.getByText('Aktiv')).toBeInTheDocument();
    expect(cells.getByText('Väntar')).toBeInTheDocument();
    expect(cells.getByText(/^1\s200$/)).toBeInTheDocument();
    expect(cells.getByText('30')).toBeInTheDocument();
    expect(cells.getByText(/^2,5\s%$/)).toBeInTheDocument();
    expect(table).not.toHaveAttribute('aria-busy');
    for (const column of ['Titel', 'Klubb', 'Paket', 'Period', 'Status', 'Granskning']) {
      expect(within(table).getByRole('columnheader', { name: column })).toBeInTheDocument();
    }
  });

  it("gives a club_admin 'Ny annons' and edit links, but no moderation", async () => {
    asAdmin('club_admin', { 'GET /api/ads': { json: [makeAd()] } });
    renderApp('/admin/ads');
    expect(
      await screen.findByRole('link', { name: 'Redigera Vårkampanj Vargarna' }),
    ).toHaveAttribute('href', `/admin/ads/${AD_ID}/edit`);
    expect(screen.getByRole('link', { name: 'Ny annons' })).toHaveAttribute(
      'href',
      '/admin/ads/new',
    );
    for (const action of ['Godkänn', 'Avvisa', 'Pausa', 'Aktivera', 'Ta bort']) {
      expect(screen.queryByRole('button', { name: new RegExp(`^${action}`) })).toBeNull();
    }
  });

  it("says 'Inga annonser ännu.' and offers only a club_admin the first ad", async () => {
    asAdmin('club_admin', { 'GET /api/ads': { json: [] } });
    const first = renderApp('/admin/ads');
    expect(await screen.findByText('Inga annonser ännu.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Skapa din första annons' })).toBeInTheDocument();
    first.unmount();

    asAdmin('super_admin', { 'GET /api/ads': { json: [] } });
    renderApp('/admin/ads');
    expect(await screen.findByText('Inga annonser ännu.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Skapa din första annons' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Ny annons' })).toBeNull();
  });

  it("says 'Kunde inte hämta annonser' when the list cannot be loaded", async () => {
    asAdmin('club_admin', { 'GET /api/ads': apiError(403, 'FORBIDDEN', 'Ingen behörighet.') });
    renderApp('/admin/ads');
    expect(await screen.findByText('Kunde inte hämta annonser')).toBeInTheDocument();
  });

  it('offers a super_admin each action per the ad’s state, and says how it went', async () => {
    let ads: Ad[] = [
      makeAd({ moderation_status: 'approved', status: 'active' }),
      makeAd({
        id: SECOND_ID,
        title: 'Sommarrea',
        moderation_status: 'rejected',
        status: 'paused',
      }),
    ];
    let failApprove = true;
    const network = asAdmin('super_admin', {
      'GET /api/ads': () => ({ json: ads }),
      [`POST /api/ads/${SECOND_ID}/approve`]: () => {
        if (failApprove) return apiError(409, 'CONFLICT', 'Konflikt');
        ads = ads.map((ad) =>
          ad.id === SECOND_ID ? { ...ad, moderation_status: 'approved' as const } : ad,
        );
        return { json: ads[1] };
      },
      [`POST /api/ads/${AD_ID}/pause`]: () => {
        ads = ads.map((ad) => (ad.id === AD_ID ? { ...ad, status: 'paused' as const } : ad));
        return { json: ads[0] };
      },
      [`DELETE /api/ads/${SECOND_ID}`]: () => {
        ads = ads.filter((ad) => ad.id !== SECOND_ID);
        return { json: { message: 'Annonsen togs bort.' } };
      },
    });
    const user = userEvent.setup();
    renderApp('/admin/ads');
    const approved = (await screen.findByText('Vårkampanj Vargarna')).closest('tr')!;
    const rejected = screen.getByText('Sommarrea').closest('tr')!;
    const names = (row: HTMLElement) =>
      within(row)
        .getAllByRole('button')
        .map((button) => button.textContent);
    expect(names(approved)).toEqual(['Avvisa', 'Pausa', 'Ta bort']);
    expect(names(rejected)).toEqual(['Godkänn', 'Aktivera', 'Ta bort']);

    await user.click(within(rejected).getByRole('button', { name: 'Godkänn Sommarrea' }));
    await findToast('Åtgärd misslyckades');
    failApprove = false;
    await user.click(within(rejected).getByRole('button', { name: 'Godkänn Sommarrea' }));
    await findToast('Uppdaterat');
    await waitFor(() => expect(names(rejected)).toEqual(['Avvisa', 'Aktivera', 'Ta bort']));

    await user.click(within(approved).getByRole('button', { name: 'Pausa Vårkampanj Vargarna' }));
    await waitFor(() => expect(names(approved)).toEqual(['Avvisa', 'Aktivera', 'Ta bort']));
    expect(within(approved).getByText('Pausad')).toBeInTheDocument();

    // Deleting asks first.
    await user.click(within(rejected).getByRole('button', { name: 'Ta bort Sommarrea' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ta bort annonsen?' });
    expect(network.callsTo(`DELETE /api/ads/${SECOND_ID}`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Ta bort' }));
    await waitFor(() => expect(screen.queryByText('Sommarrea')).toBeNull());
    expect(network.callsTo(`DELETE /api/ads/${SECOND_ID}`)).toHaveLength(1);
  });

  it('approves the revision it showed; a changed ad is shown again with why nothing was approved', async () => {
    let ad = makeAd({ revision: 3 });
    const network = asAdmin('super_admin', {
      'GET /api/ads': () => ({ json: [ad] }),
      [`POST /api/ads/${AD_ID}/approve`]: (request) => {
        if ((request.body as { revision: number }).revision !== ad.revision) {
          return apiError(409, 'AD_CHANGED', AD_CHANGED_MESSAGE);
        }
        ad = { ...ad, moderation_status: 'approved' };
        return { json: ad };
      },
    });
    const user = userEvent.setup();
    renderApp('/admin/ads');
    const row = () => screen.getByText('Vårkampanj Vargarna').closest('tr')!;
    await screen.findByText('Vårkampanj Vargarna');

    // The club_admin changes where the ad leads while the list is open.
    ad = { ...ad, click_url: 'https://annan.example/', revision: 4 };
    await user.click(within(row()).getByRole('button', { name: 'Godkänn Vårkampanj Vargarna' }));
    expect(network.callsTo(`POST /api/ads/${AD_ID}/approve`)[0]?.body).toEqual({ revision: 3 });
    await findToast('Annonsen har ändrats');
    expect(await within(row()).findByRole('alert')).toHaveTextContent(AD_CHANGED_MESSAGE);
    expect(
      await within(row()).findByRole('link', { name: 'https://annan.example/' }),
    ).toBeInTheDocument();
    expect(within(row()).getByText('Väntar')).toBeInTheDocument();

    // Approving what is shown now names the new revision.
    await user.click(within(row()).getByRole('button', { name: 'Godkänn Vårkampanj Vargarna' }));
    await findToast('Uppdaterat');
    expect(network.callsTo(`POST /api/ads/${AD_ID}/approve`)[1]?.body).toEqual({ revision: 4 });
    await waitFor(() => expect(within(row()).getByText('Godkänd')).toBeInTheDocument());
    expect(within(row()).queryByRole('alert')).toBeNull();
  });
});
