import {
  emptyTutorialState,
  TUTORIAL_PAGE_KEYS,
  type TutorialState,
  type TutorialUpdateBody,
} from '@speedway/contracts/tutorials';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { createQueryClient } from '@/lib/query-client';
import { signInAs } from '@/testing/data';
import { apiError, stubFetch, type StubRequest } from '@/testing/fetch-stub';
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

function renderHost(path = '/', { dialog = false } = {}) {
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <Outlet />
            <TutorialHostForUser />
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
    <AppProvider queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return router;
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
    renderHost('/dashboard');
    await waitFor(() => expect(server.network.callsTo(`GET ${PATH}`)).toHaveLength(1));
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(panel()).toBeNull();
  });

  it('is not shown when completed', async () => {
    const server = tutorialServer(introDone());
    signInAs();
    renderHost('/dashboard');
    await waitFor(() => expect(server.network.callsTo(`GET ${PATH}`)).toHaveLength(1));
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(panel()).toBeNull();
  });
});

describe('page guides', () => {
  it('Next advances and stores the step; the last Next finishes, marks the page completed, resets the step and never restarts it', async () => {
    signInAs();
    const server = tutorialServer(introDone());
    renderHost('/');
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
    await act(() => new Promise((r) => setTimeout(r, 100)));
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
      document.body.innerHTML = '';
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
    renderHost('/');
    await waitFor(() => expect(first.network.callsTo(`GET ${PATH}`)).toHaveLength(1));
    await act(() => new Promise((r) => setTimeout(r, 100)));
    expect(panel()).toBeNull();
    document.body.innerHTML = '';

    const done = introDone();
    done.pages.home = { completed: true, step: 0 };
    const second = tutorialServer(done);
    renderHost('/');
    await waitFor(() => expect(second.network.callsTo(`GET ${PATH}`)).toHaveLength(1));
    await act(() => new Promise((r) => setTimeout(r, 100)));
    expect(panel()).toBeNull();
    document.body.innerHTML = '';

    const third = tutorialServer(introDone());
    renderHost('/dashboard');
    await waitFor(() => expect(third.network.callsTo(`GET ${PATH}`)).toHaveLength(1));
    await act(() => new Promise((r) => setTimeout(r, 100)));
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
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
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
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/404/));
  });

  it('a failed fetch is only logged; the device’s own state decides', async () => {
    const user = signInAs();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const done = introDone();
    done.pages.home = { completed: true, step: 0 };
    localStorage.setItem(
      `${TUTORIAL_STORAGE_PREFIX}${user.id}`,
      JSON.stringify({ state: done, pending: null }),
    );
    const network = stubFetch({ [`GET ${PATH}`]: { status: 500, json: { message: 'Fel.' } } });
    renderHost('/');
    await waitFor(() => expect(network.callsTo(`GET ${PATH}`).length).toBeGreaterThan(0));
    await waitFor(() => expect(warn).toHaveBeenCalled(), { timeout: 4000 });
    await act(() => new Promise((r) => setTimeout(r, 100)));
    expect(panel()).toBeNull();
  });

  it('a failed progress report is logged and sent again with the next fetch', async () => {
    const user = signInAs();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    let fail = true;
    let state = introDone();
    const network = stubFetch({
      [`GET ${PATH}`]: () => ({ json: { tutorial: state } }),
      [`PUT ${PATH}`]: (req: StubRequest) => {
        if (fail) return { status: 503, json: { message: 'Inte nu.' } };
        state = applyUpdate(state, req.body as TutorialUpdateBody);
        return { json: { tutorial: state } };
      },
    });
    renderHost('/');
    const ui = userEvent.setup();
    await ui.click(await screen.findByRole('button', { name: 'Hoppa över' }));
    await waitFor(() => expect(warn).toHaveBeenCalled());
    const stored = JSON.parse(localStorage.getItem(`${TUTORIAL_STORAGE_PREFIX}${user.id}`)!) as {
      pending: unknown;
    };
    expect(stored.pending).toEqual({ pages: { home: { completed: true, step: 0 } } });

    // The next visit sends what was missing first, and takes the server's answer.
    fail = false;
    document.body.innerHTML = '';
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
