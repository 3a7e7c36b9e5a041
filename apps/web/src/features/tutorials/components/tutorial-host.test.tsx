import {
  emptyTutorialState,
  TUTORIAL_PAGE_KEYS,
  type TutorialState,
  type TutorialUpdateBody,
} from '@speedway/contracts/tutorials';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useEffect, useState } from 'react';
import { AppProvider } from '@/app/provider';
import { useAuth } from '@/lib/auth';
import { createQueryClient } from '@/lib/query-client';
import { killNetwork } from '@/testing/dead-network';
import { signInAs } from '@/testing/data';
import { apiError, stubFetch, type StubRequest } from '@/testing/fetch-stub';
import { expectConsoleWarn } from '@/testing/strict-test';
import { tutorialStatusKey, tutorialStatusQueryOptions } from '../api/get-tutorial-status';
import { applyUpdate } from '../lib/apply-update';
import { INTRO_COMPLETED_EVENT } from '../lib/events';
import { resetTutorialSync } from '../lib/sync';
import { TUTORIAL_STORAGE_PREFIX } from '../lib/tutorial-storage';
import TutorialHostForUser from './tutorial-host';

// The pages load on first use; transformed here, outside the tests' time limits (the machine is
// shared).
beforeAll(async () => {
  await Promise.all([import('./intro-dialog'), import('./spotlight-tour')]);
}, 60_000);

const PATH = '/api/account/tutorials';

function stateWith(patch: Partial<TutorialState> = {}): TutorialState {
  return { ...emptyTutorialState(), ...patch };
}

const introDone = () => stateWith({ introCompleted: true });

/** A server keeping one user's state, answering as the real one does (contracts/tutorials.ts). */
function tutorialServer(initial: TutorialState) {
  let state = initial;
  const network = stubFetch({
    [`GET ${PATH}`]: () => ({ json: { tutorial: state } }),
    [`PUT ${PATH}`]: (req: StubRequest) => {
      state = applyUpdate(state, req.body as TutorialUpdateBody);
      return { json: { tutorial: state } };
    },
  });
  return {
    network,
    puts: () => network.callsTo(`PUT ${PATH}`).map((c) => c.body),
    state: () => state,
  };
}

/** Pages with the home guide's targets; the heat dialog's part when `dialog` is set. */
function Page({ dialog = false }: { dialog?: boolean }) {
  return (
    <main>
      <h1>Testsida</h1>
      <section data-tutorial="next-match">Nästa match</section>
      <section data-tutorial="home-overview">Översikt</section>
      <div data-tutorial="home-lists">Listor</div>
      {dialog ? (
        <div data-tutorial-page="heatDialog" tabIndex={-1}>
          <div data-tutorial="placement-buttons">1 2 3 4</div>
          <div data-tutorial="heat-unlock">Lås upp</div>
        </div>
      ) : null}
      <button type="button">Sidans knapp</button>
    </main>
  );
}

/** When the tutorial state last changed (fetched, failed or updated), 0 before it is known. */
const changedAt = (state: { dataUpdatedAt: number; errorUpdatedAt: number } | undefined) =>
  Math.max(state?.dataUpdatedAt ?? 0, state?.errorUpdatedAt ?? 0);

/**
 * Marks, one animation frame after the host got each tutorial state, which state that was. A
 * guide starts in the animation frame after its state arrives (whenTargetAppears in ../lib/dom.ts),
 * and the intro in the same render: once the mark shows the latest state, whatever the host would
 * show for it is on screen. A disabled observer, so it sends nothing; mounted after the host, so
 * its frame is asked for after the host's.
 */
function SettledMark() {
  const { user } = useAuth();
  const query = useQuery({ ...tutorialStatusQueryOptions(user?.id ?? ''), enabled: false });
  const at = changedAt(query);
  const [seen, setSeen] = useState(0);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setSeen(at));
    return () => cancelAnimationFrame(frame);
  }, [at]);
  return <output data-testid="tutorial-settled" data-seen={seen} />;
}

/** Until the host has acted on the last state it has: no call on its way, and its frame passed. */
async function untilSettled(queryClient: QueryClient, userId: string) {
  await waitFor(() => {
    expect(queryClient.isFetching() + queryClient.isMutating()).toBe(0);
    const at = changedAt(queryClient.getQueryState(tutorialStatusKey(userId)));
    expect(at).toBeGreaterThan(0);
    expect(screen.getByTestId('tutorial-settled')).toHaveAttribute('data-seen', String(at));
  });
}

function renderHost(path = '/', { dialog = false } = {}) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <Outlet />
            <TutorialHostForUser />
            <SettledMark />
          </>
        ),
        children: [
          { path: '/', element: <Page dialog={dialog} /> },
          { path: '/dashboard', element: <Page /> },
          { path: '/match/:id', element: <Page dialog={dialog} /> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { router, queryClient };
}

const panel = () => screen.queryByRole('dialog');

beforeEach(() => {
  resetTutorialSync();
  // jsdom lays nothing out: give every marked target a box, as a browser would.
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
    this: HTMLElement,
  ) {
    const boxed = this.hasAttribute('data-tutorial');
    return new DOMRect(20, 100, boxed ? 300 : 0, boxed ? 60 : 0);
  });
});

afterEach(() => vi.restoreAllMocks());

describe('the intro', () => {
  it('shows after login when not completed: three steps, Next and Back, and finishing it is stored and announced', async () => {
    signInAs();
    const server = tutorialServer(stateWith());
    const completed = vi.fn();
    window.addEventListener(INTRO_COMPLETED_EVENT, completed);
    renderHost('/dashboard');
    const user = userEvent.setup();

    const dialog = await screen.findByRole('dialog', {
      name: 'Välkommen till Speedway Elitserien',
    });
    expect(dialog).toHaveTextContent('Steg 1 av 3');
    // Radix locks the page's scrolling while the modal is open.
    expect(document.body).toHaveStyle({ overflow: 'hidden' });
    await user.click(screen.getByRole('button', { name: 'Nästa' }));
    expect(await screen.findByRole('dialog', { name: 'Starta ett protokoll' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Tillbaka' }));
    expect(await screen.findByRole('dialog', { name: /Välkommen/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Nästa' }));
    await user.click(screen.getByRole('button', { name: 'Nästa' }));
    await user.click(screen.getByRole('button', { name: 'Kom igång' }));

    await waitFor(() => expect(panel()).toBeNull());
    expect(completed).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(server.puts()).toEqual([{ tutorial: { introCompleted: true } }]));
    expect(server.state().introCompleted).toBe(true);
    window.removeEventListener(INTRO_COMPLETED_EVENT, completed);
  });

  it('finishing the intro starts the page guide of the page it was shown on', async () => {
    signInAs();
    tutorialServer(stateWith());
    renderHost('/');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Hoppa över' }));
    const guide = await screen.findByRole('dialog', { name: 'Nästa match' });
    expect(guide).toHaveTextContent('Steg 1 av 3');
    expect(guide).toHaveAccessibleDescription(/Matchkortet visar nästa officiella match/);
  });

  it('is not shown when it was reset during this session (it waits for the next login)', async () => {
    const user = signInAs();
    const { deferIntroToNextLogin } = await import('../lib/tutorial-storage');
    deferIntroToNextLogin(user.id, 'test-token');
    const server = tutorialServer(stateWith());
    const { queryClient } = renderHost('/dashboard');
    await untilSettled(queryClient, user.id);
    expect(server.network.callsTo(`GET ${PATH}`)).toHaveLength(1);
    expect(panel()).toBeNull();
  });

  it('is not shown when completed', async () => {
    const server = tutorialServer(introDone());
    const user = signInAs();
    const { queryClient } = renderHost('/dashboard');
    await untilSettled(queryClient, user.id);
    expect(server.network.callsTo(`GET ${PATH}`)).toHaveLength(1);
    expect(panel()).toBeNull();
  });
});

describe('page guides', () => {
  it('Next advances and stores the step; the last Next finishes, marks the page completed, resets the step and never restarts it', async () => {
    const { id } = signInAs();
    const server = tutorialServer(introDone());
    const { queryClient } = renderHost('/');
    const user = userEvent.setup();

    expect(await screen.findByRole('dialog', { name: 'Nästa match' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Nästa' }));
    expect(await screen.findByRole('dialog', { name: 'Matchöversikt' })).toHaveTextContent(
      'Steg 2 av 3',
    );
    await user.click(screen.getByRole('button', { name: 'Tillbaka' }));
    expect(await screen.findByRole('dialog', { name: 'Nästa match' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Nästa' }));
    await user.click(await screen.findByRole('button', { name: 'Nästa' }));
    await user.click(await screen.findByRole('button', { name: 'Klar' }));

    await waitFor(() => expect(panel()).toBeNull());
    await waitFor(() =>
      expect(server.puts()).toEqual([
        { tutorial: { pages: { home: { step: 1 } } } },
        { tutorial: { pages: { home: { step: 0 } } } },
        { tutorial: { pages: { home: { step: 1 } } } },
        { tutorial: { pages: { home: { step: 2 } } } },
        { tutorial: { pages: { home: { completed: true, step: 0 } } } },
      ]),
    );
    expect(server.state().pages.home).toEqual({ completed: true, step: 0 });
    await untilSettled(queryClient, id);
    expect(panel()).toBeNull();
  });

  it('Skip, close and Escape each finish the guide', async () => {
    for (const how of ['skip', 'close', 'escape'] as const) {
      signInAs();
      const server = tutorialServer(introDone());
      renderHost('/');
      const user = userEvent.setup();
      await screen.findByRole('dialog', { name: 'Nästa match' });
      if (how === 'skip') await user.click(screen.getByRole('button', { name: 'Hoppa över' }));
      if (how === 'close') await user.click(screen.getByRole('button', { name: 'Stäng guiden' }));
      if (how === 'escape') await user.keyboard('{Escape}');
      await waitFor(() => expect(panel()).toBeNull());
      await waitFor(() =>
        expect(server.puts()).toEqual([
          { tutorial: { pages: { home: { completed: true, step: 0 } } } },
        ]),
      );
      localStorage.clear();
      cleanup();
    }
  });

  it('is a labelled modal dialog: focus goes to Next, stays inside, and returns where it was', async () => {
    signInAs();
    tutorialServer(introDone());
    renderHost('/');
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Nästa match' });
    expect(dialog).toHaveAccessibleDescription(/Matchkortet/);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Nästa' })).toHaveFocus());
    for (let i = 0; i < 5; i++) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    expect(screen.getByText('Steg 1 av 3: Nästa match')).toHaveAttribute('aria-live', 'polite');
  });

  it('resumes at the stored step, clamped to the guide', async () => {
    signInAs();
    const state = introDone();
    state.pages.home = { completed: false, step: 7 };
    tutorialServer(state);
    renderHost('/');
    const dialog = await screen.findByRole('dialog', { name: 'Matcher och tabell' });
    expect(dialog).toHaveTextContent('Steg 3 av 3');
  });

  it('does not start when the intro is not completed, the page is completed or has no guide', async () => {
    // Intro not completed but deferred to the next login: no intro and no page guide either.
    const user = signInAs();
    const { deferIntroToNextLogin } = await import('../lib/tutorial-storage');
    deferIntroToNextLogin(user.id, 'test-token');
    const first = tutorialServer(stateWith());
    const one = renderHost('/');
    await untilSettled(one.queryClient, user.id);
    expect(first.network.callsTo(`GET ${PATH}`)).toHaveLength(1);
    expect(panel()).toBeNull();
    cleanup();

    const done = introDone();
    done.pages.home = { completed: true, step: 0 };
    const second = tutorialServer(done);
    const two = renderHost('/');
    await untilSettled(two.queryClient, user.id);
    expect(second.network.callsTo(`GET ${PATH}`)).toHaveLength(1);
    expect(panel()).toBeNull();
    cleanup();

    const third = tutorialServer(introDone());
    const three = renderHost('/dashboard');
    await untilSettled(three.queryClient, user.id);
    expect(third.network.callsTo(`GET ${PATH}`)).toHaveLength(1);
    expect(panel()).toBeNull();
  });

  it('starts the heat dialog guide when the dialog opens, pointing at the placement buttons and the lock', async () => {
    signInAs();
    const state = introDone();
    state.pages.matchProtocol = { completed: true, step: 0 };
    tutorialServer(state);
    renderHost('/match/42', { dialog: true });
    const user = userEvent.setup();
    const first = await screen.findByRole('dialog', { name: 'Placering 1–4' });
    expect(first).toHaveAccessibleDescription(/Välj förarens placering 1–4 genom att klicka/);
    await user.click(screen.getByRole('button', { name: 'Nästa' }));
    const second = await screen.findByRole('dialog', { name: 'Förarbyte med låset' });
    expect(second).toHaveAccessibleDescription(/Låsikonen.*reservförare/);
    // Escape closes the guide; focus goes back into the heat dialog, not to the page behind.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(panel()).toBeNull());
    const part = document.querySelector('[data-tutorial-page="heatDialog"]')!;
    await waitFor(() => expect(part.contains(document.activeElement)).toBe(true));
  });
});

describe('sync with the server', () => {
  it('a 404 turns syncing off: progress stays on the device and nothing more is sent', async () => {
    const user = signInAs();
    expectConsoleWarn(/^Tutorial: servern saknar tutorialstatus \(404\); synk avstängd\./);
    const network = stubFetch({
      [`GET ${PATH}`]: apiError(404, 'NOT_FOUND', 'Hittades inte.'),
      [`PUT ${PATH}`]: apiError(404, 'NOT_FOUND', 'Hittades inte.'),
    });
    renderHost('/dashboard');
    const ui = userEvent.setup();
    // The device knows nothing: the intro shows, from the local state.
    await ui.click(await screen.findByRole('button', { name: 'Hoppa över' }));
    await waitFor(() => expect(panel()).toBeNull());
    expect(network.callsTo(`PUT ${PATH}`)).toHaveLength(0);
    const stored = JSON.parse(localStorage.getItem(`${TUTORIAL_STORAGE_PREFIX}${user.id}`)!) as {
      state: TutorialState;
    };
    expect(stored.state.introCompleted).toBe(true);
  });

  it('a failed fetch is only logged; the device’s own state decides', async () => {
    const user = signInAs();
    expectConsoleWarn(/^Tutorial: kunde inte hämta tutorialstatus\. \(Internt fel\.\)/);
    const done = introDone();
    done.pages.home = { completed: true, step: 0 };
    localStorage.setItem(
      `${TUTORIAL_STORAGE_PREFIX}${user.id}`,
      JSON.stringify({ state: done, pending: null }),
    );
    const network = stubFetch({ [`GET ${PATH}`]: apiError(500, 'INTERNAL_ERROR', 'Internt fel.') });
    const { queryClient } = renderHost('/');
    // After its one retry (lib/query-client.ts) the query fails, and the host acts on that.
    await waitFor(() =>
      expect(queryClient.getQueryState(tutorialStatusKey(user.id))?.status).toBe('error'),
    );
    await untilSettled(queryClient, user.id);
    expect(network.callsTo(`GET ${PATH}`).length).toBeGreaterThan(0);
    expect(panel()).toBeNull();
  });

  it('a fetch the network never answered is not logged (no network is no fault); the device decides', async () => {
    const user = signInAs();
    localStorage.setItem(
      `${TUTORIAL_STORAGE_PREFIX}${user.id}`,
      JSON.stringify({ state: introDone(), pending: null }),
    );
    killNetwork();
    const { queryClient } = renderHost('/');
    await waitFor(() =>
      expect(
        queryClient.getQueryState(tutorialStatusKey(user.id))?.fetchFailureCount,
      ).toBeGreaterThan(0),
    );
    expect(panel()).toBeNull();
  });

  it('a failed progress report is logged and sent again with the next fetch', async () => {
    const user = signInAs();
    expectConsoleWarn(/^Tutorial: kunde inte uppdatera tutorialstatus\./);
    let fail = true;
    let state = introDone();
    const network = stubFetch({
      [`GET ${PATH}`]: () => ({ json: { tutorial: state } }),
      [`PUT ${PATH}`]: (req: StubRequest) => {
        if (fail) return apiError(500, 'INTERNAL_ERROR', 'Internt fel.');
        state = applyUpdate(state, req.body as TutorialUpdateBody);
        return { json: { tutorial: state } };
      },
    });
    renderHost('/');
    const ui = userEvent.setup();
    await ui.click(await screen.findByRole('button', { name: 'Hoppa över' }));
    const stored = () =>
      JSON.parse(localStorage.getItem(`${TUTORIAL_STORAGE_PREFIX}${user.id}`)!) as {
        pending: unknown;
      };
    await waitFor(() =>
      expect(stored().pending).toEqual({ pages: { home: { completed: true, step: 0 } } }),
    );
    expect(network.callsTo(`PUT ${PATH}`)).toHaveLength(1);

    // The next visit sends what was missing first, and takes the server's answer.
    fail = false;
    cleanup();
    renderHost('/dashboard');
    await waitFor(() => expect(state.pages.home.completed).toBe(true));
    expect(network.callsTo(`PUT ${PATH}`).at(-1)?.body).toEqual({
      tutorial: { pages: { home: { completed: true, step: 0 } } },
    });
  });

  it('clears guest tutorial keys on sign-in and keeps other users’ keys', async () => {
    signInAs();
    localStorage.setItem(`${TUTORIAL_STORAGE_PREFIX}guest`, '{}');
    localStorage.setItem(`${TUTORIAL_STORAGE_PREFIX}guest.home`, '1');
    localStorage.setItem(`${TUTORIAL_STORAGE_PREFIX}someone-else`, '{}');
    tutorialServer(introDone());
    renderHost('/dashboard');
    await waitFor(() => expect(localStorage.getItem(`${TUTORIAL_STORAGE_PREFIX}guest`)).toBeNull());
    expect(localStorage.getItem(`${TUTORIAL_STORAGE_PREFIX}guest.home`)).toBeNull();
    expect(localStorage.getItem(`${TUTORIAL_STORAGE_PREFIX}someone-else`)).toBe('{}');
  });

  it('covers every page key in the state it keeps', async () => {
    const user = signInAs();
    tutorialServer(introDone());
    renderHost('/dashboard');
    await waitFor(() =>
      expect(localStorage.getItem(`${TUTORIAL_STORAGE_PREFIX}${user.id}`)).not.toBeNull(),
    );
    const stored = JSON.parse(localStorage.getItem(`${TUTORIAL_STORAGE_PREFIX}${user.id}`)!) as {
      state: TutorialState;
    };
    expect(Object.keys(stored.state.pages).sort()).toEqual([...TUTORIAL_PAGE_KEYS].sort());
  });
});
