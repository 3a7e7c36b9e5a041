import 'fake-indexeddb/auto';
import type { HeatSaveResponse, Match } from '@speedway/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { listEntries } from '@/lib/offline/db';
import { closeOutbox, freshIndexedDb } from '@/lib/offline/testing/fake-server';
import { queryKeys } from '@/lib/query-keys';
import { signInAs } from '@/testing/data';
import { apiError, holdReply, stubFetch } from '@/testing/fetch-stub';
import { layoutRoutes } from '@/testing/layout-routes';
import {
  makeMatch,
  makeOfficialDetail,
  MATCH_ID,
  officialSummaryOf,
} from '@/testing/protocol-data';
import { findToast, renderApp } from '@/testing/render';
import { STARTED_ON_DEVICE } from './start-protocol-button';

// ADR 019: 'Starta protokoll' without a network makes the protocol on the device and opens it;
// its heats queue behind the start, and once the network is back the start goes first, then the
// heats, under the id the device chose.

beforeAll(async () => {
  await Promise.all([
    import('@/app/routes/official-match'),
    import('@/app/routes/match'),
    import('@/lib/offline/replay'),
    import('@/lib/offline/apply-reply'),
  ]);
}, 60_000);
beforeEach(freshIndexedDb);
afterEach(closeOutbox);

const official = makeOfficialDetail();
const PATH = `/matches/official/${official.id}`;
const START = 'POST /api/matches/from-official';

/** What the app asks for by itself meanwhile: answered, so the server counts as reachable. */
const BACKGROUND = {
  ...layoutRoutes(),
  'GET /api/health': { json: { status: 'ok' } },
  // Lists a start changes are asked for again.
  'GET /api/official-matches': { json: [officialSummaryOf(official)] },
};

function goOffline() {
  const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  act(() => void window.dispatchEvent(new Event('offline')));
  return () => {
    onLine.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
  };
}

/** Heat 1 as ridden: lane i takes place i + 1. */
async function registerHeatOne() {
  const user = userEvent.setup();
  const slide = screen.getAllByRole('group').find((g) => !g.hasAttribute('inert'))!;
  await user.click(within(slide).getByRole('button', { name: 'Registrera heat' }));
  const dialog = await screen.findByRole('dialog');
  await within(dialog).findByRole('group', { name: 'Placering spår 1' });
  for (const place of [1, 2, 3, 4]) {
    const lane = within(dialog).getByRole('group', { name: `Placering spår ${place}` });
    await user.click(within(lane).getByRole('button', { name: `Placering ${place}` }));
  }
  await user.click(within(dialog).getByRole('button', { name: 'Spara resultat' }));
  await screen.findByText('1/15 Heat komplett');
}

/** Starts the protocol offline from the official match's page; the id the device chose. */
async function startOffline(): Promise<
  { id: string; online: () => void } & ReturnType<typeof renderApp>
> {
  const rendered = renderApp(PATH);
  await screen.findByRole('heading', { name: 'Vargarna vs Dackarna' });
  const online = goOffline();
  await userEvent.setup().click(screen.getByRole('button', { name: 'Starta protokoll' }));
  await findToast(STARTED_ON_DEVICE);
  await waitFor(() => expect(rendered.router.state.location.pathname).toMatch(/^\/match\//));
  const id = rendered.router.state.location.pathname.slice('/match/'.length);
  expect(await screen.findByText('0/15 Heat komplett')).toBeInTheDocument();
  return { ...rendered, id, online };
}

describe('a protocol started offline', () => {
  it('opens on the device, takes heats, and reaches the server once: the start first, then the heats', async () => {
    const user = signInAs();
    const start = holdReply();
    const network = stubFetch({
      ...layoutRoutes(),
      ...BACKGROUND,
      [`GET /api/official-matches/${official.id}`]: { json: official },
      [START]: start.handler,
    });
    const { id, online, queryClient } = await startOffline();
    await registerHeatOne();
    expect(network.callsTo(START)).toHaveLength(0);
    const queued = await listEntries(user.id);
    expect(queued.map((e) => [e.kind, e.matchId])).toEqual([
      ['start-protocol', id],
      ['heat', id],
    ]);

    // Back online, before the server has the start: it does not know the protocol yet (404), and
    // the page keeps showing the device's protocol rather than 'Inget matchprotokoll aktivt'.
    const server = makeMatch({ id });
    const heatReply: HeatSaveResponse = {
      heat: { ...server.heats[0]! },
      home_score: 5,
      away_score: 1,
      completed_heats: 1,
      status: 'live',
      updated_at: '2026-11-28T18:00:00.000Z',
    };
    const heat = holdReply();
    const routes = stubFetch({
      ...layoutRoutes(),
      ...BACKGROUND,
      [`GET /api/official-matches/${official.id}`]: { json: official },
      [START]: start.handler,
      [`GET /api/matches/${id}`]: apiError(404, 'NOT_FOUND', 'Protokollet finns inte.'),
      [`POST /api/matches/${id}/heat/1/save`]: heat.handler,
      [`GET /api/teams/${server.home_team_id}/riders`]: { json: { mains: [], reserves: [] } },
      [`GET /api/teams/${server.away_team_id}/riders`]: { json: { mains: [], reserves: [] } },
    });
    online();
    await waitFor(() => expect(routes.callsTo(START)).toHaveLength(1));
    await act(() => queryClient.invalidateQueries({ queryKey: queryKeys.match(id) }));
    await waitFor(() => expect(routes.callsTo(`GET /api/matches/${id}`)).toHaveLength(1));
    expect(screen.queryByText('Inget matchprotokoll aktivt')).not.toBeInTheDocument();
    expect(screen.getByText('1/15 Heat komplett')).toBeInTheDocument();
    // The heat waits for the start's answer.
    expect(routes.callsTo(`POST /api/matches/${id}/heat/1/save`)).toHaveLength(0);

    start.release({ status: 201, json: server });
    await waitFor(() =>
      expect(routes.callsTo(`POST /api/matches/${id}/heat/1/save`)).toHaveLength(1),
    );
    heat.release({ json: heatReply });
    await waitFor(() => expect(screen.queryByText('Väntar på nätet')).not.toBeInTheDocument());
    expect(routes.callsTo(START)).toHaveLength(1);
    expect(routes.callsTo(START)[0]!.body).toEqual({ official_match_id: official.id, id });
    expect(queryClient.getQueryData<Match>(queryKeys.match(id))?.completed_heats).toBe(1);
  });

  it('moves to the protocol the server answers with when the user had one of the match', async () => {
    signInAs();
    const network = stubFetch({
      ...BACKGROUND,
      [`GET /api/official-matches/${official.id}`]: { json: official },
    });
    const { online, router } = await startOffline();
    expect(network.callsTo(START)).toHaveLength(0);

    const theirs = makeMatch({ id: MATCH_ID, heatsDone: 2 });
    stubFetch({
      ...layoutRoutes(),
      ...BACKGROUND,
      [`GET /api/official-matches/${official.id}`]: { json: official },
      [START]: { status: 200, json: theirs },
      [`GET /api/matches/${MATCH_ID}`]: { json: theirs },
      [`GET /api/teams/${theirs.home_team_id}/riders`]: { json: { mains: [], reserves: [] } },
      [`GET /api/teams/${theirs.away_team_id}/riders`]: { json: { mains: [], reserves: [] } },
    });
    online();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/match/${MATCH_ID}`));
    expect(await screen.findByText('2/15 Heat komplett')).toBeInTheDocument();
  });
});
