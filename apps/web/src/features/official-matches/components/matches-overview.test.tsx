import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { signInAs } from '@/testing/data';
import { HEALTH_ROUTE, killNetwork } from '@/testing/dead-network';
import { apiError, stubFetch } from '@/testing/fetch-stub';
import { layoutRoutes } from '@/testing/layout-routes';
import { dayAt, makeOfficialMatch } from '@/testing/protocol-data';
import { renderApp } from '@/testing/render';

// The page loads on first use; transformed here, outside the tests' time limits (the machine is
// shared).
beforeAll(async () => {
  await import('@/app/routes/matches');
}, 60_000);

function names(list: HTMLElement) {
  return within(list)
    .getAllByRole('listitem')
    .map((item) => item.querySelector('span')?.textContent);
}

describe('/matches', () => {
  it('features the first match day and lists further matches, consumed and past ones hidden', async () => {
    signInAs();
    const matches = [
      makeOfficialMatch({ home_team: 'Igår', start: dayAt(-1, 19), status: 'completed' }),
      makeOfficialMatch({ home_team: 'Utan datum', start: null }),
      makeOfficialMatch({ home_team: 'Om tre', start: dayAt(3, 18) }),
      makeOfficialMatch({ home_team: 'Tagen', start: dayAt(4, 18), consumedByCurrentUser: true }),
      makeOfficialMatch({ home_team: 'Imorgon sent', start: dayAt(1, 20) }),
      makeOfficialMatch({ home_team: 'Imorgon', start: dayAt(1, 18) }),
      ...Array.from({ length: 9 }, (_, i) =>
        makeOfficialMatch({ home_team: `Vecka ${i + 2}`, start: dayAt(7 * (i + 2), 18) }),
      ),
    ];
    stubFetch({
      ...layoutRoutes(),
      'GET /api/official-matches': { json: matches },
    });
    renderApp('/matches');

    const featured = await screen.findByRole('region', { name: 'Nästa matcher' });
    const cards = within(featured).getAllByRole('heading', { level: 3 });
    expect(cards.map((c) => c.textContent)).toEqual([
      'Imorgon vs Dackarna',
      'Imorgon sent vs Dackarna',
    ]);
    expect(within(featured).getAllByText('Kommande')).toHaveLength(2);
    expect(within(featured).getAllByRole('link', { name: 'Öppna matchkort' })[0]).toHaveAttribute(
      'href',
      `/matches/official/${matches[5]!.id}`,
    );

    const picker = screen.getByRole('region', { name: 'Hitta en annan match' });
    const list = within(picker).getByRole('list');
    // Up to eight, by date; consumed, past and featured ones left out (undated would come last).
    expect(names(list)).toEqual([
      'Om tre – Dackarna',
      'Vecka 2 – Dackarna',
      'Vecka 3 – Dackarna',
      'Vecka 4 – Dackarna',
      'Vecka 5 – Dackarna',
      'Vecka 6 – Dackarna',
      'Vecka 7 – Dackarna',
      'Vecka 8 – Dackarna',
    ]);
    expect(screen.queryByText(/Igår|Tagen/)).not.toBeInTheDocument();

    const user = userEvent.setup();
    const search = within(picker).getByRole('searchbox', { name: 'Sök på lag eller datum' });
    await user.type(search, 'utan');
    expect(names(within(picker).getByRole('list'))).toEqual(['Utan datum – Dackarna']);
    await user.clear(search);
    await user.type(search, 'finns inte');
    expect(within(picker).getByText('Inga matcher hittades')).toBeInTheDocument();
    // A date finds the matches of that day, not others whose date holds the same digits.
    const week2 = new Date(matches[6]!.start!);
    await user.clear(search);
    await user.type(search, `${week2.getDate()}/${week2.getMonth() + 1}`);
    expect(names(within(picker).getByRole('list'))).toEqual(['Vecka 2 – Dackarna']);
  });

  it("badges today's matches 'Idag' and explains an empty list", async () => {
    signInAs();
    const later = new Date(Date.now() + 60_000);
    // Near midnight "later today" would be tomorrow; the badge then rightly says Kommande.
    const today = later.getDate() === new Date().getDate();
    stubFetch({
      ...layoutRoutes(),
      'GET /api/official-matches': { json: [makeOfficialMatch({ start: later.toISOString() })] },
    });
    renderApp('/matches');
    const featured = await screen.findByRole('region', { name: 'Nästa matcher' });
    expect(within(featured).getByText(today ? 'Idag' : 'Kommande')).toBeInTheDocument();
    expect(screen.getByText('Fler matcher visas här när schemat uppdateras.')).toBeInTheDocument();
  });

  it('says when there is nothing to show, and when the list could not be fetched', async () => {
    signInAs();
    stubFetch({
      ...layoutRoutes(),
      'GET /api/official-matches': { json: [] },
    });
    const first = renderApp('/matches');
    expect(
      await screen.findByText('Inga matcher att visa just nu. Försök igen senare.'),
    ).toBeInTheDocument();
    first.unmount();

    stubFetch({
      ...layoutRoutes(),
      'GET /api/official-matches': apiError(404, 'NOT_FOUND', 'Nej'),
    });
    renderApp('/matches');
    expect(await screen.findByText('Kunde inte hämta officiella matcher.')).toBeInTheDocument();
  });

  it('prefills the search from a team link', async () => {
    signInAs();
    stubFetch({
      ...layoutRoutes(),
      'GET /api/official-matches': {
        json: [
          makeOfficialMatch({ start: dayAt(1, 18) }),
          makeOfficialMatch({ home_team: 'Lejonen', start: dayAt(8, 18) }),
          makeOfficialMatch({ home_team: 'Smederna', start: dayAt(9, 18) }),
        ],
      },
    });
    renderApp('/matches?q=Lejonen');
    const picker = await screen.findByRole('region', { name: 'Hitta en annan match' });
    expect(within(picker).getByRole('searchbox')).toHaveValue('Lejonen');
    expect(names(within(picker).getByRole('list'))).toEqual(['Lejonen – Dackarna']);
  });

  it('keeps the matches it has on a network that answers nothing, with their age', async () => {
    signInAs();
    let matches = [makeOfficialMatch({ home_team: 'Imorgon', start: dayAt(1, 18) })];
    stubFetch({
      ...layoutRoutes(),
      'GET /api/official-matches': () => ({ json: matches }),
      ...HEALTH_ROUTE,
    });
    const { queryClient } = renderApp('/matches');
    const featured = await screen.findByRole('region', { name: 'Nästa matcher' });

    const revive = killNetwork();
    act(() => void queryClient.invalidateQueries());
    expect(await screen.findByText(/^Uppdaterad /)).toBeInTheDocument();
    await waitFor(() =>
      expect(queryClient.getQueryState(['official-matches'])?.fetchStatus).toBe('paused'),
    );
    expect(featured).toHaveTextContent('Imorgon vs Dackarna');
    expect(screen.queryByText('Kunde inte hämta officiella matcher.')).not.toBeInTheDocument();

    revive();
    matches = [...matches, makeOfficialMatch({ home_team: 'Sent', start: dayAt(1, 20) })];
    await userEvent.setup().click(screen.getByRole('button', { name: 'Försök igen' }));
    await waitFor(() => expect(featured).toHaveTextContent('Sent vs Dackarna'));
    expect(screen.queryByText(/^Uppdaterad /)).not.toBeInTheDocument();
  });
});
