import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RiderIdentity } from '@speedway/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeAccount, signInAs } from '@/testing/data';
import { apiError, stubFetch, type StubRequest } from '@/testing/fetch-stub';
import { layoutRoutes, startPageRoutes } from '@/testing/layout-routes';
import { findToast, renderApp } from '@/testing/render';
import { statsKeys } from '../api/keys';
import { RANKING_2012 } from '../testing/data';
import { IDENTITIES, MADSEN_IDENTITY, ROSEN, ROSEN_TOO } from '../testing/identities';

// /admin/riders: the super_admin's rider identities, searched, merged and split against a fake
// server that answers as the real one does (apps/server/src/features/statistics/).

beforeAll(async () => {
  await import('@/app/layouts/admin-layout');
  await import('@/app/routes/admin/riders');
  await import('@/app/routes/admin/overview');
  await import('@/app/routes/home');
}, 60_000);

type Routes = Parameters<typeof stubFetch>[0];

/** A super_admin on /admin/riders; the list answers `list` for any search unless a test says else. */
function open(routes: Routes = {}, { list = IDENTITIES, path = '/admin/riders' } = {}) {
  signInAs('super_admin');
  const network = stubFetch({
    'GET /api/account/me': { json: makeAccount({ role: 'super_admin' }) },
    'GET /api/admin/riders': { json: list },
    ...routes,
  });
  return { ...renderApp(path), network };
}

const searches = (network: ReturnType<typeof stubFetch>) =>
  network.callsTo('GET /api/admin/riders').map((call) => call.search);

async function card(name: string) {
  const list = await screen.findByRole('list', { name: 'Förare' });
  return within(list).getByRole('article', { name });
}

describe('/admin/riders', () => {
  it('lists each identity with its entries as printed, team, season and heats, and a link to the rider', async () => {
    open();
    const rosen = await card('Anton Rosén');
    expect(within(rosen).getByRole('link', { name: 'Anton Rosén' })).toHaveAttribute(
      'href',
      `/forare/${ROSEN.id}`,
    );
    expect(within(rosen).getByText('2 poster · 23 heat')).toBeInTheDocument();
    const entries = within(rosen).getByRole('list', { name: 'Poster för Anton Rosén' });
    expect(
      within(entries)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Anton RosénVargarna · 2012 · 14 heatDela ut Anton Rosén, Vargarna 2012',
      'Anton RosenDackarna · 2011 · 9 heatDela ut Anton Rosen, Dackarna 2011',
    ]);
    // One entry: nothing to split from.
    const other = await card('A. Rosen');
    expect(within(other).getByText('Dackarna · utan säsong · 4 heat')).toBeInTheDocument();
    expect(within(other).queryByRole('button', { name: /^Dela ut/ })).toBeNull();
    expect(screen.getByText('3 förare')).toBeInTheDocument();
  });

  it('searches once the typing pauses, keeps the search in the address, and says when nothing matches', async () => {
    const user = userEvent.setup();
    const { network, router } = open({
      'GET /api/admin/riders': (request: StubRequest) => {
        const q = new URLSearchParams(request.search).get('q');
        if (q === null) return { json: IDENTITIES };
        return { json: q === 'rosen' ? [ROSEN_TOO, ROSEN] : [] };
      },
    });
    await card('Leon Madsen');

    await user.type(screen.getByLabelText('Sök förare'), ' rosen ');
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Leon Madsen' })).toBeNull());
    expect(screen.getByText('2 förare matchar ”rosen”')).toBeInTheDocument();
    // One request for the word, not one a letter; spaces around it are not sent.
    expect(searches(network)).toEqual(['', '?q=rosen']);
    expect(router.state.location.search).toBe('?q=rosen');

    await user.clear(screen.getByLabelText('Sök förare'));
    await user.type(screen.getByLabelText('Sök förare'), 'zzz');
    expect(await screen.findByText('Inga förare matchar sökningen.')).toBeInTheDocument();
    expect(searches(network).at(-1)).toBe('?q=zzz');
  });

  it('starts from the search in the address, and says so when there is no rider at all', async () => {
    const { network } = open({}, { list: [], path: '/admin/riders?q=madsen' });
    expect(await screen.findByText('Inga förare matchar sökningen.')).toBeInTheDocument();
    expect(screen.getByLabelText('Sök förare')).toHaveValue('madsen');
    expect(searches(network)).toEqual(['?q=madsen']);
  });

  it('shows a failed list with a way to try again', async () => {
    const user = userEvent.setup();
    let fail = true;
    open({
      'GET /api/admin/riders': () =>
        fail ? apiError(500, 'INTERNAL_ERROR', 'Internt serverfel.') : { json: IDENTITIES },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Kunde inte hämta förarna.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Försök igen' }));
    expect(await card('Anton Rosén')).toBeInTheDocument();
  });
});

describe('merging two riders', () => {
  it('keeps the one picked, says which disappears, shows a 409 in the dialog and lets another be picked', async () => {
    const user = userEvent.setup();
    let list = IDENTITIES;
    const merged: RiderIdentity = { ...ROSEN, entries: [...ROSEN.entries, ...ROSEN_TOO.entries] };
    const { network, queryClient } = open({
      'GET /api/admin/riders': () => ({ json: list }),
      [`POST /api/admin/riders/${ROSEN_TOO.id}/merge`]: (request: StubRequest) => {
        const { into } = request.body as { into: string };
        if (into === MADSEN_IDENTITY.id) {
          return apiError(
            409,
            'CONFLICT',
            'Förarna står i samma match och kan inte vara samma person.',
          );
        }
        list = [merged, MADSEN_IDENTITY];
        return { json: merged };
      },
    });
    // A statistics page seen before: it is counted again after the merge.
    queryClient.setQueryData(statsKeys.ranking(undefined), RANKING_2012);

    const other = await card('A. Rosen');
    await user.click(within(other).getByRole('button', { name: 'A. Rosen: Slå ihop med…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Slå ihop A. Rosen med…' });
    const merge = within(dialog).getByRole('button', { name: 'Slå ihop' });
    expect(merge).toBeDisabled();
    // The screen's list, without the rider himself.
    const group = within(dialog).getByRole('group', { name: 'Förare i listan' });
    expect(within(group).getAllByRole('radio')).toHaveLength(2);

    await user.click(within(group).getByRole('radio', { name: 'Leon Madsen' }));
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      'A. Rosen (Dackarna, utan säsong) försvinner. Posterna flyttas till Leon Madsen (Vargarna 2012), som behålls.',
    );
    await user.click(merge);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Förarna står i samma match och kan inte vara samma person.',
    );
    expect(dialog).toBeInTheDocument();

    const rosen = within(group).getByRole('radio', { name: 'Anton Rosén' });
    // Two riders often share a name: his entries tell them apart.
    expect(rosen).toHaveAccessibleDescription('Vargarna 2012, Dackarna 2011');
    await user.click(rosen);
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      'A. Rosen (Dackarna, utan säsong) försvinner. Posterna flyttas till Anton Rosén (Vargarna 2012, Dackarna 2011), som behålls.',
    );
    await user.click(merge);
    await findToast('A. Rosen är ihopslagen med Anton Rosén.');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const posts = network.calls.filter((c) => c.method === 'POST');
    expect(posts.map((c) => [c.path, c.body])).toEqual([
      [`/api/admin/riders/${ROSEN_TOO.id}/merge`, { into: MADSEN_IDENTITY.id }],
      [`/api/admin/riders/${ROSEN_TOO.id}/merge`, { into: ROSEN.id }],
    ]);
    // The list is asked for again and shows one rider less; the statistics are stale.
    await waitFor(() => expect(screen.queryByRole('article', { name: 'A. Rosen' })).toBeNull());
    expect(within(await card('Anton Rosén')).getByText('3 poster · 27 heat')).toBeInTheDocument();
    expect(queryClient.getQueryState(statsKeys.ranking(undefined))?.isInvalidated).toBe(true);
  });

  it('finds the rider to keep by a search of its own', async () => {
    const user = userEvent.setup();
    const { network } = open({
      'GET /api/admin/riders': (request: StubRequest) => {
        const q = new URLSearchParams(request.search).get('q');
        return { json: q === 'rosen' ? [ROSEN_TOO, ROSEN] : [MADSEN_IDENTITY] };
      },
      [`POST /api/admin/riders/${MADSEN_IDENTITY.id}/merge`]: { json: ROSEN },
    });
    const madsen = await card('Leon Madsen');
    await user.click(within(madsen).getByRole('button', { name: 'Leon Madsen: Slå ihop med…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Slå ihop Leon Madsen med…' });
    expect(within(dialog).getByText('Sök efter föraren att slå ihop med.')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Sök föraren som behålls'), 'rosen');
    const group = await within(dialog).findByRole('group', { name: 'Sökträffar' });
    await user.click(await within(group).findByRole('radio', { name: 'A. Rosen' }));
    expect(searches(network)).toEqual(['', '?q=rosen']);
    // Closing leaves nothing behind: the next opening starts afresh.
    await user.click(within(dialog).getByRole('button', { name: 'Avbryt' }));
    await user.click(within(madsen).getByRole('button', { name: 'Leon Madsen: Slå ihop med…' }));
    const again = await screen.findByRole('dialog', { name: 'Slå ihop Leon Madsen med…' });
    expect(within(again).getByLabelText('Sök föraren som behålls')).toHaveValue('');
    expect(within(again).getByRole('button', { name: 'Slå ihop' })).toBeDisabled();
    expect(network.calls.filter((c) => c.method === 'POST')).toEqual([]);
  });
});

describe('splitting an entry out', () => {
  it('asks first, makes a rider of the entry, and shows a refusal in the dialog', async () => {
    const user = userEvent.setup();
    let refuse = true;
    const created: RiderIdentity = {
      id: '0d000000-0000-4000-8000-000000000009',
      name: 'Anton Rosen',
      entries: [ROSEN.entries[1]!],
    };
    const { network } = open({
      [`POST /api/admin/riders/${ROSEN.id}/split`]: () =>
        refuse
          ? apiError(409, 'CONFLICT', 'Posten är förarens enda: det finns inget att dela.')
          : { json: created },
    });
    const rosen = await card('Anton Rosén');
    await user.click(
      within(rosen).getByRole('button', { name: 'Dela ut Anton Rosen, Dackarna 2011' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Dela ut posten?' });
    expect(dialog).toHaveTextContent('Posten blir en egen förare, skild från Anton Rosén.');
    expect(dialog).toHaveTextContent('Anton RosenDackarna 2011 · 9 heat');

    await user.click(within(dialog).getByRole('button', { name: 'Dela ut' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Posten är förarens enda: det finns inget att dela.',
    );
    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Dela ut' }));
    await findToast('Anton Rosen (Dackarna 2011) är nu en egen förare.');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(network.calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.body])).toEqual([
      [
        `/api/admin/riders/${ROSEN.id}/split`,
        { entry_id: ROSEN.entries[1]!.entry_id, season: 2011 },
      ],
      [
        `/api/admin/riders/${ROSEN.id}/split`,
        { entry_id: ROSEN.entries[1]!.entry_id, season: 2011 },
      ],
    ]);
    // The list is asked for again.
    await waitFor(() => expect(searches(network)).toEqual(['', '']));
  });
});

describe('who sees the screen', () => {
  it('is in a super_admin’s admin menu only, and a club_admin is sent away from it', async () => {
    open();
    const menu = await screen.findByRole('navigation', { name: 'Adminmeny' });
    expect(within(menu).getByRole('link', { name: 'Förare' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    cleanup();

    signInAs('club_admin', { club_slug: 'vargarna' });
    const network = stubFetch({
      ...layoutRoutes(),
      ...startPageRoutes(),
      'GET /api/account/me': { json: makeAccount({ role: 'club_admin', club_slug: 'vargarna' }) },
    });
    const { router } = renderApp('/admin/riders');
    expect(await screen.findByRole('heading', { name: 'Hem' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(network.calls.filter((call) => call.path.startsWith('/api/admin/'))).toEqual([]);
    cleanup();

    renderApp('/admin');
    const clubMenu = await screen.findByRole('navigation', { name: 'Adminmeny' });
    expect(within(clubMenu).getByRole('link', { name: 'Annonser' })).toBeInTheDocument();
    expect(within(clubMenu).queryByRole('link', { name: 'Förare' })).toBeNull();
  });
});
