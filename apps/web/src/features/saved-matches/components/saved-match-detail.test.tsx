import type { SavedMatch } from '@speedway/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeAccount, signInAs } from '@/testing/data';
import { apiError, holdReply, stubFetch } from '@/testing/fetch-stub';
import { layoutRoutes } from '@/testing/layout-routes';
import { setMediaQuery } from '@/testing/match-media';
import { findToast, renderApp } from '@/testing/render';
import { makeSavedMatch, SAVED_ID, USER_ID } from '../testing/saved-match-data';
import { PHONE_QUERY } from './heat-overview';

// The page loads on first use; transformed here, outside the tests' time limits (the machine is
// shared).
beforeAll(async () => {
  await Promise.all([import('@/app/routes/saved-match')]);
}, 60_000);

// Sonner keeps its toasts in a module-wide store and replays them to a new Toaster.
beforeEach(() => {
  toast.dismiss();
});

type Routes = Parameters<typeof stubFetch>[0];
const PATH = `/my-matches/saved/${SAVED_ID}`;
const GET = `GET /api/user/matches/${SAVED_ID}`;
const RESOLVE = `PUT /api/user/matches/${SAVED_ID}/resolve`;

function open(saved: SavedMatch | null, routes: Routes = {}) {
  const user = signInAs('user', { id: USER_ID });
  const network = stubFetch({
    ...layoutRoutes(),
    'GET /api/account/me': { json: makeAccount(user) },
    'GET /api/user/matches': { json: [] },
    [GET]: saved
      ? { json: saved }
      : apiError(404, 'NOT_FOUND', 'Matchen saknas eller har tagits bort.'),
    ...routes,
  });
  return { ...renderApp(PATH), network, user: userEvent.setup() };
}

describe('saved match detail', () => {
  it('shows both scores, the Avvikelse badge and what differs, in totals and heat by heat', async () => {
    const saved = makeSavedMatch({ official: 'differs' });
    open(saved);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Vargarna – Dackarna' }),
    ).toBeInTheDocument();
    expect(screen.getAllByText('Avvikelse').length).toBeGreaterThan(0);

    const mine = screen.getByRole('heading', { name: 'Ditt protokoll' }).parentElement!;
    expect(mine).toHaveTextContent(
      `${saved.user_results.home_score}– mot ${saved.user_results.away_score}VAR – DAC`,
    );
    const official = screen.getByRole('heading', { name: 'Officiellt resultat' }).parentElement!;
    expect(official).toHaveTextContent(
      `${saved.official_results!.home_score}– mot ${saved.official_results!.away_score}VAR – DAC`,
    );

    const totals = screen.getByRole('table', { name: 'Skillnader i slutresultatet' });
    const home = within(totals).getByRole('row', { name: /Hemmalagets poäng/ });
    expect(
      within(home)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['47', '43']);
    const away = within(totals).getByRole('row', { name: /Bortalagets poäng/ });
    expect(
      within(away)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['43', '47']);

    const heat3 = screen.getByRole('table', { name: 'Förare som skiljer sig i heat 3' });
    const rider = within(heat3).getByRole('row', { name: /Edvin Spår/ });
    expect(
      within(rider)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['1:a', '3:e']);
    expect(heat3.closest('li')).toHaveTextContent('Ditt: VAR 5–1 DAC · Officiellt: VAR 1–5 DAC');
  });

  it('says the totals agree when only heats differ: Validerad, with the heats and the choice', async () => {
    const differs = makeSavedMatch({ official: 'differs' });
    const { home_score, away_score } = differs.user_results;
    // Two heats that went the other way cancel out: the final score is the official one, so it is
    // validated (the spec's discrepancy is the final score), the heats still shown.
    const heatsOnly: SavedMatch = {
      ...differs,
      status: 'validated',
      official_results: { ...differs.official_results!, home_score, away_score },
      discrepancies: [],
      heat_discrepancies: [
        differs.heat_discrepancies[0]!,
        { ...differs.heat_discrepancies[0]!, heat_number: 4 },
      ],
    };
    open(heatsOnly);
    expect(
      await screen.findByText('Slutresultatet stämmer med det officiella, men 2 heat skiljer sig.'),
    ).toBeInTheDocument();
    expect(screen.getAllByText('Validerad').length).toBeGreaterThan(0);
    expect(screen.queryByText('Avvikelse')).not.toBeInTheDocument();
    expect(screen.queryByText('Matchar ditt protokoll')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Godta officiellt resultat' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Slutresultatet stämmer, men 2 heat skiljer sig från det officiella resultatet.',
      ),
    ).toBeInTheDocument();
    expect(
      screen.queryByText('Ditt protokoll skiljer sig från det officiella resultatet.'),
    ).not.toBeInTheDocument();
    expect(
      screen.queryByRole('table', { name: 'Skillnader i slutresultatet' }),
    ).not.toBeInTheDocument();
  });

  it('accepts the official result', async () => {
    const disputed = makeSavedMatch({ official: 'differs' });
    const accepted = { ...makeSavedMatch({ official: 'differs', resolution: 'accept_official' }) };
    const { network, user } = open(disputed, { [RESOLVE]: { json: accepted } });
    await user.click(await screen.findByRole('button', { name: 'Godta officiellt resultat' }));
    await findToast('Matchen uppdaterad');
    expect(network.callsTo(RESOLVE)[0]?.body).toEqual({ action: 'accept_official' });
    expect(
      await screen.findByText('Du har godtagit det officiella resultatet.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Godta officiellt resultat' })).toBeNull();
    expect(screen.getAllByText('Validerad').length).toBeGreaterThan(0);
  });

  it('keeps the accepted result when a read that left before it answers after it', async () => {
    const disputed = makeSavedMatch({ official: 'differs' });
    const accepted = {
      ...makeSavedMatch({ official: 'differs', resolution: 'accept_official' }),
      updated_at: '2026-11-21T19:00:00.000Z',
    };
    const late = holdReply();
    let reads = 0;
    const { network, user, queryClient } = open(disputed, {
      [GET]: () => (++reads === 1 ? { json: disputed } : late.handler()),
      [RESOLVE]: { json: accepted },
    });
    const accept = await screen.findByRole('button', { name: 'Godta officiellt resultat' });
    // The page is read again (a confirm's reply does that), and that read is slow.
    void queryClient.invalidateQueries({ queryKey: ['user-matches'] });
    await waitFor(() => expect(network.callsTo(GET)).toHaveLength(2));
    await user.click(accept);
    await findToast('Matchen uppdaterad');
    // The slow read answers with the match as it was before the resolution.
    await act(async () => late.release({ json: disputed }));
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(screen.getByText('Du har godtagit det officiella resultatet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Godta officiellt resultat' })).toBeNull();
  });

  it('keeps the protocol, and says so when that fails', async () => {
    const { network, user } = open(makeSavedMatch({ official: 'differs' }), {
      [RESOLVE]: apiError(
        409,
        'NO_OFFICIAL_RESULT',
        'Det finns inget officiellt resultat att jämföra med ännu.',
      ),
    });
    await user.click(await screen.findByRole('button', { name: 'Behåll mitt protokoll' }));
    await findToast('Kunde inte uppdatera matchen');
    await findToast('Det finns inget officiellt resultat att jämföra med ännu.');
    expect(network.callsTo(RESOLVE)[0]?.body).toEqual({ action: 'keep_user' });
    expect(screen.getByRole('button', { name: 'Behåll mitt protokoll' })).toBeEnabled();
  });

  it('says Matchar ditt protokoll when validated without a resolution', async () => {
    open(makeSavedMatch({ official: 'same' }));
    expect(await screen.findByText('Matchar ditt protokoll')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Godta officiellt resultat' })).toBeNull();
    expect(screen.queryByText('Skillnader mot officiella resultat')).toBeNull();
  });

  it('waits for an official result when there is none (Komplett)', async () => {
    open(makeSavedMatch({ official: 'none' }));
    expect(await screen.findByText('Inget officiellt resultat ännu.')).toBeInTheDocument();
    expect(screen.getAllByText('Komplett').length).toBeGreaterThan(0);
    expect(screen.queryByText('Matchar ditt protokoll')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Behåll mitt protokoll' })).toBeNull();
  });

  it('deletes after confirmation and goes back to the saved list', async () => {
    const { network, user, router } = open(makeSavedMatch(), {
      [`DELETE /api/user-matches/${SAVED_ID}`]: { json: { message: 'Protokoll borttaget' } },
    });
    await user.click(await screen.findByRole('button', { name: 'Ta bort' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ta bort det sparade protokollet?' });
    expect(dialog).toHaveTextContent('Vargarna – Dackarna');
    await user.click(within(dialog).getByRole('button', { name: 'Ta bort' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-matches/saved-protocols'));
    await findToast('Protokoll borttaget');
    expect(network.callsTo(`DELETE /api/user-matches/${SAVED_ID}`)).toHaveLength(1);
    // The deleted match is not asked for again on the way out.
    expect(network.callsTo(GET)).toHaveLength(1);
  });

  it('keeps the page when deletion fails', async () => {
    const { user, router } = open(makeSavedMatch(), {
      [`DELETE /api/user-matches/${SAVED_ID}`]: { status: 500, text: '' },
    });
    await user.click(await screen.findByRole('button', { name: 'Ta bort' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Ta bort' }),
    );
    await findToast('Kunde inte ta bort matchen');
    expect(router.state.location.pathname).toBe(PATH);
  });

  it('tells a missing match from a failed load', async () => {
    open(null);
    expect(await screen.findByText('Matchen saknas eller har tagits bort.')).toBeInTheDocument();
  });

  it('says it could not fetch the match on any other failure', async () => {
    open(null, { [GET]: apiError(500, 'INTERNAL_ERROR', 'Fel') });
    expect(await screen.findByText('Kunde inte hämta den sparade matchen.')).toBeInTheDocument();
  });

  it('shows every heat as a table on desktop, with riders, places, points and running score', async () => {
    const saved = makeSavedMatch({ official: 'differs' });
    open(saved);
    const table = await screen.findByRole('table', { name: 'Heat för heat enligt ditt protokoll' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(15);
    const first = rows[0]!;
    expect(within(first).getByRole('rowheader')).toHaveTextContent('Heat 1');
    // Heat 1 goes 5–1 to the home team: both home riders score, the second with a bonus.
    expect(first).toHaveTextContent('1:a · 3 p');
    expect(first).toHaveTextContent('2:a · 2+1 p');
    const cells = within(first).getAllByRole('cell');
    expect(cells.at(-2)).toHaveTextContent('VAR 5–1 DAC');
    expect(cells.at(-1)).toHaveTextContent('VAR 5–1 DAC');
    expect(within(rows[1]!).getAllByRole('cell').at(-1)).toHaveTextContent('VAR 6–6 DAC');
    expect(within(rows[2]!).getByText('Avviker')).toBeInTheDocument();
    const last = within(rows[14]!).getAllByRole('cell').at(-1);
    expect(last).toHaveTextContent(
      `VAR ${saved.user_results.home_score}–${saved.user_results.away_score} DAC`,
    );
  });

  it('shows the heats as cards on a phone', async () => {
    setMediaQuery(PHONE_QUERY, true);
    open(makeSavedMatch());
    const heat1 = await screen.findByRole('region', { name: 'Heat 1' });
    expect(screen.queryByRole('table', { name: 'Heat för heat enligt ditt protokoll' })).toBeNull();
    const riders = within(heat1).getAllByRole('listitem');
    expect(riders.map((r) => r.textContent?.slice(0, 3))).toEqual(['1:a', '2:a', '3:e', '4:e']);
    expect(heat1).toHaveTextContent('Ställning VAR 5–1 DAC');
    act(() => setMediaQuery(PHONE_QUERY, false));
    expect(
      await screen.findByRole('table', { name: 'Heat för heat enligt ditt protokoll' }),
    ).toBeInTheDocument();
  });

  it('shows each team’s rider lines and totals', async () => {
    const saved = makeSavedMatch();
    open(saved);
    const home = await screen.findByRole('table', { name: 'Förare, Vargarna' });
    const line = saved.statistics.home.riders[0]!;
    const row = within(home).getByRole('row', { name: new RegExp(line.name) });
    expect(row).toHaveTextContent(`(${line.marks.join(',')})`);
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([String(line.lineup_no), String(line.rides), line.score_text]);
    const card = home.closest('[data-slot="card"]')!;
    expect(within(card as HTMLElement).getByText('Heatvinster').nextSibling).toHaveTextContent(
      String(saved.statistics.home.totals.heats_won),
    );
  });
});
