import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { signInAs } from '@/testing/data';
import { apiError, stubFetch } from '@/testing/fetch-stub';
import { layoutRoutes } from '@/testing/layout-routes';
import { renderApp } from '@/testing/render';
import {
  ANDERSSON,
  BERG,
  DACKARNA,
  MADSEN,
  RANKING_2012,
  VARGARNA,
  ZETTERBERG,
} from '../testing/data';

// The page loads on first use; transformed here, outside the tests' time limits.
beforeAll(async () => {
  await import('@/app/routes/statistics');
}, 60_000);

type Routes = Parameters<typeof stubFetch>[0];

function open(path = '/statistik', routes: Routes = {}) {
  signInAs('user');
  const network = stubFetch({
    ...layoutRoutes(),
    'GET /api/stats/riders': { json: RANKING_2012 },
    ...routes,
  });
  return { ...renderApp(path), network };
}

/** The riders' names in the table's order. */
async function order(): Promise<string[]> {
  const table = await screen.findByRole('table', { name: /^Förarstatistik 2012/ });
  return within(table)
    .getAllByRole('rowheader')
    .map((th) => within(th).getAllByRole('link')[0]!.textContent ?? '');
}

const statsCalls = (network: ReturnType<typeof stubFetch>) =>
  network.calls.filter((call) => call.path.startsWith('/api/stats/'));

describe('/statistik', () => {
  it('ranks by average (Svemo: points ÷ heats, three decimals, decimal comma) from one request', async () => {
    const { network } = open();
    expect(await order()).toEqual([BERG.name, ANDERSSON.name, MADSEN.name, ZETTERBERG.name]);
    const table = screen.getByRole('table', { name: 'Förarstatistik 2012' });
    const madsen = within(table).getByRole('row', { name: /Leon Madsen/ });
    // #, Snitt, H, P, B, Inkl. B, M, V, Max: 171 ÷ 86 = 1,988; (171 + 9) ÷ 86 = 2,093; maximums
    // 1 full + 2 paid.
    expect(
      within(madsen)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual(['3', '1,988', '86', '171', '9', '2,093', '18', '40', '3']);
    expect(within(table).getByRole('columnheader', { name: 'Snitt' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    expect(statsCalls(network).map((call) => call.path + call.search)).toEqual([
      '/api/stats/riders',
    ]);
  });

  it('sorts by any column and filters by team and minimum heats without asking again', async () => {
    const user = userEvent.setup();
    const { network, router } = open();
    await order();

    await user.click(screen.getByRole('button', { name: 'Poäng' }));
    expect(await order()).toEqual([MADSEN.name, ANDERSSON.name, ZETTERBERG.name, BERG.name]);
    expect(screen.getByRole('columnheader', { name: 'Poäng' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    expect(router.state.location.search).toBe('?sort=points');

    await user.click(screen.getByRole('button', { name: 'Snitt inkl. bonus' }));
    expect(await order()).toEqual([BERG.name, ANDERSSON.name, MADSEN.name, ZETTERBERG.name]);

    await user.click(screen.getByRole('button', { name: 'Förare' }));
    expect(await order()).toEqual([BERG.name, ANDERSSON.name, MADSEN.name, ZETTERBERG.name]);
    expect(screen.getByRole('columnheader', { name: 'Förare' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );

    // The phone's way to the same sorts.
    await user.selectOptions(screen.getByLabelText('Sortera efter'), 'Snitt');
    expect(await order()).toEqual([BERG.name, ANDERSSON.name, MADSEN.name, ZETTERBERG.name]);

    await user.type(screen.getByLabelText('Minst antal heat'), '20');
    expect(await order()).toEqual([ANDERSSON.name, MADSEN.name, ZETTERBERG.name]);
    expect(screen.getByText('3 förare med minst 20 heat, säsong 2012')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Lag'), DACKARNA.name);
    expect(await order()).toEqual([ANDERSSON.name, ZETTERBERG.name]);
    expect(screen.getByRole('table', { name: 'Förarstatistik 2012, Dackarna' })).toBeVisible();

    await user.clear(screen.getByLabelText('Minst antal heat'));
    await user.type(screen.getByLabelText('Minst antal heat'), '100');
    expect(await screen.findByText('Ingen förare matchar urvalet.')).toBeInTheDocument();

    expect(statsCalls(network)).toHaveLength(1);
  });

  it('names a bad minimum under the field and keeps the list it had', async () => {
    const user = userEvent.setup();
    open();
    await order();
    const field = screen.getByLabelText('Minst antal heat');
    await user.type(field, '15');
    expect(await order()).toEqual([ANDERSSON.name, MADSEN.name, ZETTERBERG.name]);
    await user.type(field, 'x');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Minsta antal heat ska vara ett heltal mellan 0 och 200.',
    );
    expect(field).toHaveAccessibleDescription(
      'Minsta antal heat ska vara ett heltal mellan 0 och 200.',
    );
    expect(await order()).toEqual([ANDERSSON.name, MADSEN.name, ZETTERBERG.name]);
    await user.clear(field);
    await user.type(field, '201');
    expect(screen.getByRole('alert')).toBeInTheDocument();
    await user.clear(field);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(await order()).toHaveLength(4);
  });

  it('links every rider to /forare/{id} and every team to /lag/{id}', async () => {
    open();
    const table = await screen.findByRole('table', { name: 'Förarstatistik 2012' });
    expect(within(table).getByRole('link', { name: MADSEN.name })).toHaveAttribute(
      'href',
      `/forare/${MADSEN.rider_id}`,
    );
    const madsen = within(table).getByRole('row', { name: /Leon Madsen/ });
    expect(within(madsen).getByRole('link', { name: VARGARNA.name })).toHaveAttribute(
      'href',
      `/lag/${VARGARNA.id}`,
    );
  });

  it('asks for another season when one is chosen, and keeps it in the address', async () => {
    const user = userEvent.setup();
    const { network, router } = open('/statistik', {
      'GET /api/stats/riders': (request) =>
        request.search === '?season=2011'
          ? { json: { ...RANKING_2012, season: 2011, riders: [MADSEN] } }
          : { json: RANKING_2012 },
    });
    await order();
    await user.selectOptions(screen.getByLabelText('Säsong'), '2011');
    expect(await screen.findByRole('table', { name: 'Förarstatistik 2011' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?season=2011');
    expect(statsCalls(network).map((call) => call.search)).toEqual(['', '?season=2011']);
  });

  it('says so when no season has official heats yet', async () => {
    open('/statistik', {
      'GET /api/stats/riders': { json: { season: null, seasons: [], riders: [] } },
    });
    expect(await screen.findByText(/Ingen säsong har officiella heat ännu/)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says so when the ranking cannot be loaded', async () => {
    open('/statistik', {
      'GET /api/stats/riders': apiError(500, 'INTERNAL_ERROR', 'Serverfel'),
    });
    expect(await screen.findByText('Kunde inte ladda förarstatistiken.')).toBeInTheDocument();
  });
});
