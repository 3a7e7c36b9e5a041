import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ANNOUNCEMENT_WAIT_MS } from '@/features/announcement/lib/announcement-rules';
import { MatchSlide } from '@/features/official-matches/components/match-slide';
import { signInAs } from '@/testing/data';
import { killNetwork } from '@/testing/dead-network';
import { holdReply, stubFetch } from '@/testing/fetch-stub';
import { layoutRoutes, NO_ANNOUNCEMENT as NONE_PUBLISHED } from '@/testing/layout-routes';
import { dayAt, makeMatchSummary, makeOfficialMatch, makeTeam } from '@/testing/protocol-data';
import { renderApp } from '@/testing/render';

const NO_ANNOUNCEMENT = { 'GET /api/system/announcement': { json: NONE_PUBLISHED } };

function stat(label: string) {
  return screen.getByRole('group', { name: label });
}

describe('home', () => {
  it('shows the next match with its day in a carousel, the three numbers and the lists', async () => {
    signInAs();
    const first = makeOfficialMatch({ home_team: 'Indianerna', start: dayAt(1, 18) });
    const second = makeOfficialMatch({ home_team: 'Smederna', start: dayAt(1, 19, 45) });
    const later = makeOfficialMatch({ home_team: 'Lejonen', start: dayAt(8, 18) });
    stubFetch({
      ...layoutRoutes(),
      'GET /api/official-matches': { json: [later, second, first] },
      'GET /api/follows': { json: [{ ...later, followed: true, followed_at: dayAt(0, 9) }] },
      'GET /api/matches': { json: [makeMatchSummary()] },
      'GET /api/teams': {
        json: [
          makeTeam(),
          makeTeam({
            id: '33333333-3333-4333-8333-333333333333',
            name: 'Dackarna',
            short: 'DAC',
            rank: 2,
          }),
        ],
      },
      ...NO_ANNOUNCEMENT,
    });
    renderApp('/');

    const carousel = await screen.findByRole('region', { name: 'Dagens matcher' });
    const slides = within(carousel).getAllByRole('group', { hidden: true });
    expect(slides).toHaveLength(2);
    expect(
      within(slides[0]!).getByRole('link', { name: 'Till protokoll', hidden: true }),
    ).toHaveAttribute('href', `/matches/official/${first.id}`);
    expect(within(carousel).getByRole('button', { name: 'Nästa match' })).toBeInTheDocument();

    await waitFor(() => expect(stat('Mina bevakningar')).toHaveTextContent('1'));
    expect(stat('Egna matcher')).toHaveTextContent('1');
    expect(stat('Topplag')).toHaveTextContent('VAR');

    // The official list is the default tab; at most ten, upcoming only.
    const official = screen.getByRole('tabpanel');
    expect(within(official).getAllByRole('link')).toHaveLength(3);

    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Mina matcher' }));
    expect(await screen.findByRole('link', { name: /Hemmalaget – Bortalaget/ })).toHaveAttribute(
      'href',
      `/match/${makeMatchSummary().id}`,
    );
    await user.click(screen.getByRole('tab', { name: 'Tabell' }));
    const table = screen.getByRole('table', { name: 'Tabell Elitserien' });
    // The bonus point too, so that a row adds up.
    expect(within(table).getByRole('columnheader', { name: 'B' })).toHaveAttribute(
      'title',
      'Bonuspoäng',
    );
    await user.click(screen.getByRole('tab', { name: 'Lag' }));
    expect(screen.getByRole('heading', { name: 'Dackarna' })).toBeInTheDocument();
  });

  it('follows the next match at once and counts it', async () => {
    signInAs();
    const next = makeOfficialMatch({ start: dayAt(1, 18) });
    const follow = holdReply();
    const network = stubFetch({
      ...layoutRoutes(),
      'GET /api/official-matches': { json: [next] },
      'GET /api/follows': { json: [] },
      'GET /api/matches': { json: [] },
      'GET /api/teams': { json: [] },
      ...NO_ANNOUNCEMENT,
      [`PUT /api/official-matches/${next.id}/follow`]: follow.handler,
    });
    renderApp('/');
    await waitFor(() => expect(stat('Mina bevakningar')).toHaveTextContent('0'));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Följ match' }));
    // Optimistic: shown as followed and counted before the server has answered.
    expect(screen.getByRole('button', { name: /^Följer/ })).toBeInTheDocument();
    expect(stat('Mina bevakningar')).toHaveTextContent('1');
    follow.release({ json: { official_match_id: next.id, followed: true } });
    await waitFor(() =>
      expect(network.callsTo(`PUT /api/official-matches/${next.id}/follow`)).toHaveLength(1),
    );
  });

  it('shows each empty state', async () => {
    signInAs();
    stubFetch({
      ...layoutRoutes(),
      'GET /api/official-matches': { json: [] },
      'GET /api/follows': { json: [] },
      'GET /api/matches': { json: [] },
      'GET /api/teams': { json: [] },
      ...NO_ANNOUNCEMENT,
    });
    renderApp('/');
    expect(await screen.findByText('Inga kommande officiella matcher')).toBeInTheDocument();
    expect(await screen.findByText('Inga kommande officiella matcher.')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Mina matcher' }));
    expect(await screen.findByText('Du har inga egna matcher.')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Tabell' }));
    expect(await screen.findByText('Ingen data ännu.')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Lag' }));
    expect(await screen.findByText('Inga lag att visa.')).toBeInTheDocument();
  });

  it("offers 'Öppna live', disabled, for a match without an id", () => {
    // The server gives every match an id: the slide is shown one without on its own.
    render(
      <MemoryRouter>
        <MatchSlide match={makeOfficialMatch({ id: '', start: dayAt(1, 18) })} now={new Date()} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('button', { name: 'Öppna live' })).toBeDisabled();
  });

  it('lays out the page below the announcement but shows it only with the announcement', async () => {
    signInAs();
    const announcement = holdReply();
    stubFetch({
      ...layoutRoutes(),
      'GET /api/official-matches': { json: [] },
      'GET /api/follows': { json: [] },
      'GET /api/matches': { json: [] },
      'GET /api/teams': { json: [makeTeam()] },
      'GET /api/system/announcement': announcement.handler,
    });
    renderApp('/');
    // The page's own data has come; the page waits for the announcement still.
    await waitFor(() => expect(stat('Topplag')).toHaveTextContent('VAR · 12 p'));
    const below = stat('Topplag').closest('[data-announcement-settled]');
    expect(below).toHaveAttribute('data-announcement-settled', 'false');
    expect(below).toHaveClass('invisible');
    announcement.release({
      json: {
        ...NONE_PUBLISHED,
        active: true,
        message: 'Serverunderhåll i kväll.',
      },
    });
    expect(await screen.findByRole('region', { name: 'Meddelande' })).toHaveTextContent(
      'Serverunderhåll i kväll.',
    );
    expect(below).toHaveAttribute('data-announcement-settled', 'true');
    expect(below).not.toHaveClass('invisible');
  });

  it('shows the page anyway when the announcement does not answer in time', async () => {
    signInAs();
    stubFetch({
      ...layoutRoutes(),
      'GET /api/official-matches': { json: [] },
      'GET /api/follows': { json: [] },
      'GET /api/matches': { json: [] },
      'GET /api/teams': { json: [] },
      'GET /api/system/announcement': () => new Promise(() => {}),
    });
    renderApp('/');
    const settled = () => document.querySelector('[data-announcement-settled]');
    await waitFor(() => expect(settled()).toHaveAttribute('data-announcement-settled', 'false'));
    await waitFor(() => expect(settled()).toHaveAttribute('data-announcement-settled', 'true'), {
      timeout: ANNOUNCEMENT_WAIT_MS + 1000,
    });
    expect(screen.queryByRole('region', { name: 'Meddelande' })).toBeNull();
  });

  it('keeps what it shows on a network that answers nothing, with its age', async () => {
    signInAs();
    stubFetch({
      ...layoutRoutes(),
      'GET /api/official-matches': {
        json: [makeOfficialMatch({ home_team: 'Indianerna', start: dayAt(1, 18) })],
      },
      'GET /api/follows': { json: [] },
      'GET /api/matches': { json: [makeMatchSummary()] },
      'GET /api/teams': { json: [makeTeam()] },
      ...NO_ANNOUNCEMENT,
    });
    const { queryClient } = renderApp('/');
    await waitFor(() => expect(stat('Egna matcher')).toHaveTextContent('1'));
    const hero = screen.getByText('Nästa match', { selector: 'h2' });

    killNetwork();
    act(() => void queryClient.invalidateQueries());
    const card = hero.parentElement!;
    expect(await within(card).findByText(/^Uppdaterad /)).toBeInTheDocument();
    await waitFor(() =>
      expect(queryClient.getQueryState(['official-matches'])?.fetchStatus).toBe('paused'),
    );
    expect(within(card).getByRole('button', { name: 'Försök igen' })).toBeInTheDocument();
    expect(screen.queryByText('Kunde inte ladda officiella matcher.')).not.toBeInTheDocument();
    expect(within(screen.getByRole('tabpanel')).getAllByRole('link')).toHaveLength(1);
    expect(stat('Egna matcher')).toHaveTextContent('1');
    expect(stat('Topplag')).toHaveTextContent('VAR');
  });
});
