import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { signInAs } from '@/testing/data';
import { apiError, stubFetch } from '@/testing/fetch-stub';
import { squadRoutes } from '@/features/protocol/testing/server';
import { layoutRoutes } from '@/testing/layout-routes';
import {
  buildState,
  makeMatch,
  makeOfficialDetail,
  makeOfficialMatch,
  MATCH_ID,
  officialSummaryOf,
} from '@/testing/protocol-data';
import { findToast, renderApp } from '@/testing/render';
import { RESUMES_PROTOCOL, SAVED_PROTOCOL_EXISTS } from './start-protocol-button';

// The page loads on first use; transformed here, outside the tests' time limits (the machine is
// shared).
beforeAll(async () => {
  await Promise.all([import('@/app/routes/official-match')]);
}, 60_000);

type Routes = Parameters<typeof stubFetch>[0];

const official = makeOfficialDetail({
  start: '2026-11-28T17:00:00.000Z',
  tv: 'TV4 Play',
  referee: 'Olle Flaggman',
});
const PATH = `/matches/official/${official.id}`;
const SAVED_ID = '33333333-3333-4333-8333-333333333333';
const savedOfficial = { ...official, protocol_id: MATCH_ID, user_match_id: SAVED_ID };

function serve(routes: Routes = {}) {
  return stubFetch({
    ...layoutRoutes(),
    // The squads, fetched with the match to be on the device at the track.
    ...squadRoutes(official),
    [`GET /api/official-matches/${official.id}`]: { json: official },
    'GET /api/official-matches': { json: [officialSummaryOf(official)] },
    [`GET /api/matches/${MATCH_ID}`]: { json: makeMatch() },
    ...routes,
  });
}

describe('official match detail', () => {
  it('shows start, arena, status, competition, TV, referee, programme and line-ups', async () => {
    signInAs();
    serve();
    renderApp(PATH);
    expect(await screen.findByRole('heading', { name: 'Vargarna vs Dackarna' })).toBeVisible();
    expect(screen.getByText('Tillgänglig')).toBeInTheDocument();
    expect(screen.getByText('Norrköping Motorstadion')).toBeInTheDocument();
    expect(screen.getByText('Elitserien, omgång 8')).toBeInTheDocument();
    expect(screen.getByText('TV4 Play')).toBeInTheDocument();
    expect(screen.getByText('Olle Flaggman')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Heatprogram' })).toBeInTheDocument();
    expect(
      screen.getByText('Nomineringsheat – förarna nomineras under matchen'),
    ).toBeInTheDocument();
    expect(screen.getAllByText('Röd').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Arvid Grus').length).toBeGreaterThan(1);
  });

  it("says 'Pågår' for a match under way, in the home page's words", async () => {
    signInAs();
    serve({
      [`GET /api/official-matches/${official.id}`]: { json: { ...official, status: 'live' } },
    });
    renderApp(PATH);
    expect(await screen.findByText('Pågår')).toBeInTheDocument();
    // The protocol's badge stays as the spec has it.
    expect(screen.getByText('Tillgänglig')).toBeInTheDocument();
  });

  it('shows a finished match heat by heat: riders in order, points with bonus, running score', async () => {
    signInAs();
    const heats = buildState({ heatsDone: 15 }).heats;
    const finished = {
      ...official,
      status: 'completed',
      home_score: 15,
      away_score: 75,
      result: { home_score: 15, away_score: 75, heats },
    };
    serve({ [`GET /api/official-matches/${official.id}`]: { json: finished } });
    renderApp(PATH);
    expect(await screen.findByText('Avslutad')).toBeInTheDocument();
    const card = screen
      .getByRole('heading', { name: 'Officiella heat' })
      .closest('[data-slot="card"]')!;
    expect(within(card as HTMLElement).getAllByRole('heading', { level: 3 })).toHaveLength(15);
    // Heat 1: the away pair first (3, 2+1), the home pair after; the score 1–5 and 1–5 after it.
    const heat1 = screen.getByTestId('official-heat-1');
    expect(within(heat1).getByText('1–5')).toBeInTheDocument();
    expect(heat1).toHaveTextContent('(VAR 1–5 DAC)');
    const rides = within(heat1).getAllByRole('listitem');
    expect(rides.map((ride) => ride.textContent?.replace(/^[RBVG]/, ''))).toEqual([
      expect.stringMatching(/DAC3$/),
      expect.stringMatching(/DAC2\+1$/),
      expect.stringMatching(/VAR1$/),
      expect.stringMatching(/VAR0$/),
    ]);
    expect(screen.getByTestId('official-heat-15')).toHaveTextContent('(VAR 15–75 DAC)');
    // The programme gives way to what was ridden.
    expect(screen.queryByRole('heading', { name: 'Heatprogram' })).toBeNull();
  });

  it("says 'Matchprotokoll skapat' once the user has a saved protocol of it", async () => {
    signInAs();
    serve({
      [`GET /api/official-matches/${official.id}`]: {
        json: { ...savedOfficial, consumedByCurrentUser: true },
      },
    });
    renderApp(PATH);
    expect(await screen.findByText('Matchprotokoll skapat')).toBeInTheDocument();
  });

  it("stays 'Tillgänglig' for an unfinished protocol, and 'Starta protokoll' says it reopens it", async () => {
    signInAs();
    const network = serve({
      [`GET /api/official-matches/${official.id}`]: {
        json: { ...official, consumedByCurrentUser: true, protocol_id: MATCH_ID },
      },
      'POST /api/matches/from-official': { status: 200, json: makeMatch() },
    });
    const { router } = renderApp(PATH);
    expect(await screen.findByText('Tillgänglig')).toBeInTheDocument();
    expect(screen.queryByText('Matchprotokoll skapat')).not.toBeInTheDocument();
    expect(screen.getByText(RESUMES_PROTOCOL)).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Starta protokoll' }));
    // The server hands back the unfinished protocol rather than a second one.
    await waitFor(() => expect(router.state.location.pathname).toBe(`/match/${MATCH_ID}`));
    expect(network.callsTo('POST /api/matches/from-official')).toHaveLength(1);
  });

  it('offers the saved protocol before starting a second one of the same match', async () => {
    signInAs();
    const network = serve({
      [`GET /api/official-matches/${official.id}`]: { json: savedOfficial },
      [`GET /api/user/matches/${SAVED_ID}`]: apiError(404, 'NOT_FOUND', 'Finns inte.'),
    });
    const { router } = renderApp(PATH);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Starta protokoll' }));
    const dialog = await screen.findByRole('dialog', { name: SAVED_PROTOCOL_EXISTS });
    expect(network.callsTo('POST /api/matches/from-official')).toHaveLength(0);
    await user.click(within(dialog).getByRole('link', { name: 'Öppna sparat protokoll' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/my-matches/saved/${SAVED_ID}`),
    );
    expect(network.callsTo('POST /api/matches/from-official')).toHaveLength(0);
  });

  it('closes the choice with Escape and hands focus back to the button', async () => {
    signInAs();
    const network = serve({
      [`GET /api/official-matches/${official.id}`]: { json: savedOfficial },
    });
    renderApp(PATH);
    const user = userEvent.setup();
    const start = await screen.findByRole('button', { name: 'Starta protokoll' });
    await user.click(start);
    await screen.findByRole('dialog', { name: SAVED_PROTOCOL_EXISTS });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(start).toHaveFocus());
    expect(network.callsTo('POST /api/matches/from-official')).toHaveLength(0);
  });

  it('starts a second protocol only when the user chooses to', async () => {
    signInAs();
    const network = serve({
      [`GET /api/official-matches/${official.id}`]: { json: savedOfficial },
      'POST /api/matches/from-official': { status: 201, json: makeMatch() },
    });
    const { router } = renderApp(PATH);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Starta protokoll' }));
    const dialog = await screen.findByRole('dialog', { name: SAVED_PROTOCOL_EXISTS });
    await user.click(within(dialog).getByRole('button', { name: 'Starta nytt protokoll' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/match/${MATCH_ID}`));
    expect(network.callsTo('POST /api/matches/from-official')).toHaveLength(1);
  });

  it('starts a protocol and opens it', async () => {
    signInAs();
    const network = serve({
      'POST /api/matches/from-official': { status: 201, json: makeMatch() },
    });
    const { router } = renderApp(PATH);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Starta protokoll' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/match/${MATCH_ID}`));
    // With the id the new protocol is to have (ADR 019): chosen here, once per press.
    expect(network.callsTo('POST /api/matches/from-official')[0]?.body).toEqual({
      official_match_id: official.id,
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(await screen.findByText('0/15 Heat komplett')).toBeInTheDocument();
  });

  it('says so when the protocol was created but its id is missing', async () => {
    signInAs();
    serve({
      'POST /api/matches/from-official': {
        status: 201,
        json: { ok: true },
        // MatchSchema gives every created protocol its id: the app's guard for a reply without.
        offContract: 'a created protocol without an id',
      },
    });
    const { router } = renderApp(PATH);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Starta protokoll' }));
    await findToast('Protokollet skapades men kunde inte öppnas automatiskt.');
    expect(router.state.location.pathname).toBe(PATH);
    // Created, not saved: the badge waits for a saved protocol
    // (docs/spec/2-matches-protocols-admin.md §2).
    expect(screen.getByText('Tillgänglig')).toBeInTheDocument();
  });

  it("says 'Kunde inte starta matchen' with the server's reason", async () => {
    signInAs();
    serve({
      'POST /api/matches/from-official': apiError(
        409,
        'LINEUPS_MISSING',
        'Laguppställningarna är inte publicerade ännu. Försök igen senare.',
      ),
    });
    renderApp(PATH);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Starta protokoll' }));
    await findToast('Kunde inte starta matchen');
    await findToast('Laguppställningarna är inte publicerade ännu. Försök igen senare.');
  });

  it('says when the match does not exist, with a way back to the matches', async () => {
    signInAs();
    serve({
      [`GET /api/official-matches/${official.id}`]: apiError(404, 'NOT_FOUND', 'Finns inte.'),
    });
    const { router } = renderApp(PATH);
    expect(await screen.findByText('Kunde inte hämta matchinformationen.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Försök igen' })).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('link', { name: 'Till matcher' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/matches'));
  });

  it('offers to try again when loading failed for another reason', async () => {
    signInAs();
    let calls = 0;
    serve({
      [`GET /api/official-matches/${official.id}`]: () =>
        // A gateway's 503 (the server itself unreachable behind it), then the match.
        ++calls <= 2 ? { status: 503, text: '' } : { json: official },
    });
    renderApp(PATH);
    expect(await screen.findByText('Kunde inte hämta matchinformationen.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Till matcher' })).toHaveAttribute('href', '/matches');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Försök igen' }));
    expect(await screen.findByRole('heading', { name: 'Vargarna vs Dackarna' })).toBeVisible();
  });

  it('lists this year’s meetings of the two teams', async () => {
    signInAs();
    const earlier = makeOfficialMatch({
      start: '2026-10-03T17:00:00.000Z',
      status: 'completed',
      home_score: 47,
      away_score: 43,
    });
    const network = serve({
      'GET /api/official-matches': { json: [earlier, officialSummaryOf(official)] },
    });
    renderApp(PATH);
    expect(await screen.findByRole('heading', { name: 'Inbördes möten i år' })).toBeVisible();
    expect(screen.getByText('47–43')).toBeInTheDocument();
    // The match's calendar year of the list, not the default window (today on).
    expect(network.callsTo('GET /api/official-matches').map((call) => call.search)).toEqual([
      '?from=2026-01-01&to=2026-12-31',
    ]);
  });

  it('follows the match, says so on the button, and unfollows it again', async () => {
    signInAs();
    const network = serve({
      [`PUT /api/official-matches/${official.id}/follow`]: {
        json: { official_match_id: official.id, followed: true },
      },
      [`DELETE /api/official-matches/${official.id}/follow`]: {
        json: { official_match_id: official.id, followed: false },
      },
      'GET /api/follows': { json: [] },
    });
    renderApp(PATH);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Följ match' }));
    const following = await screen.findByRole('button', {
      name: 'Följer – sluta följa matchen',
    });
    expect(following).toHaveTextContent(/^Följer/);
    expect(screen.queryByRole('button', { name: 'Följ match' })).not.toBeInTheDocument();
    expect(network.callsTo(`PUT /api/official-matches/${official.id}/follow`)).toHaveLength(1);
    await user.click(following);
    expect(await screen.findByRole('button', { name: 'Följ match' })).toBeInTheDocument();
    expect(network.callsTo(`DELETE /api/official-matches/${official.id}/follow`)).toHaveLength(1);
  });
});
