import { messages } from '@speedway/rules';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { signInAs } from '@/testing/data';
import { apiError, stubFetch } from '@/testing/fetch-stub';
import { layoutRoutes } from '@/testing/layout-routes';
import { setMediaQuery } from '@/testing/match-media';
import { AWAY_TEAM_ID, HOME_TEAM_ID, makeMatch, MATCH_ID } from '@/testing/protocol-data';
import { findToast, renderApp } from '@/testing/render';
import { NARROW_SCREEN } from '../hooks/use-heat-navigation';
import { makeSavedSummary } from '@/features/saved-matches/testing/saved-match-data';
import { withOutbox } from '../testing/outbox';
import { squadRoutes } from '../testing/server';

// The page loads on first use; transformed here, outside the tests' time limits (the machine is
// shared).
beforeAll(async () => {
  await Promise.all([import('@/app/routes/match')]);
}, 60_000);

const SAVED_ID = '33333333-3333-4333-8333-333333333333';
const counter = (text: string) => screen.findByText(text, { selector: 'span[aria-live]' });

withOutbox();

describe('protocol page', () => {
  it('shows the teams, score, status, venue and progress', async () => {
    signInAs();
    stubFetch({
      ...layoutRoutes(),
      ...squadRoutes(),
      [`GET /api/matches/${MATCH_ID}`]: { json: { ...makeMatch({ heatsDone: 2 }), venue: null } },
    });
    renderApp(`/match/${MATCH_ID}`);
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading).toHaveTextContent('Hemmalaget');
    expect(heading).toHaveTextContent('2–10');
    expect(screen.getByText('Pågår')).toBeInTheDocument();
    expect(screen.getByText('Arena ej angiven')).toBeInTheDocument();
    expect(screen.getByText('2/15 Heat komplett')).toBeInTheDocument();
    // Opens on the first heat to fill.
    expect(await counter('3/15')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Spara protokoll' })).toBeDisabled();
  });

  it('fetches both squads with the protocol, so that they are on the device at the track', async () => {
    signInAs();
    const fetches = stubFetch({
      ...layoutRoutes(),
      ...squadRoutes(),
      [`GET /api/matches/${MATCH_ID}`]: { json: makeMatch({ heatsDone: 14 }) },
      [`GET /api/teams/${HOME_TEAM_ID}/riders`]: { json: { mains: [], reserves: [] } },
      [`GET /api/teams/${AWAY_TEAM_ID}/riders`]: { json: { mains: [], reserves: [] } },
    });
    renderApp(`/match/${MATCH_ID}`);
    expect(await screen.findByText('14/15 Heat komplett')).toBeInTheDocument();
    await waitFor(() => {
      expect(fetches.callsTo(`GET /api/teams/${HOME_TEAM_ID}/riders`)).toHaveLength(1);
      expect(fetches.callsTo(`GET /api/teams/${AWAY_TEAM_ID}/riders`)).toHaveLength(1);
    });
  });

  it('steps back to a registered heat and shows its result with short names', async () => {
    signInAs();
    stubFetch({
      ...layoutRoutes(),
      ...squadRoutes(),
      [`GET /api/matches/${MATCH_ID}`]: { json: makeMatch({ heatsDone: 1 }) },
    });
    renderApp(`/match/${MATCH_ID}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Föregående heat' }));
    expect(await screen.findByText('HEM 1 - 5 BOR')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Totalpoäng' }));
    expect(screen.getByText('Ställning efter heatet')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Nästa heat' }));
    await user.click(screen.getByRole('button', { name: 'Till Heat' }));
    expect(await counter('1/15')).toBeInTheDocument();
  });

  it('shows the match statistics from the engine', async () => {
    signInAs();
    stubFetch({
      ...layoutRoutes(),
      ...squadRoutes(),
      [`GET /api/matches/${MATCH_ID}`]: { json: makeMatch({ heatsDone: 2 }) },
    });
    renderApp(`/match/${MATCH_ID}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Match-statistik' }));
    const dialog = await screen.findByRole('dialog', { name: 'Match-statistik' });
    expect(dialog).toHaveTextContent('Heatvinster');
    expect(dialog).toHaveTextContent('5–1');
    expect(dialog).toHaveTextContent('Hugo Lera');
  });

  it('blocks swiping past the first heat to fill on phones, with the engine’s toast', async () => {
    setMediaQuery(NARROW_SCREEN, true);
    signInAs();
    stubFetch({
      ...layoutRoutes(),
      ...squadRoutes(),
      [`GET /api/matches/${MATCH_ID}`]: { json: makeMatch({ heatsDone: 2 }) },
    });
    renderApp(`/match/${MATCH_ID}`);
    const user = userEvent.setup();
    expect(await counter('3/15')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Nästa heat' }));
    await findToast(messages.fillHeatFirst(3));
    expect(await counter('3/15')).toBeInTheDocument();
    // Going back is always allowed.
    await user.click(screen.getByRole('button', { name: 'Föregående heat' }));
    expect(await counter('2/15')).toBeInTheDocument();
  });

  it('asks for the nomination first when the next heat to fill is nominated', async () => {
    setMediaQuery(NARROW_SCREEN, true);
    signInAs();
    // elitserien-2019 nominates heat 14 as well as 15.
    stubFetch({
      ...layoutRoutes(),
      ...squadRoutes(),
      [`GET /api/matches/${MATCH_ID}`]: {
        json: makeMatch({ rulebook: 'elitserien-2019', heatsDone: 13 }),
      },
    });
    renderApp(`/match/${MATCH_ID}`);
    const user = userEvent.setup();
    expect(await counter('14/15')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nominera heat 14' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Nästa heat' }));
    await findToast(messages.nominateHeatFirst(14));
    expect(await counter('14/15')).toBeInTheDocument();
  });

  it("says 'Nominera heat 15 först' for a swipe past heat 15 before its nomination", async () => {
    setMediaQuery(NARROW_SCREEN, true);
    signInAs();
    stubFetch({
      ...layoutRoutes(),
      ...squadRoutes(),
      [`GET /api/matches/${MATCH_ID}`]: { json: makeMatch({ heatsDone: 14 }) },
    });
    renderApp(`/match/${MATCH_ID}`);
    expect(await counter('15/15')).toBeInTheDocument();
    const slide = screen.getByRole('group', { name: 'Heat 15' }).parentElement!.parentElement!;
    // A sideways swipe (over 50 px, under 40 px up or down) where the carousel cannot go on.
    fireEvent.pointerDown(slide, { clientX: 300, clientY: 400, isPrimary: true });
    fireEvent.pointerUp(slide, { clientX: 180, clientY: 410, isPrimary: true });
    await findToast(messages.nominateHeatFirst(15));
    expect(await counter('15/15')).toBeInTheDocument();
  });

  it('ignores a short or vertical swipe past the last heat', async () => {
    // Sonner keeps its toasts in a module-wide store and replays them to a new Toaster.
    toast.dismiss();
    setMediaQuery(NARROW_SCREEN, true);
    signInAs();
    stubFetch({
      ...layoutRoutes(),
      ...squadRoutes(),
      [`GET /api/matches/${MATCH_ID}`]: { json: makeMatch({ heatsDone: 14 }) },
    });
    renderApp(`/match/${MATCH_ID}`);
    expect(await counter('15/15')).toBeInTheDocument();
    const slide = screen.getByRole('group', { name: 'Heat 15' }).parentElement!.parentElement!;
    // The carousel judges a swipe when the pointer goes up, at once: what it asks for is asked by
    // the time the event has been handled.
    const warning = vi.spyOn(toast, 'warning');
    fireEvent.pointerDown(slide, { clientX: 300, clientY: 400, isPrimary: true });
    fireEvent.pointerUp(slide, { clientX: 260, clientY: 400, isPrimary: true });
    fireEvent.pointerDown(slide, { clientX: 300, clientY: 400, isPrimary: true });
    fireEvent.pointerUp(slide, { clientX: 180, clientY: 480, isPrimary: true });
    expect(warning).not.toHaveBeenCalled();
    // A swipe of the right kind on the same card is taken (so the two above did reach it).
    fireEvent.pointerDown(slide, { clientX: 300, clientY: 400, isPrimary: true });
    fireEvent.pointerUp(slide, { clientX: 180, clientY: 410, isPrimary: true });
    expect(warning).toHaveBeenCalledTimes(1);
    expect(warning).toHaveBeenCalledWith(messages.nominateHeatFirst(15), expect.anything());
  });

  it('shows a saved protocol read-only, with a note and the way to its saved match', async () => {
    signInAs();
    const network = stubFetch({
      ...layoutRoutes(),
      ...squadRoutes(),
      [`GET /api/matches/${MATCH_ID}`]: {
        json: { ...makeMatch({ heatsDone: 15 }), status: 'confirmed' },
      },
      'GET /api/user/matches': {
        json: [makeSavedSummary({ id: SAVED_ID, match_id: MATCH_ID })],
      },
    });
    renderApp(`/match/${MATCH_ID}`);
    expect(await screen.findByText('Sparat protokoll – kan inte ändras')).toBeInTheDocument();
    expect(screen.getByText('15/15 Heat komplett')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ändra heat' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Registrera heat' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /nominering|Nominera/ })).not.toBeInTheDocument();
    expect(screen.getByText('Nomineringen sparades med protokollet.')).toBeInTheDocument();
    const save = screen.getByRole('button', { name: 'Spara protokoll' });
    expect(save).toBeDisabled();
    expect(save).toHaveAccessibleDescription('Protokollet är redan sparat.');
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Visa sparad match' })).toHaveAttribute(
        'href',
        `/my-matches/saved/${SAVED_ID}`,
      ),
    );
    expect(network.calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
  });

  it('keeps an unsaved complete protocol editable and saveable', async () => {
    signInAs();
    stubFetch({
      ...layoutRoutes(),
      ...squadRoutes(),
      [`GET /api/matches/${MATCH_ID}`]: { json: makeMatch({ heatsDone: 15 }) },
    });
    renderApp(`/match/${MATCH_ID}`);
    expect(await screen.findByRole('button', { name: 'Ändra heat' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Spara protokoll' })).toBeEnabled();
    expect(screen.queryByText('Sparat protokoll – kan inte ändras')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Visa sparad match' })).not.toBeInTheDocument();
  });

  it('lets wider screens look ahead', async () => {
    signInAs();
    stubFetch({
      ...layoutRoutes(),
      ...squadRoutes(),
      [`GET /api/matches/${MATCH_ID}`]: { json: makeMatch({ heatsDone: 2 }) },
    });
    renderApp(`/match/${MATCH_ID}`);
    const user = userEvent.setup();
    expect(await counter('3/15')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Nästa heat' }));
    expect(await counter('4/15')).toBeInTheDocument();
    expect(screen.getByText(messages.fillHeatFirst(3))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Registrera heat' })).toBeDisabled();
  });

  it("loads nothing for 'preview'", async () => {
    signInAs();
    const network = stubFetch({
      ...layoutRoutes(),
      ...squadRoutes(),
    });
    renderApp('/match/preview');
    expect(
      await screen.findByRole('heading', { name: 'Inget matchprotokoll aktivt' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Till matcher' })).toHaveAttribute('href', '/matches');
    expect(network.calls.filter((c) => c.path.startsWith('/api/matches'))).toHaveLength(0);
  });

  it("says 'Något gick fel' when loading fails", async () => {
    signInAs();
    stubFetch({
      ...layoutRoutes(),
      ...squadRoutes(),
      [`GET /api/matches/${MATCH_ID}`]: apiError(500, 'INTERNAL_ERROR', 'Fel'),
    });
    renderApp(`/match/${MATCH_ID}`);
    expect(await screen.findByRole('heading', { name: 'Något gick fel' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Till matcher' })).toHaveAttribute('href', '/matches');
  });

  it('treats a protocol the server does not know as none', async () => {
    signInAs();
    stubFetch({
      ...layoutRoutes(),
      ...squadRoutes(),
      [`GET /api/matches/${MATCH_ID}`]: apiError(404, 'NOT_FOUND', 'Protokollet finns inte.'),
    });
    renderApp(`/match/${MATCH_ID}`);
    expect(
      await screen.findByRole('heading', { name: 'Inget matchprotokoll aktivt' }),
    ).toBeVisible();
  });

  it.each([401, 403])('sends a %i to /auth, remembering the match', async (status) => {
    signInAs();
    stubFetch({
      ...layoutRoutes(),
      ...squadRoutes(),
      [`GET /api/matches/${MATCH_ID}`]: apiError(
        status,
        status === 401 ? 'SESSION_INVALID' : 'FORBIDDEN',
        'Ingen åtkomst.',
      ),
    });
    const { router } = renderApp(`/match/${MATCH_ID}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(router.state.location.state).toEqual({ from: `/match/${MATCH_ID}` });
  });
});
