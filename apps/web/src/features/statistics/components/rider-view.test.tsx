import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { signInAs } from '@/testing/data';
import { apiError, stubFetch } from '@/testing/fetch-stub';
import { layoutRoutes } from '@/testing/layout-routes';
import { renderApp } from '@/testing/render';
import {
  ANDERSSON,
  DACKARNA,
  MADSEN,
  MADSEN_ANDERSSON,
  MADSEN_STATS,
  VARGARNA,
  VARGARNA_2012,
} from '../testing/data';

beforeAll(async () => {
  await Promise.all([import('@/app/routes/rider'), import('@/app/routes/team')]);
}, 60_000);

type Routes = Parameters<typeof stubFetch>[0];

const RIDER_PATH = `/forare/${MADSEN.rider_id}`;

function open(path = RIDER_PATH, routes: Routes = {}) {
  signInAs('user');
  const network = stubFetch({
    ...layoutRoutes(),
    [`GET /api/stats/riders/${MADSEN.rider_id}`]: { json: MADSEN_STATS },
    [`GET /api/stats/riders/${MADSEN.rider_id}/head-to-head/${ANDERSSON.rider_id}`]: {
      json: MADSEN_ANDERSSON,
    },
    ...routes,
  });
  return { ...renderApp(path), network };
}

/** The terms and values of the first <dl> in `within` as 'term: value'. */
function pairs(inside: HTMLElement): string[] {
  const list = inside.querySelector('dl');
  if (!list) throw new Error('no <dl>');
  return within(list)
    .getAllByRole('term')
    .map((dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`);
}

const region = (name: string) => screen.getByRole('region', { name });

describe('/forare/{id}', () => {
  it("shows the rider's season line with the average as Svemo prints it", async () => {
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Leon Madsen' })).toBeVisible();
    expect(screen.getByRole('link', { name: VARGARNA.name })).toHaveAttribute(
      'href',
      `/lag/${VARGARNA.id}`,
    );
    const season = region('Säsongen');
    expect(pairs(season)).toEqual([
      'Snitt: 1,988',
      'Snitt inkl. bonus: 2,093',
      'Matcher: 18',
      'Heat: 86',
      'Poäng: 171',
      'Bonus: 9',
      'Vinster: 40',
      'Maxar: 31 fulla · 2 betalda',
      'Uteslutningar: 0',
      'Koder: –',
    ]);
  });

  it('shows every gate, every kind of ride and the matches, newest first', async () => {
    open();
    await screen.findByRole('heading', { level: 1, name: 'Leon Madsen' });
    const gates = within(region('Per startspår')).getByRole('table');
    const rows = within(gates).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'Spår 12212482,182',
      'Spår 22110422,000',
      'Spår 3229411,864',
      'Spår 4219401,905',
    ]);
    const kinds = within(region('Per typ av start')).getByRole('table');
    expect(
      within(kinds)
        .getAllByRole('rowheader')
        .map((th) => th.textContent),
    ).toEqual(['Ordinarie', 'Reserv', 'Taktisk reserv', 'Nominerad']);
    expect(within(kinds).getByRole('row', { name: /Ordinarie/ })).toHaveTextContent(
      'Ordinarie72140+8',
    );
    const matches = region('Matcher');
    expect(within(matches).getByRole('link', { name: DACKARNA.name })).toHaveAttribute(
      'href',
      `/lag/${DACKARNA.id}`,
    );
    expect(matches).toHaveTextContent('(3,3,2*,3,1)');
    expect(matches).toHaveTextContent('12+1');
  });

  it('lists the heats against an opponent once one is picked', async () => {
    const user = userEvent.setup();
    const { network, router } = open();
    await screen.findByRole('heading', { level: 1, name: 'Leon Madsen' });
    const h2h = region('Inbördes möten');
    const picker = within(h2h).getByLabelText('Motståndare');
    expect(
      within(picker)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Välj en förare',
      'Erik Andersson (2 möten, 1–1)',
      'Örjan Zetterberg (1 möten, 1–0)',
    ]);
    // Nothing is asked for before a pick.
    expect(network.calls.filter((call) => call.path.includes('head-to-head'))).toHaveLength(0);

    await user.selectOptions(picker, ANDERSSON.name + ' (2 möten, 1–1)');
    const meetings = await within(h2h).findAllByRole('listitem');
    expect(meetings).toHaveLength(2);
    expect(meetings[0]).toHaveTextContent('heat 4');
    expect(meetings[0]).toHaveTextContent('Leon Madsen före');
    expect(pairs(meetings[0]!)).toEqual([
      'Leon Madsen: Spår 1 · 1:a',
      'Erik Andersson: Spår 2 · 3:e',
    ]);
    expect(meetings[1]).toHaveTextContent('Erik Andersson före');
    expect(pairs(meetings[1]!)).toEqual([
      'Leon Madsen: Spår 3 · Utesl. · X',
      'Erik Andersson: Spår 4 · 2:a',
    ]);
    expect(within(h2h).getByRole('status')).toHaveTextContent(
      'Leon Madsen och Erik Andersson har mötts i 2 heat: Leon Madsen före 1 gång, Erik Andersson före 1 gång.',
    );
    expect(router.state.location.search).toBe(`?opponent=${ANDERSSON.rider_id}`);
    expect(
      network.calls.filter((call) => call.path.includes('head-to-head')).map((call) => call.search),
    ).toEqual(['?season=2012']);
  });

  it("shows the server's 'Föraren finns inte.' as a page of its own, with a way on", async () => {
    const missing = '0a000000-0000-4000-8000-00000000ffff';
    open(`/forare/${missing}`, {
      [`GET /api/stats/riders/${missing}`]: apiError(404, 'NOT_FOUND', 'Föraren finns inte.'),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Föraren finns inte.');
    expect(screen.getByRole('link', { name: 'Till förarstatistiken' })).toHaveAttribute(
      'href',
      '/statistik',
    );
    expect(screen.queryByRole('button', { name: 'Försök igen' })).not.toBeInTheDocument();
  });

  it('says so when the rider has no heats in the season', async () => {
    open(RIDER_PATH, {
      [`GET /api/stats/riders/${MADSEN.rider_id}`]: {
        json: { ...MADSEN_STATS, line: null, gates: [], kinds: [], matches: [], opponents: [] },
      },
    });
    expect(
      await screen.findByText('Föraren har inga officiella heat säsongen 2012.'),
    ).toBeInTheDocument();
  });
});

describe('/lag/{id}', () => {
  it("shows home and away, the form, the gates and the riders' averages", async () => {
    const user = userEvent.setup();
    open(`/lag/${VARGARNA.id}`, {
      [`GET /api/stats/teams/${VARGARNA.id}`]: { json: VARGARNA_2012 },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Vargarna' })).toBeVisible();
    const venues = within(region('Hemma och borta')).getByRole('table');
    expect(
      within(venues)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['Hemma2200100–80', 'Borta201184–96', 'Totalt4211184–176']);
    const riders = within(region('Förarnas snitt')).getByRole('table');
    expect(within(riders).getByRole('link', { name: MADSEN.name })).toHaveAttribute(
      'href',
      `/forare/${MADSEN.rider_id}`,
    );
    expect(within(riders).getByRole('row', { name: /Leon Madsen/ })).toHaveTextContent('1,988');
    const form = region('Form');
    expect(
      within(form)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      expect.stringMatching(/^VVinstHemma mot Dackarna.*50–40$/),
      expect.stringMatching(/^OOavgjortBorta mot Dackarna.*45–45$/),
    ]);
    const gates = region('Per startspår');
    await user.click(within(gates).getByRole('tab', { name: 'Hemma' }));
    expect(within(gates).getByRole('table', { name: 'Per startspår, hemma' })).toBeVisible();
  });

  it("shows the server's 'Laget finns inte.'", async () => {
    const missing = '0b000000-0000-4000-8000-00000000ffff';
    open(`/lag/${missing}`, {
      [`GET /api/stats/teams/${missing}`]: apiError(404, 'NOT_FOUND', 'Laget finns inte.'),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Laget finns inte.');
  });
});
