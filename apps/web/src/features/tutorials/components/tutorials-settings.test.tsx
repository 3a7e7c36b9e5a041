import {
  emptyTutorialState,
  type TutorialState,
  type TutorialUpdateBody,
} from '@speedway/contracts/tutorials';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeAccount, signInAs } from '@/testing/data';
import { apiError, stubFetch, type StubRequest } from '@/testing/fetch-stub';
import { layoutRoutes } from '@/testing/layout-routes';
import { expectConsoleWarn } from '@/testing/strict-test';
import { findToast, renderApp } from '@/testing/render';
import { applyUpdate } from '../lib/apply-update';
import { SHOW_INTRO_EVENT } from '../lib/events';
import { resetTutorialSync } from '../lib/sync';
import { isIntroDeferred } from '../lib/tutorial-storage';

// The pages load on first use; transformed here, outside the tests' time limits (the machine is
// shared).
beforeAll(async () => {
  await Promise.all([import('@/app/routes/account/tutorials'), import('./tutorial-host')]);
}, 60_000);

const PATH = '/api/account/tutorials';

function everythingDone(): TutorialState {
  const state = emptyTutorialState();
  state.introCompleted = true;
  for (const page of Object.values(state.pages)) page.completed = true;
  state.pages.matchProtocol = { completed: false, step: 1 };
  return state;
}

function setup(options: { failPut?: boolean; failGet?: boolean } = {}) {
  const user = signInAs();
  let state = everythingDone();
  const network = stubFetch({
    ...layoutRoutes(),
    'GET /api/account/me': { json: makeAccount(user) },
    // 'Visa igen' opens the table, which reads the teams.
    'GET /api/teams': { json: [] },
    [`GET ${PATH}`]: () =>
      options.failGet
        ? apiError(500, 'INTERNAL_ERROR', 'Internt fel.')
        : { json: { tutorial: state } },
    [`PUT ${PATH}`]: (req: StubRequest) => {
      if (options.failPut) return apiError(500, 'INTERNAL_ERROR', 'Internt fel.');
      state = applyUpdate(state, req.body as TutorialUpdateBody);
      return { json: { tutorial: state } };
    },
  });
  const app = renderApp('/account/tutorials');
  return { user, network, app, puts: () => network.callsTo(`PUT ${PATH}`).map((c) => c.body) };
}

beforeEach(() => resetTutorialSync());

describe('Snabbguider (/account/tutorials)', () => {
  it('shows the intro status and every page guide with its status', async () => {
    setup();
    expect(await screen.findByRole('heading', { name: 'Snabbguider' })).toBeInTheDocument();
    expect(await screen.findByText('Genomförd')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Guider' });
    for (const name of [
      'Hem',
      'Matcher',
      'Mina matcher',
      'Tabell',
      'Mina sidor',
      'Officiell match',
      'Matchprotokoll',
      'Registrera heat',
    ]) {
      expect(
        within(list).getByRole('button', { name: `Visa guiden ${name} igen` }),
      ).toBeInTheDocument();
    }
    expect(within(list).getByText('Påbörjad, steg 2 av 4')).toBeInTheDocument();
    expect(within(list).getAllByText('Visad')).toHaveLength(7);
  });

  it("'Visa igen' sends {pageName} and opens a page of its own at once", async () => {
    const { app, puts } = setup();
    const ui = userEvent.setup();
    await ui.click(await screen.findByRole('button', { name: 'Visa guiden Tabell igen' }));
    await waitFor(() => expect(puts()).toEqual([{ pageName: 'table' }]));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/tabell'));
  });

  it("'Visa igen' for the heat dialog says when it will show", async () => {
    const { puts } = setup();
    const ui = userEvent.setup();
    await ui.click(await screen.findByRole('button', { name: 'Visa guiden Registrera heat igen' }));
    await findToast('Guiden Registrera heat visas nästa gång du öppnar heatdialogen.');
    expect(puts()).toEqual([{ pageName: 'heatDialog' }]);
    expect(await screen.findAllByText('Inte visad')).toHaveLength(1);
  });

  it('resets the intro for the next login, every page, or both, with the spec’s payloads', async () => {
    const { user, puts } = setup();
    const ui = userEvent.setup();
    await ui.click(await screen.findByRole('button', { name: 'Återställ introduktionen' }));
    await findToast('Introduktionen visas nästa gång du loggar in.');
    expect(await screen.findByText('Inte genomförd')).toBeInTheDocument();
    expect(isIntroDeferred(user.id, 'test-token')).toBe(true);
    // Deferred: the intro does not pop up in this session.
    expect(screen.queryByRole('dialog')).toBeNull();

    await ui.click(screen.getByRole('button', { name: 'Visa alla guider igen' }));
    await findToast('Alla guider visas igen.');
    await ui.click(screen.getByRole('button', { name: 'Återställ allt' }));
    await waitFor(() =>
      expect(puts()).toEqual([
        { resetIntro: true },
        { resetAllPages: true, resetIntro: false },
        { resetAllPages: true, resetIntro: true },
      ]),
    );
    expect(await screen.findAllByText('Inte visad')).toHaveLength(8);
  });

  it("'Visa introduktionen' asks the guide host to show it now", async () => {
    setup();
    const shown = vi.fn();
    window.addEventListener(SHOW_INTRO_EVENT, shown);
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: 'Visa introduktionen' }));
    expect(shown).toHaveBeenCalledTimes(1);
    expect(
      await screen.findByRole('dialog', { name: 'Välkommen till Speedway Elitserien' }),
    ).toBeInTheDocument();
    window.removeEventListener(SHOW_INTRO_EVENT, shown);
  });

  it("says 'Kunde inte uppdatera tutorialstatus.' when an update fails, and undoes it on screen", async () => {
    expectConsoleWarn(/^Tutorial: kunde inte uppdatera tutorialstatus\./);
    setup({ failPut: true });
    const ui = userEvent.setup();
    await ui.click(await screen.findByRole('button', { name: 'Visa guiden Hem igen' }));
    await findToast('Kunde inte uppdatera tutorialstatus.');
    await waitFor(() => expect(screen.getAllByText('Visad')).toHaveLength(7));
  });

  it("says 'Kunde inte hämta tutorialstatus just nu. Försök igen senare.' when the status cannot be read", async () => {
    expectConsoleWarn(/^Tutorial: kunde inte hämta tutorialstatus\./);
    setup({ failGet: true });
    expect(
      await screen.findByText('Kunde inte hämta tutorialstatus just nu. Försök igen senare.'),
    ).toBeInTheDocument();
    expect(screen.getAllByText('Okänd')).toHaveLength(9);
  });
});
