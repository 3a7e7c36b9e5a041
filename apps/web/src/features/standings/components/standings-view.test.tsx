import type { Team } from '@speedway/contracts';
import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeAccount, signInAs } from '@/testing/data';
import { apiError, holdReply, stubFetch } from '@/testing/fetch-stub';
import { layoutRoutes } from '@/testing/layout-routes';
import { renderApp } from '@/testing/render';

let sequence = 0;

function team(name: string, overrides: Partial<Team>): Team {
  sequence += 1;
  return {
    id: `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    slug: name.toLowerCase(),
    name,
    city: `${name}stad`,
    short: name.slice(0, 3).toUpperCase(),
    arena: null,
    rank: 1,
    matches_played: 7,
    wins: 0,
    draws: 0,
    losses: 0,
    heat_points_for: 0,
    heat_points_against: 0,
    heat_point_difference: 0,
    bonus_points: 0,
    points: 0,
    form: [],
    riders: [],
    ...overrides,
  };
}

// As the server computes them; sent out of order to show the page keeps the server's ranking.
const TEAMS: Team[] = [
  team('Dackarna', {
    rank: 4,
    wins: 3,
    draws: 1,
    losses: 3,
    points: 7,
    heat_points_for: 310,
    heat_points_against: 320,
    heat_point_difference: -10,
    form: ['F', 'V', 'O', 'V', 'F'],
  }),
  team('Vargarna', {
    rank: 1,
    wins: 6,
    losses: 1,
    bonus_points: 1,
    points: 13,
    heat_points_for: 344,
    heat_points_against: 286,
    heat_point_difference: 58,
    form: ['V', 'V', 'F', 'V', 'V'],
  }),
  team('Lejonen', {
    rank: 3,
    wins: 4,
    draws: 1,
    losses: 2,
    points: 9,
    heat_points_for: 320,
    heat_points_against: 310,
    heat_point_difference: 10,
    form: ['V', 'O', 'V', 'F', 'V'],
  }),
  team('Piraterna', {
    rank: 2,
    wins: 5,
    losses: 2,
    points: 10,
    heat_points_for: 330,
    heat_points_against: 300,
    heat_point_difference: 30,
    form: ['V', 'F', 'V', 'V', 'F'],
  }),
];

function open(reply: Parameters<typeof stubFetch>[0][string]) {
  const user = signInAs('user');
  const network = stubFetch({
    ...layoutRoutes(),
    'GET /api/account/me': { json: makeAccount(user) },
    'GET /api/teams': reply,
  });
  return { ...renderApp('/tabell'), network };
}

describe('/tabell', () => {
  it('ranks the teams as the server does and shows every column', async () => {
    open({ json: TEAMS });
    const table = await screen.findByRole('table', { name: 'Tabell Elitserien' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      expect.stringMatching(/^Vargarna/),
      expect.stringMatching(/^Piraterna/),
      expect.stringMatching(/^Lejonen/),
      expect.stringMatching(/^Dackarna/),
    ]);
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual(['#', 'Lag', 'M', 'V', 'O', 'F', '+', '−', '+/−', 'B', 'P', 'Form']);
    expect(
      within(rows[0]!)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual(['1', '7', '6', '0', '1', '344', '286', '+58', '1', '13', 'VVFVV']);
    expect(within(rows[3]!).getAllByRole('cell')[7]).toHaveTextContent('−10');
  });

  it('shows the bonus point, so that a row adds up, and explains every abbreviation', async () => {
    open({ json: TEAMS });
    const table = await screen.findByRole('table', { name: 'Tabell Elitserien' });
    expect(within(table).getByRole('columnheader', { name: 'B' })).toContainHTML(
      'title="Bonuspoäng"',
    );
    // 6 V × 2 + 0 O + 1 B = 13 P.
    const row = within(table).getByRole('row', { name: /Vargarna/ });
    const cells = within(row).getAllByRole('cell');
    expect(cells[8]).toHaveTextContent('1');
    expect(cells[9]).toHaveTextContent('13');
    const legend = screen.getByRole('region', { name: 'Förklaringar' });
    const terms = within(legend)
      .getAllByRole('term')
      .map((dt) => dt.textContent);
    expect(terms).toEqual(['M', 'V', 'O', 'F', '+ / −', '+/−', 'B', 'P', 'Form']);
    expect(legend).toHaveTextContent(
      'Bbonuspoäng: 1 poäng till laget med flest heatpoäng sammanlagt i hemma- och bortamötet mot ett lag',
    );
    expect(legend).toHaveTextContent('Ppoäng: 2 × V + 1 × O + B');
  });

  it('shows the form of the last five as V/O/F chips', async () => {
    open({ json: TEAMS });
    const table = await screen.findByRole('table', { name: 'Tabell Elitserien' });
    const row = within(table).getByRole('row', { name: /Dackarna/ });
    // Once under the name (phones) and once in the Form column (wider screens).
    const forms = within(row).getAllByRole('img', {
      name: 'Form, senaste 5: förlust, vinst, oavgjort, vinst, förlust',
    });
    expect(forms).toHaveLength(2);
    expect(forms[0]).toHaveTextContent('FVOVF');
  });

  it('shows the top three as cards with a highlighted rank badge', async () => {
    open({ json: TEAMS });
    const podium = await screen.findByRole('list', { name: 'Topp tre' });
    const cards = within(podium).getAllByRole('listitem');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Vargarna',
      'Piraterna',
      'Lejonen',
    ]);
    expect(cards[0]).toHaveTextContent('13poäng');
    expect(cards[0]).toHaveTextContent('B 1');
    const badge = cards[0]!.querySelector('[data-slot="badge"]');
    expect(badge).toHaveTextContent('1');
    expect(badge).toHaveClass('bg-primary');
    // In the table the top three share that badge; the rest get a quiet one.
    const table = screen.getByRole('table', { name: 'Tabell Elitserien' });
    const badges = [...table.querySelectorAll('[data-slot="badge"]')];
    expect(badges.map((b) => b.classList.contains('bg-primary'))).toEqual([
      true,
      true,
      true,
      false,
    ]);
  });

  it('shows a skeleton while loading', async () => {
    const teams = holdReply();
    open(teams.handler);
    expect(await screen.findByLabelText('Laddar tabellen')).toHaveAttribute('aria-busy', 'true');
    act(() => teams.release({ json: TEAMS }));
    expect(await screen.findByRole('table', { name: 'Tabell Elitserien' })).toBeInTheDocument();
  });

  it('says so when the table cannot be loaded', async () => {
    open(apiError(500, 'INTERNAL_ERROR', 'Serverfel'));
    expect(await screen.findByText('Kunde inte ladda tabellen.')).toBeInTheDocument();
  });

  it('says so when there are no teams yet', async () => {
    open({ json: [] });
    expect(await screen.findByText('Ingen data ännu.')).toBeInTheDocument();
  });
});
