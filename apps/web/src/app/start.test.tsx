import { act, screen, waitFor } from '@testing-library/react';
import type { Root } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { withOutbox } from '@/features/protocol/testing/outbox';
import { forgetEarlyRequests } from '@/lib/early-requests';
import { queryClient } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';
import { makeAccount, signInAs } from '@/testing/data';
import { stubFetch } from '@/testing/fetch-stub';
import { squadRoutes } from '@/features/protocol/testing/server';
import { layoutRoutes, NO_ANNOUNCEMENT } from '@/testing/layout-routes';
import {
  makeMatch,
  makeMatchSummary,
  makeOfficialMatch,
  makeTeam,
  MATCH_ID,
} from '@/testing/protocol-data';
import { startPageRequests } from './page-requests';
import { startApp } from './start';

// ADR 021: a signed-in page's reads leave with the first script (main.tsx → startPageRequests)
// and go into the query cache as the app starts (start.tsx), before the page's module has loaded;
// the page then renders from them without asking again.

/** The protocol page's module, held until the test lets it load. */
const routeModule = vi.hoisted(() => {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { released, release, requested: false };
});

vi.mock('./routes/match', async (importOriginal) => {
  routeModule.requested = true;
  await routeModule.released;
  return importOriginal();
});

// The app's RouterProvider comes from react-router/dom, which under Node resolves to another copy
// of react-router than the hooks' (the dual-package hazard): the tests render with the hooks' own.
vi.mock('react-router/dom', async () => {
  const { RouterProvider } = await import('react-router');
  return { RouterProvider };
});

beforeAll(async () => {
  // Transformed outside the tests' time limits (the machine is shared).
  await Promise.all([import('./routes/home'), import('@/lib/offline/persist-queries')]);
}, 60_000);

withOutbox();

let root: Root | null = null;

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  queryClient.clear();
  forgetEarlyRequests();
  window.history.replaceState(null, '', '/');
});

/** Opens `path` as a page load does: the first script's reads, then the app. */
async function load(path: string) {
  window.history.replaceState(null, '', path);
  const element = document.createElement('div');
  element.id = 'root';
  document.body.append(element);
  startPageRequests();
  const started = startApp(element);
  return {
    started: started.then((app) => {
      root = app;
      return app;
    }),
  };
}

const reads = (network: ReturnType<typeof stubFetch>) =>
  network.calls.filter((call) => call.method === 'GET').map((call) => call.path);

describe('a signed-in start', () => {
  it("starts the protocol's query before the page's module has loaded, and the page uses its answer", async () => {
    signInAs();
    const match = makeMatch({ heatsDone: 3 });
    const network = stubFetch({
      // The layout's own reads (inbox, guides) may leave before the test ends.
      ...layoutRoutes(),
      [`GET /api/matches/${MATCH_ID}`]: { json: match },
      'GET /api/account/me': { json: makeAccount() },
      ...squadRoutes(match),
    });
    const { started } = await load(`/match/${MATCH_ID}`);

    await waitFor(() => expect(routeModule.requested).toBe(true));
    // The module is still on its way; the protocol is already asked for, and in the cache.
    expect(reads(network)).toEqual(['/api/account/me', `/api/matches/${MATCH_ID}`]);
    await waitFor(() =>
      expect(queryClient.getQueryData(queryKeys.match(MATCH_ID))).toMatchObject({ id: MATCH_ID }),
    );

    routeModule.release();
    await started;
    expect(await screen.findByText('3/15 Heat komplett')).toBeInTheDocument();
    expect(network.callsTo(`GET /api/matches/${MATCH_ID}`)).toHaveLength(1);
    expect(network.callsTo('GET /api/account/me')).toHaveLength(1);
  });

  it('shows the home page from the reads the first script sent, each sent once', async () => {
    signInAs();
    const network = stubFetch({
      ...layoutRoutes(),
      'GET /api/account/me': { json: makeAccount() },
      'GET /api/system/announcement': { json: NO_ANNOUNCEMENT },
      'GET /api/official-matches': { json: [makeOfficialMatch()] },
      'GET /api/follows': { json: [] },
      'GET /api/matches': { json: [makeMatchSummary()] },
      'GET /api/teams': { json: [makeTeam()] },
    });
    const { started } = await load('/');
    await started;

    expect(await screen.findByRole('link', { name: 'Till protokoll' })).toBeInTheDocument();
    for (const path of [
      '/api/account/me',
      '/api/system/announcement',
      '/api/official-matches',
      '/api/follows',
      '/api/matches',
      '/api/teams',
    ])
      expect(network.callsTo(`GET ${path}`), path).toHaveLength(1);
  });

  it('sends no reads for a signed-out visitor of /auth', async () => {
    const network = stubFetch({});
    const { started } = await load('/auth');
    await started;
    expect(await screen.findByRole('tab', { name: 'Logga in' })).toBeInTheDocument();
    expect(reads(network)).toEqual([]);
  });
});
