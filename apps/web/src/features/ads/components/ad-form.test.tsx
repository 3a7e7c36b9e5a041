import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeAccount, signInAs } from '@/testing/data';
import { apiError, holdReply, stubFetch } from '@/testing/fetch-stub';
import { layoutRoutes } from '@/testing/layout-routes';
import { findToast, renderApp } from '@/testing/render';
import { AD_ID, makeAd } from '../testing/ad-data';

const clubAdmin = { role: 'club_admin' as const, club_slug: 'vargarna' };

function stubAdmin(role: 'club_admin' | 'super_admin', routes: Parameters<typeof stubFetch>[0]) {
  const who = role === 'club_admin' ? clubAdmin : { role };
  signInAs(role, who);
  return stubFetch({
    ...layoutRoutes(),
    'GET /api/account/me': { json: makeAccount(who) },
    'GET /api/ads': { json: [] },
    // The ads table names each ad's club (for a super_admin).
    'GET /api/teams': { json: [] },
    ...routes,
  });
}

async function fillIn(values: Partial<Record<string, string>>) {
  const user = userEvent.setup({ delay: null });
  const labels: Record<string, string> = {
    title: 'Titel',
    image_url: 'Bildadress (URL)',
    click_url: 'Länkadress (URL)',
    start_date: 'Startdatum',
    end_date: 'Slutdatum',
  };
  for (const [field, value] of Object.entries(values)) {
    const input = await screen.findByLabelText(labels[field]!);
    await user.clear(input);
    if (value) await user.type(input, value);
  }
  return user;
}

const valid = {
  title: 'Vårkampanj',
  image_url: 'https://annonser.example/v.png',
  click_url: 'https://vargarna.example/',
  start_date: '2026-05-01',
  end_date: '2026-05-31',
};

// The first visit transforms the admin chunks on the fly, and typing five fields takes a while.
describe('the ad form', { timeout: 15_000 }, () => {
  beforeAll(async () => {
    await import('@/app/layouts/admin-layout');
    await import('@/app/routes/admin/ad-new');
    await import('@/app/routes/admin/ad-edit');
    await import('@/app/routes/admin/ads');
  });

  it("creates a club_admin's ad without a package, once however often it is submitted", async () => {
    const create = holdReply();
    const network = stubAdmin('club_admin', { 'POST /api/ads': create.handler });
    const { router } = renderApp('/admin/ads/new');
    expect(await screen.findByRole('heading', { name: 'Ny annons' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Paket')).toBeNull();
    const user = await fillIn(valid);
    const submit = screen.getByRole('button', { name: 'Skapa annons' });
    // Two submits in the same moment (a double tap), then a click once it shows it is saving.
    const form = submit.closest('form')!;
    act(() => {
      fireEvent.submit(form);
      fireEvent.submit(form);
    });
    await waitFor(() => expect(submit).toBeDisabled());
    await user.click(submit);
    expect(network.callsTo('POST /api/ads')).toHaveLength(1);
    expect(network.callsTo('POST /api/ads')[0]?.body).toEqual(valid);

    create.release({ status: 201, json: makeAd() });
    await findToast('Annons skapad');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/ads'));
  });

  it.each([
    [
      'a javascript: link',
      { click_url: 'javascript:alert(1)' },
      'Länkadressen måste vara en fullständig adress som börjar med http:// eller https://.',
    ],
    [
      'an end before the start',
      { start_date: '2026-05-10', end_date: '2026-05-01' },
      'Slutdatumet får inte vara före startdatumet.',
    ],
  ])('refuses %s with the server’s own words, without sending', async (_name, change, message) => {
    const network = stubAdmin('club_admin', {});
    renderApp('/admin/ads/new');
    const user = await fillIn({ ...valid, ...change });
    await user.click(screen.getByRole('button', { name: 'Skapa annons' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(network.callsTo('POST /api/ads')).toHaveLength(0);
  });

  it('leaves required fields to the browser: nothing is sent while one is empty', async () => {
    const network = stubAdmin('club_admin', {});
    renderApp('/admin/ads/new');
    const user = await fillIn({ ...valid, title: '' });
    await user.click(screen.getByRole('button', { name: 'Skapa annons' }));
    expect(screen.getByLabelText('Titel')).toBeInvalid();
    expect(network.callsTo('POST /api/ads')).toHaveLength(0);
  });

  it("shows 'Fel' with the server's message, or the form's own when there is none", async () => {
    let offline = false;
    stubAdmin('club_admin', {
      'POST /api/ads': () => {
        if (offline) throw new TypeError('Failed to fetch');
        return apiError(400, 'VALIDATION_ERROR', 'Bildadressen måste vara en fullständig adress.');
      },
    });
    renderApp('/admin/ads/new');
    const user = await fillIn(valid);
    await user.click(screen.getByRole('button', { name: 'Skapa annons' }));
    await findToast('Fel');
    await findToast('Bildadressen måste vara en fullständig adress.');

    offline = true;
    await user.click(screen.getByRole('button', { name: 'Skapa annons' }));
    await findToast('Kunde inte spara annonsen.');
  });

  it("edits an ad with the super_admin's package", async () => {
    const network = stubAdmin('super_admin', {
      [`GET /api/ads/${AD_ID}`]: { json: makeAd({ package: 'silver' }) },
      [`PUT /api/ads/${AD_ID}`]: (request) => ({
        json: makeAd(request.body as Partial<ReturnType<typeof makeAd>>),
      }),
    });
    const { router } = renderApp(`/admin/ads/${AD_ID}/edit`);
    expect(await screen.findByDisplayValue('Vårkampanj Vargarna')).toBeInTheDocument();
    const user = userEvent.setup();
    expect(screen.getByLabelText('Paket')).toHaveValue('silver');
    await user.selectOptions(screen.getByLabelText('Paket'), 'Platina');
    await user.click(screen.getByRole('button', { name: 'Spara ändringar' }));
    await findToast('Annons uppdaterad');
    expect(network.callsTo(`PUT /api/ads/${AD_ID}`)[0]?.body).toEqual({
      title: 'Vårkampanj Vargarna',
      image_url: 'https://annonser.example/varkampanj.png',
      click_url: 'https://vargarna.example/biljetter',
      start_date: '2026-05-01',
      end_date: '2026-05-31',
      package: 'platinum',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/ads'));
  });

  it('tells a club_admin that an edit of an approved ad is reviewed again', async () => {
    stubAdmin('club_admin', {
      [`GET /api/ads/${AD_ID}`]: { json: makeAd({ moderation_status: 'approved' }) },
    });
    renderApp(`/admin/ads/${AD_ID}/edit`);
    expect(
      await screen.findByText(
        'Annonsen är godkänd. Ändrar du den granskas den igen innan den visas.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Paket')).toBeNull();
  });
});
