import { INBOX_DEFAULT_LIMIT } from '@speedway/contracts';
import { focusManager } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { makeAccount, signInAs } from '@/testing/data';
import { apiError, holdReply, stubFetch } from '@/testing/fetch-stub';
import { layoutRoutes } from '@/testing/layout-routes';
import { findToast, renderApp } from '@/testing/render';
import {
  getInboxQueryOptions,
  INBOX_LIMIT,
  INBOX_REFETCH_MS,
  INBOX_STALE_MS,
} from '../api/get-inbox';
import { makeNotification } from '../testing/inbox-data';

const INBOX = 'GET /api/notifications/inbox';

function openApp(routes: Parameters<typeof stubFetch>[0], path = '/account/security') {
  const user = signInAs('user');
  const network = stubFetch({
    ...layoutRoutes(),
    'GET /api/account/me': { json: makeAccount(user) },
    'GET /api/account/sessions': { json: [] },
    ...routes,
  });
  const app = renderApp(path);
  return { network, app, user: userEvent.setup() };
}

async function openDrawer(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: /^Notiser/ }));
  return screen.findByRole('dialog', { name: 'Notiser' });
}

// The page under the header and the drawer load on first use; transformed here, outside the tests'
// time limits (the machine is shared).
beforeAll(async () => {
  await Promise.all([import('@/app/routes/account/security'), import('./notification-drawer')]);
}, 60_000);

afterEach(() => focusManager.setFocused(undefined));

describe('the bell', () => {
  it('shows the unread count once the account has loaded and asks for 20 items', async () => {
    const { network } = openApp({
      [INBOX]: {
        json: [
          makeNotification(),
          makeNotification(),
          makeNotification({ status: 'read', readAt: new Date().toISOString() }),
        ],
      },
    });
    const bell = await screen.findByRole('button', { name: 'Notiser, 2 olästa' });
    expect(within(bell).getByText('2')).toBeInTheDocument();
    const [url] = network.fetchMock.mock.calls.find(([input]) =>
      String(input).includes('/api/notifications/inbox'),
    )!;
    expect(String(url)).toBe('/api/notifications/inbox?limit=20');
  });

  it('has no count when everything is read', async () => {
    openApp({ [INBOX]: { json: [makeNotification({ status: 'read' })] } });
    const bell = await screen.findByRole('button', { name: 'Notiser' });
    expect(bell).toHaveTextContent('');
  });

  it('is not there before the account data has loaded', async () => {
    const me = holdReply();
    openApp({
      'GET /api/account/me': me.handler,
      [INBOX]: { json: [] },
    });
    expect(await screen.findByRole('heading', { name: 'Säkerhet' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Notiser/ })).not.toBeInTheDocument();
    me.release({ json: makeAccount() });
    expect(await screen.findByRole('button', { name: 'Notiser' })).toBeInTheDocument();
  });

  it('uses the spec timings: 20 items, fresh 30 s, every 60 s and on focus', async () => {
    expect(INBOX_LIMIT).toBe(INBOX_DEFAULT_LIMIT);
    const options = getInboxQueryOptions();
    expect(options.staleTime).toBe(30_000);
    expect(INBOX_STALE_MS).toBe(30_000);
    expect(options.refetchInterval).toBe(60_000);
    expect(INBOX_REFETCH_MS).toBe(60_000);
    expect(options.refetchOnWindowFocus).toBe(true);

    let served = 0;
    const { network, app } = openApp({
      [INBOX]: () => {
        served += 1;
        return { json: [makeNotification({ title: `Svar ${served}` })] };
      },
    });
    await screen.findByRole('button', { name: 'Notiser, 1 olästa' });
    expect(network.callsTo(INBOX)).toHaveLength(1);
    // Fresh: a focus within 30 s does not refetch.
    focusManager.setFocused(false);
    focusManager.setFocused(true);
    expect(network.callsTo(INBOX)).toHaveLength(1);
    // Stale: the next focus does.
    const query = app.queryClient
      .getQueryCache()
      .find({ queryKey: ['notifications', 'inbox', 20] })!;
    query.setState({ dataUpdatedAt: Date.now() - 31_000 });
    focusManager.setFocused(false);
    focusManager.setFocused(true);
    await waitFor(() => expect(network.callsTo(INBOX)).toHaveLength(2));
  });
});

describe('the drawer', () => {
  it('shows every text of the spec, items with a relative Swedish time and an unread dot', async () => {
    const { user } = openApp({
      [INBOX]: {
        json: [
          makeNotification({
            title: 'Avvikelse mot officiellt resultat',
            body: 'Heat 3 skiljer sig.',
          }),
          makeNotification({
            title: '',
            body: 'Utan rubrik',
            status: 'read',
            readAt: new Date().toISOString(),
            createdAt: new Date(Date.now() - 2 * 3600_000).toISOString(),
          }),
        ],
      },
    });
    const drawer = await openDrawer(user);
    expect(
      within(drawer).getByText('Hantera dina uppdateringar och påminnelser.'),
    ).toBeInTheDocument();
    expect(within(drawer).getByText('Uppdateras automatiskt.')).toBeInTheDocument();
    expect(within(drawer).getByRole('button', { name: 'Markera alla lästa' })).toBeEnabled();

    const [first, second] = within(drawer).getAllByRole('listitem');
    expect(within(first!).getByText('Avvikelse mot officiellt resultat')).toBeInTheDocument();
    expect(within(first!).getByText('Heat 3 skiljer sig.')).toBeInTheDocument();
    expect(within(first!).getByText('för 5 minuter sedan')).toBeInTheDocument();
    expect(within(first!).getByRole('img', { name: 'Oläst' })).toBeInTheDocument();
    expect(within(second!).getByText('Notis')).toBeInTheDocument();
    expect(within(second!).getByText('för 2 timmar sedan')).toBeInTheDocument();
    expect(within(second!).queryByRole('img', { name: 'Oläst' })).not.toBeInTheDocument();
    expect(within(drawer).getAllByRole('button', { name: 'Ta bort' })).toHaveLength(2);
  });

  it('says it is loading, then that there is nothing', async () => {
    const inbox = holdReply();
    const { user } = openApp({ [INBOX]: inbox.handler });
    // The bell is there before its list: opening it early shows the loading text.
    const drawer = await openDrawer(user);
    expect(within(drawer).getByText('Laddar notiser…')).toBeInTheDocument();
    expect(within(drawer).getByRole('button', { name: 'Markera alla lästa' })).toBeDisabled();
    inbox.release({ json: [] });
    expect(await within(drawer).findByText('Inga notiser ännu.')).toBeInTheDocument();
    expect(within(drawer).getByRole('button', { name: 'Markera alla lästa' })).toBeDisabled();
  });

  it('marks an item read, goes to its deeplink and closes, without refetching', async () => {
    const target = makeNotification({ title: 'Protokoll sparat' });
    const other = makeNotification({ title: 'Ny match' });
    const { network, user, app } = openApp({
      [INBOX]: { json: [target, other] },
      [`PUT /api/notifications/${target.id}/read`]: {
        json: { ...target, status: 'read', readAt: new Date().toISOString() },
      },
      // The page the deeplink opens asks for its saved match; its answer is not this test's.
      [`GET /api/user/matches/${target.id}`]: holdReply().handler,
    });
    const drawer = await openDrawer(user);
    await user.click(within(drawer).getByRole('button', { name: /Protokoll sparat/ }));

    await waitFor(() =>
      expect(app.router.state.location.pathname).toBe(`/my-matches/saved/${target.id}`),
    );
    expect(screen.queryByRole('dialog', { name: 'Notiser' })).not.toBeInTheDocument();
    expect(network.callsTo(`PUT /api/notifications/${target.id}/read`)).toHaveLength(1);
    expect(await screen.findByRole('button', { name: 'Notiser, 1 olästa' })).toBeInTheDocument();
    expect(network.callsTo(INBOX)).toHaveLength(1);
  });

  it('does not mark a read item again and falls back to data.url, then the top-level deeplink', async () => {
    const viaUrl = makeNotification({
      title: 'Via url',
      status: 'read',
      data: { url: `${window.location.origin}/tabell?sort=poang` },
      deeplink: null,
    });
    const viaTop = makeNotification({ title: 'Via toppnivå', data: {}, deeplink: '/matches' });
    const { network, user, app } = openApp({
      [INBOX]: { json: [viaUrl, viaTop] },
      [`PUT /api/notifications/${viaTop.id}/read`]: { json: { ...viaTop, status: 'read' } },
      // What the two pages the links open ask for.
      'GET /api/teams': { json: [] },
      'GET /api/official-matches': { json: [] },
    });
    await user.click(within(await openDrawer(user)).getByRole('button', { name: /Via url/ }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/tabell'));
    expect(app.router.state.location.search).toBe('?sort=poang');
    expect(network.calls.filter((call) => call.method === 'PUT')).toHaveLength(0);

    await user.click(within(await openDrawer(user)).getByRole('button', { name: /Via toppnivå/ }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/matches'));
    expect(network.callsTo(`PUT /api/notifications/${viaTop.id}/read`)).toHaveLength(1);
  });

  it('puts the unread mark back when the server refuses', async () => {
    const item = makeNotification({ title: 'Påminnelse', data: {}, deeplink: null });
    const { user } = openApp({
      [INBOX]: { json: [item] },
      [`PUT /api/notifications/${item.id}/read`]: apiError(404, 'NOT_FOUND', 'Notisen finns inte.'),
    });
    await user.click(within(await openDrawer(user)).getByRole('button', { name: /Påminnelse/ }));
    expect(await screen.findByRole('button', { name: 'Notiser, 1 olästa' })).toBeInTheDocument();
  });

  it('marks all read in place; the button is off while the call runs and after', async () => {
    const readAll = holdReply();
    const readAt = '2026-05-01T10:00:00.000Z';
    const { network, user } = openApp({
      [INBOX]: { json: [makeNotification(), makeNotification(), makeNotification()] },
      'PUT /api/notifications/read-all': readAll.handler,
    });
    const drawer = await openDrawer(user);
    const button = within(drawer).getByRole('button', { name: 'Markera alla lästa' });
    await user.click(button);
    expect(button).toBeDisabled();
    await user.click(button);
    readAll.release({ json: { updated: 3, readAt } });
    await waitFor(() => expect(within(drawer).queryByRole('img', { name: 'Oläst' })).toBeNull());
    expect(button).toBeDisabled();
    // The page behind the open drawer is hidden from assistive technology, the bell with it.
    expect(screen.getByRole('button', { name: 'Notiser', hidden: true })).toBeInTheDocument();
    expect(network.callsTo('PUT /api/notifications/read-all')).toHaveLength(1);
    expect(network.callsTo(INBOX)).toHaveLength(1);
  });

  it('deletes an item in place and says so when it cannot', async () => {
    const keep = makeNotification({ title: 'Behåll' });
    const gone = makeNotification({ title: 'Försvinner' });
    const stuck = makeNotification({ title: 'Fastnar' });
    const { network, user } = openApp({
      [INBOX]: { json: [keep, gone, stuck] },
      [`DELETE /api/notifications/${gone.id}`]: { json: { message: 'Notisen är borttagen.' } },
      [`DELETE /api/notifications/${stuck.id}`]: apiError(500, 'INTERNAL_ERROR', 'Internt fel.'),
    });
    const drawer = await openDrawer(user);
    const row = (title: string) =>
      within(drawer)
        .getByRole('button', { name: new RegExp(title) })
        .closest('li')!;

    await user.click(within(row('Försvinner')).getByRole('button', { name: 'Ta bort' }));
    await waitFor(() => expect(within(drawer).queryByText('Försvinner')).toBeNull());
    expect(within(drawer).getAllByRole('listitem')).toHaveLength(2);
    expect(
      screen.getByRole('button', { name: 'Notiser, 2 olästa', hidden: true }),
    ).toBeInTheDocument();

    await user.click(within(row('Fastnar')).getByRole('button', { name: 'Ta bort' }));
    await findToast('Kunde inte ta bort notisen.');
    expect(within(drawer).getByText('Fastnar')).toBeInTheDocument();
    expect(network.callsTo(INBOX)).toHaveLength(1);
  });
});
