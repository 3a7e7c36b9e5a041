import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeAccount, signInAs } from '@/testing/data';
import { HEALTH_ROUTE, killNetwork } from '@/testing/dead-network';
import { apiError, stubFetch } from '@/testing/fetch-stub';
import { layoutRoutes } from '@/testing/layout-routes';
import { findToast, renderApp } from '@/testing/render';
import {
  dayFromNow,
  makeProtocolSummary,
  makeSavedSummary,
  USER_ID,
} from '../testing/saved-match-data';

// The page loads on first use; transformed here, outside the tests' time limits (the machine is
// shared).
beforeAll(async () => {
  await Promise.all([import('@/app/routes/my-matches')]);
}, 60_000);

// Sonner keeps its toasts in a module-wide store and replays them to a new Toaster.
beforeEach(() => {
  toast.dismiss();
});

type Routes = Parameters<typeof stubFetch>[0];

function open(path: string, routes: Routes = {}) {
  const user = signInAs('user', { id: USER_ID });
  const network = stubFetch({
    ...layoutRoutes(),
    'GET /api/account/me': { json: makeAccount(user) },
    'GET /api/matches': { json: [] },
    'GET /api/user/matches': { json: [] },
    ...routes,
  });
  return { ...renderApp(path), network, user: userEvent.setup() };
}

function swipe(element: Element, dx: number, dy: number) {
  fireEvent.touchStart(element, { touches: [{ clientX: 200, clientY: 300 }] });
  fireEvent.touchEnd(element, { changedTouches: [{ clientX: 200 + dx, clientY: 300 + dy }] });
}

describe('/my-matches tabs', () => {
  it('falls back to Skapade for an unknown tab', async () => {
    const { router } = open('/my-matches/whatever');
    expect(await screen.findByRole('tab', { name: 'Skapade' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(router.state.location.pathname).toBe('/my-matches/created-protocols');
    expect(await screen.findByText('Du har inga egna matcher.')).toBeInTheDocument();
  });

  it('switches tabs by tab and by a sideways swipe, but not by a vertical or short one', async () => {
    const { router, user } = open('/my-matches/created-protocols');
    const tabs = await screen.findByRole('tablist', { name: 'Mina matcher' });
    await user.click(within(tabs).getByRole('tab', { name: 'Sparade' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-matches/saved-protocols'));

    const panel = await screen.findByRole('tabpanel');
    swipe(panel, 80, 10);
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/my-matches/created-protocols'),
    );

    // Too short, too steep, or towards a tab that does not exist: nothing happens.
    swipe(screen.getByRole('tabpanel'), -50, 0);
    swipe(screen.getByRole('tabpanel'), -120, 40);
    swipe(screen.getByRole('tabpanel'), 120, 0);
    expect(router.state.location.pathname).toBe('/my-matches/created-protocols');

    swipe(screen.getByRole('tabpanel'), -51, 39);
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-matches/saved-protocols'));
    expect(screen.getByRole('tab', { name: 'Sparade' })).toHaveAttribute('aria-selected', 'true');
  });
});

describe('Skapade', () => {
  it('lists only my own protocols that are not confirmed, newest first, each opening /match/{id}', async () => {
    const mine = makeProtocolSummary({ home_team: 'Lejonen', updated_at: '2026-11-20T10:00:00Z' });
    const newer = makeProtocolSummary({
      home_team: 'Smederna',
      updated_at: '2026-11-21T10:00:00Z',
    });
    const confirmed = makeProtocolSummary({ home_team: 'Rospiggarna', status: 'confirmed' });
    const theirs = makeProtocolSummary({
      home_team: 'Masarna',
      created_by: '99999999-9999-4999-8999-999999999999',
    });
    open('/my-matches/created-protocols', {
      'GET /api/matches': { json: [mine, confirmed, theirs, newer] },
    });
    const link = await screen.findByRole('link', { name: /Lejonen – Piraterna/ });
    expect(link).toHaveAttribute('href', `/match/${mine.id}`);
    const rows = screen.getAllByRole('link', { name: /– Piraterna/ });
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Smederna'),
      expect.stringContaining('Lejonen'),
    ]);
    expect(screen.queryByText(/Rospiggarna/)).not.toBeInTheDocument();
    expect(screen.queryByText(/Masarna/)).not.toBeInTheDocument();
    expect(link).toHaveTextContent('3/15 heat');
  });

  it('badges a match today Idag and a past one Avslutad', async () => {
    open('/my-matches/created-protocols', {
      'GET /api/matches': {
        json: [
          makeProtocolSummary({ home_team: 'Idaglaget', date: dayFromNow(0) }),
          makeProtocolSummary({ home_team: 'Igårlaget', date: dayFromNow(-1) }),
          makeProtocolSummary({ home_team: 'Morgonlaget', date: dayFromNow(1) }),
        ],
      },
    });
    expect(
      within(await screen.findByRole('link', { name: /Idaglaget/ })).getByText('Idag'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('link', { name: /Igårlaget/ })).getByText('Avslutad'),
    ).toBeInTheDocument();
    const tomorrow = screen.getByRole('link', { name: /Morgonlaget/ });
    expect(within(tomorrow).queryByText('Idag')).toBeNull();
    expect(within(tomorrow).queryByText('Avslutad')).toBeNull();
  });

  it('deletes a protocol after confirmation', async () => {
    const protocol = makeProtocolSummary({ home_team: 'Lejonen' });
    let list = [protocol];
    const { network, user } = open('/my-matches/created-protocols', {
      'GET /api/matches': () => ({ json: list }),
      [`DELETE /api/matches/${protocol.id}`]: () => {
        list = [];
        return { json: { message: 'Match borttagen' } };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Ta bort Lejonen – Piraterna' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ta bort protokollet?' });
    await user.click(within(dialog).getByRole('button', { name: 'Avbryt' }));
    expect(network.callsTo(`DELETE /api/matches/${protocol.id}`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Ta bort Lejonen – Piraterna' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Ta bort' }),
    );
    await findToast('Match borttagen');
    expect(network.callsTo(`DELETE /api/matches/${protocol.id}`)[0]?.body).toEqual({});
    expect(await screen.findByText('Du har inga egna matcher.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says so when a deletion fails, quoting the server', async () => {
    const protocol = makeProtocolSummary({ home_team: 'Lejonen' });
    const { user } = open('/my-matches/created-protocols', {
      'GET /api/matches': { json: [protocol] },
      [`DELETE /api/matches/${protocol.id}`]: apiError(404, 'NOT_FOUND', 'Protokollet finns inte.'),
    });
    await user.click(await screen.findByRole('button', { name: 'Ta bort Lejonen – Piraterna' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Ta bort' }),
    );
    await findToast('Kunde inte ta bort matchen');
    await findToast('Protokollet finns inte.');
  });

  it('keeps the list it has on a network that answers nothing, with its age and Försök igen', async () => {
    let list = [makeProtocolSummary({ home_team: 'Lejonen' })];
    const { user, queryClient } = open('/my-matches/created-protocols', {
      'GET /api/matches': () => ({ json: list }),
      ...HEALTH_ROUTE,
    });
    await screen.findByRole('link', { name: /Lejonen – Piraterna/ });

    const revive = killNetwork();
    act(() => void queryClient.invalidateQueries());
    expect(await screen.findByText(/^Uppdaterad \d{2}:\d{2}$/)).toBeInTheDocument();
    // Past the one retry, which waits for the network instead of failing.
    await waitFor(() => expect(queryClient.getQueryState(['matches'])?.fetchStatus).toBe('paused'));
    expect(screen.getByRole('link', { name: /Lejonen – Piraterna/ })).toBeInTheDocument();
    expect(screen.queryByText('Kunde inte ladda skapade matcher')).not.toBeInTheDocument();

    revive();
    list = [...list, makeProtocolSummary({ home_team: 'Smederna' })];
    await user.click(screen.getByRole('button', { name: 'Försök igen' }));
    expect(await screen.findByRole('link', { name: /Smederna – Piraterna/ })).toBeInTheDocument();
    expect(screen.queryByText(/^Uppdaterad /)).not.toBeInTheDocument();
  });

  it('says it could not load, with Försök igen, only when it has nothing at all', async () => {
    const user = userEvent.setup();
    signInAs('user', { id: USER_ID });
    stubFetch({
      ...layoutRoutes(),
      'GET /api/account/me': { json: makeAccount() },
      'GET /api/matches': { json: [makeProtocolSummary({ home_team: 'Lejonen' })] },
      ...HEALTH_ROUTE,
    });
    const revive = killNetwork();
    renderApp('/my-matches/created-protocols');
    expect(await screen.findByText('Kunde inte ladda skapade matcher')).toBeInTheDocument();

    revive();
    await user.click(screen.getByRole('button', { name: 'Försök igen' }));
    expect(await screen.findByRole('link', { name: /Lejonen – Piraterna/ })).toBeInTheDocument();
  });

  it('shows the spec text when the list cannot be loaded', async () => {
    open('/my-matches/created-protocols', {
      'GET /api/matches': apiError(500, 'INTERNAL_ERROR', 'Serverfel'),
    });
    expect(await screen.findByText('Kunde inte ladda skapade matcher')).toBeInTheDocument();
  });
});

describe('Sparade', () => {
  it('keeps the list it has on a network that answers nothing', async () => {
    const { queryClient } = open('/my-matches/saved-protocols', {
      'GET /api/user/matches': { json: [makeSavedSummary({ home_team: 'Lejonen' })] },
    });
    await screen.findByRole('link', { name: /Lejonen/ });
    killNetwork();
    act(() => void queryClient.invalidateQueries());
    expect(await screen.findByText(/^Uppdaterad /)).toBeInTheDocument();
    await waitFor(() =>
      expect(queryClient.getQueryState(['user-matches'])?.fetchStatus).toBe('paused'),
    );
    expect(screen.getByRole('link', { name: /Lejonen/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Försök igen' })).toBeInTheDocument();
    expect(screen.queryByText('Kunde inte ladda dina matcher.')).not.toBeInTheDocument();
  });

  it('pages five at a time with an ellipsis window', async () => {
    const saved = Array.from({ length: 42 }, (_, i) =>
      makeSavedSummary({ home_team: `Lag ${i + 1}` }),
    );
    const { user, router } = open('/my-matches/saved-protocols', {
      'GET /api/user/matches': { json: saved },
    });
    await screen.findByRole('link', { name: /^Lag 1 –/ });
    const titles = () =>
      screen
        .getAllByRole('link', { name: /^Lag \d+ –/ })
        .map((link) => link.textContent?.split(' –')[0]);
    expect(titles()).toEqual(['Lag 1', 'Lag 2', 'Lag 3', 'Lag 4', 'Lag 5']);

    const pages = screen.getByRole('navigation', { name: 'Sidor, sparade protokoll' });
    const labels = () =>
      within(pages)
        .getAllByRole('listitem')
        .map((item) => item.textContent);
    expect(labels()).toEqual(['1', '2', '3', '4', '5', '…', '9']);
    expect(within(pages).getByRole('button', { name: 'Föregående sida' })).toBeDisabled();

    await user.click(within(pages).getByRole('button', { name: 'Sida 5' }));
    expect(titles()).toEqual(['Lag 21', 'Lag 22', 'Lag 23', 'Lag 24', 'Lag 25']);
    expect(labels()).toEqual(['1', '…', '4', '5', '6', '…', '9']);
    expect(within(pages).getByRole('button', { name: 'Sida 5' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(router.state.location.search).toBe('?sida=5');

    await user.click(within(pages).getByRole('button', { name: 'Sida 9' }));
    expect(titles()).toEqual(['Lag 41', 'Lag 42']);
    expect(labels()).toEqual(['1', '…', '5', '6', '7', '8', '9']);
    expect(within(pages).getByRole('button', { name: 'Nästa sida' })).toBeDisabled();
    await user.click(within(pages).getByRole('button', { name: 'Föregående sida' }));
    expect(titles()[0]).toBe('Lag 36');
  });

  it('shows scores, status and opens the saved match', async () => {
    const disputed = makeSavedSummary({
      home_team: 'Vargarna',
      status: 'disputed',
      official_results: { home_score: 45, away_score: 45 },
    });
    const validated = makeSavedSummary({ home_team: 'Lejonen', status: 'validated' });
    const complete = makeSavedSummary({ home_team: 'Masarna', status: 'complete' });
    open('/my-matches/saved-protocols', {
      'GET /api/user/matches': { json: [disputed, validated, complete] },
    });
    const row = await screen.findByRole('link', { name: /Vargarna – Dackarna/ });
    expect(row).toHaveAttribute('href', `/my-matches/saved/${disputed.id}`);
    expect(within(row).getByText('Avvikelse')).toBeInTheDocument();
    expect(row).toHaveTextContent('46–44');
    expect(row).toHaveTextContent('Off. 45–45');
    expect(
      within(screen.getByRole('link', { name: /Lejonen/ })).getByText('Validerad'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('link', { name: /Masarna/ })).getByText('Komplett'),
    ).toBeInTheDocument();
    expect(within(row).getByText('Avslutad')).toBeInTheDocument();
    // The totals differ from the official ones here, so nothing says they agree.
    expect(within(row).queryByText(/Slutresultatet stämmer/)).not.toBeInTheDocument();
  });

  it('says which heats differ where the official totals agree (Validerad)', async () => {
    const heatsOnly = makeSavedSummary({
      status: 'validated',
      home_score: 46,
      away_score: 44,
      official_results: { home_score: 46, away_score: 44 },
      differing_heats: [3, 7],
    });
    open('/my-matches/saved-protocols', { 'GET /api/user/matches': { json: [heatsOnly] } });
    const row = await screen.findByRole('link', { name: /Vargarna – Dackarna/ });
    expect(within(row).getByText('Validerad')).toBeInTheDocument();
    expect(
      within(row).getByText('Slutresultatet stämmer, heat 3 och 7 skiljer sig'),
    ).toBeInTheDocument();
  });

  it('deletes a saved protocol after confirmation with an empty body', async () => {
    const saved = makeSavedSummary({ home_team: 'Vargarna' });
    let list = [saved];
    const { network, user } = open('/my-matches/saved-protocols', {
      'GET /api/user/matches': () => ({ json: list }),
      [`DELETE /api/user-matches/${saved.id}`]: () => {
        list = [];
        return { json: { message: 'Protokoll borttaget' } };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Ta bort Vargarna – Dackarna' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Ta bort' }),
    );
    await findToast('Protokoll borttaget');
    expect(network.callsTo(`DELETE /api/user-matches/${saved.id}`)[0]?.body).toBeUndefined();
    expect(await screen.findByText(/Du har inga sparade protokoll/)).toBeInTheDocument();
  });

  it('shows the spec text when the list cannot be loaded', async () => {
    open('/my-matches/saved-protocols', {
      'GET /api/user/matches': apiError(500, 'INTERNAL_ERROR', 'Serverfel'),
    });
    expect(await screen.findByText('Kunde inte ladda dina matcher.')).toBeInTheDocument();
  });

  it('keeps the list cached: going back to the tab does not ask again', async () => {
    const { network, user } = open('/my-matches/saved-protocols', {
      'GET /api/user/matches': { json: [makeSavedSummary({ home_team: 'Vargarna' })] },
    });
    await screen.findByRole('link', { name: /Vargarna/ });
    await user.click(screen.getByRole('tab', { name: 'Skapade' }));
    await screen.findByText('Du har inga egna matcher.');
    await user.click(screen.getByRole('tab', { name: 'Sparade' }));
    await screen.findByRole('link', { name: /Vargarna/ });
    expect(network.callsTo('GET /api/user/matches')).toHaveLength(1);
  });
});
