import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signInAs } from '@/testing/data';
import { apiError, stubFetch } from '@/testing/fetch-stub';
import {
  makeMatch,
  makeOfficialDetail,
  makeOfficialMatch,
  MATCH_ID,
} from '@/testing/protocol-data';
import { findToast, renderApp } from '@/testing/render';

type Routes = Parameters<typeof stubFetch>[0];

const official = makeOfficialDetail({
  start: '2026-11-28T17:00:00.000Z',
  tv: 'TV4 Play',
  referee: 'Olle Flaggman',
});
const PATH = `/matches/official/${official.id}`;

function serve(routes: Routes = {}) {
  return stubFetch({
    [`GET /api/official-matches/${official.id}`]: { json: official },
    'GET /api/official-matches': { json: [official] },
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

  it("says 'Matchprotokoll skapat' once the user has a protocol of it", async () => {
    signInAs();
    serve({
      [`GET /api/official-matches/${official.id}`]: {
        json: { ...official, consumedByCurrentUser: true, protocol_id: MATCH_ID },
      },
    });
    renderApp(PATH);
    expect(await screen.findByText('Matchprotokoll skapat')).toBeInTheDocument();
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
    expect(network.callsTo('POST /api/matches/from-official')[0]?.body).toEqual({
      official_match_id: official.id,
    });
    expect(await screen.findByText('0/15 Heat komplett')).toBeInTheDocument();
  });

  it('says so when the protocol was created but its id is missing', async () => {
    signInAs();
    serve({ 'POST /api/matches/from-official': { status: 201, json: { ok: true } } });
    const { router } = renderApp(PATH);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Starta protokoll' }));
    expect(
      await findToast('Protokollet skapades men kunde inte öppnas automatiskt.'),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(PATH);
    expect(screen.getByText('Matchprotokoll skapat')).toBeInTheDocument();
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
    expect(await findToast('Kunde inte starta matchen')).toBeInTheDocument();
    expect(
      await findToast('Laguppställningarna är inte publicerade ännu. Försök igen senare.'),
    ).toBeInTheDocument();
  });

  it('says when the match could not be loaded', async () => {
    signInAs();
    serve({
      [`GET /api/official-matches/${official.id}`]: apiError(404, 'NOT_FOUND', 'Finns inte.'),
    });
    renderApp(PATH);
    expect(await screen.findByText('Kunde inte hämta matchinformationen.')).toBeInTheDocument();
  });

  it('lists this year’s meetings of the two teams', async () => {
    signInAs();
    const earlier = makeOfficialMatch({
      start: '2026-10-03T17:00:00.000Z',
      status: 'completed',
      home_score: 47,
      away_score: 43,
    });
    serve({ 'GET /api/official-matches': { json: [earlier, official] } });
    renderApp(PATH);
    expect(await screen.findByRole('heading', { name: 'Inbördes möten i år' })).toBeVisible();
    expect(screen.getByText('47–43')).toBeInTheDocument();
  });

  it('follows the match', async () => {
    signInAs();
    const network = serve({
      [`PUT /api/official-matches/${official.id}/follow`]: {
        json: { official_match_id: official.id, followed: true },
      },
      'GET /api/follows': { json: [] },
    });
    renderApp(PATH);
    const user = userEvent.setup();
    const follow = await screen.findByRole('button', { name: 'Följ match' });
    expect(follow).toHaveAttribute('aria-pressed', 'false');
    await user.click(follow);
    await waitFor(() => expect(follow).toHaveAttribute('aria-pressed', 'true'));
    expect(network.callsTo(`PUT /api/official-matches/${official.id}/follow`)).toHaveLength(1);
  });
});
