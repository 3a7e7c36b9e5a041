import { messages, nominationCandidates } from '@speedway/rules';
import { onlineManager } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { signInAs } from '@/testing/data';
import { apiError, stubFetch } from '@/testing/fetch-stub';
import { layoutRoutes } from '@/testing/layout-routes';
import {
  AWAY_TEAM_ID,
  buildState,
  HOME_TEAM_ID,
  makeMatch,
  MATCH_ID,
} from '@/testing/protocol-data';
import { findToast, renderApp } from '@/testing/render';
import { withOutbox } from '../testing/outbox';

type Routes = Parameters<typeof stubFetch>[0];

const state = buildState({ heatsDone: 14 });

function squad(side: 'home' | 'away') {
  const riders = state.lineups[side].map((r) => ({
    id: r.rider_id,
    name: r.name,
    lineup_no: r.lineup_no,
    is_reserve: r.lineup_no > 5,
  }));
  return {
    mains: riders.filter((r) => !r.is_reserve),
    reserves: riders.filter((r) => r.is_reserve),
  };
}

function serve(overrides: Routes = {}) {
  const match = makeMatch({ heatsDone: 14 });
  return stubFetch({
    ...layoutRoutes(),
    [`GET /api/matches/${MATCH_ID}`]: { json: match },
    [`GET /api/teams/${HOME_TEAM_ID}/riders`]: { json: squad('home') },
    [`GET /api/teams/${AWAY_TEAM_ID}/riders`]: { json: squad('away') },
    [`PUT /api/matches/${MATCH_ID}/nominations`]: { json: match },
    ...overrides,
  });
}

async function open() {
  const user = userEvent.setup();
  renderApp(`/match/${MATCH_ID}`);
  // Said by the nomination card and, as the reason its button is locked, by the heat card.
  expect(await screen.findAllByText(messages.nominateToUnlock(15))).toHaveLength(2);
  // Heat 15 cannot be registered before its nomination.
  expect(screen.getByRole('button', { name: 'Registrera heat' })).toBeDisabled();
  await user.click(screen.getByRole('button', { name: 'Nominera heat 15' }));
  const dialog = await screen.findByRole('dialog', { name: 'Nomineringsheat – Heat 15' });
  return { user, dialog };
}

withOutbox();

// The page loads on first use; transformed here, outside the tests' time limits.
beforeAll(async () => {
  await import('@/app/routes/match');
}, 60_000);

describe('nomination dialog', () => {
  it('walks the three steps, Next only when filled, and sends the spec payload', async () => {
    signInAs();
    const network = serve();
    const { user, dialog } = await open();
    const next = () => within(dialog).getByRole('button', { name: 'Nästa' });
    expect(within(dialog).getByText(/Steg 1 av 3/)).toBeVisible();
    expect(next()).toBeDisabled();

    await user.click(within(dialog).getByRole('radio', { name: /Spår 1 och 3/ }));
    expect(within(dialog).getByRole('radio', { name: /Spår 1 och 3/ })).toHaveTextContent(
      'Hemma: spår 1 Röd, spår 3 Blå. Borta: spår 2 Vit, spår 4 Gul.',
    );
    expect(next()).toBeEnabled();
    await user.click(next());
    expect(within(dialog).getByText(/Steg 2 av 3/)).toBeVisible();
    expect(next()).toBeDisabled();

    const home = nominationCandidates(state, 15, 'home');
    const away = nominationCandidates(state, 15, 'away');
    const gate = (name: string) => within(dialog).getByRole('radiogroup', { name });
    await waitFor(() =>
      expect(within(gate('Spår 1 – Röd')).getAllByRole('radio').length).toBeGreaterThan(
        home.length,
      ),
    );
    // Squad riders outside the engine's candidates are shown but cannot be chosen.
    const outsiders = within(gate('Spår 1 – Röd'))
      .getAllByRole('radio')
      .filter((radio) => radio.hasAttribute('disabled'));
    expect(outsiders.length).toBe(5 - home.length);

    await user.click(
      within(gate('Spår 1 – Röd')).getByRole('radio', { name: new RegExp(home[0]!.name) }),
    );
    expect(next()).toBeDisabled();
    // A rider sits in one gate only.
    expect(
      within(gate('Spår 3 – Blå')).getByRole('radio', { name: new RegExp(home[0]!.name) }),
    ).toBeDisabled();
    await user.click(
      within(gate('Spår 3 – Blå')).getByRole('radio', { name: new RegExp(home[1]!.name) }),
    );
    expect(next()).toBeEnabled();

    // Changing the gate set clears the picks.
    await user.click(within(dialog).getByRole('button', { name: 'Tillbaka' }));
    await user.click(within(dialog).getByRole('radio', { name: /Spår 2 och 4/ }));
    await user.click(next());
    expect(next()).toBeDisabled();
    await user.click(
      within(gate('Spår 2 – Röd')).getByRole('radio', { name: new RegExp(home[0]!.name) }),
    );
    await user.click(
      within(gate('Spår 4 – Blå')).getByRole('radio', { name: new RegExp(home[1]!.name) }),
    );
    await user.click(next());
    expect(within(dialog).getByText(/Steg 3 av 3/)).toBeVisible();
    const save = within(dialog).getByRole('button', { name: 'Spara nominering' });
    expect(save).toBeDisabled();
    await user.click(
      within(gate('Spår 1 – Vit')).getByRole('radio', { name: new RegExp(away[0]!.name) }),
    );
    await user.click(
      within(gate('Spår 3 – Gul')).getByRole('radio', { name: new RegExp(away[1]!.name) }),
    );
    await user.click(save);

    await findToast('Nominering heat 15 sparad');
    expect(network.callsTo(`PUT /api/matches/${MATCH_ID}/nominations`)[0]?.body).toEqual({
      heat15: {
        assignments: {
          '1': away[0]!.rider_id,
          '2': home[0]!.rider_id,
          '3': away[1]!.rider_id,
          '4': home[1]!.rider_id,
        },
        home_gates: '2-4',
        home: [home[0]!.rider_id, home[1]!.rider_id],
        away: [away[0]!.rider_id, away[1]!.rider_id],
      },
    });
    expect(network.callsTo(`GET /api/teams/${HOME_TEAM_ID}/riders`)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('offline, with the squads never fetched, offers the line-up’s candidates', async () => {
    signInAs();
    serve();
    const user = userEvent.setup();
    renderApp(`/match/${MATCH_ID}`);
    const nominate = await screen.findByRole('button', { name: 'Nominera heat 15' });
    onlineManager.setOnline(false);
    try {
      await user.click(nominate);
      const dialog = await screen.findByRole('dialog', { name: 'Nomineringsheat – Heat 15' });
      await user.click(within(dialog).getByRole('radio', { name: /Spår 1 och 3/ }));
      await user.click(within(dialog).getByRole('button', { name: 'Nästa' }));
      const home = nominationCandidates(state, 15, 'home');
      const gate = within(dialog).getByRole('radiogroup', { name: 'Spår 1 – Röd' });
      expect(within(gate).getByRole('radio', { name: new RegExp(home[0]!.name) })).toBeEnabled();
      expect(within(dialog).queryByText('Laddar trupp…')).toBeNull();
    } finally {
      onlineManager.setOnline(true);
    }
  });

  it('on a dead network (the browser still online), offers the line-up’s candidates, no alarm', async () => {
    signInAs();
    const dead = () => {
      throw new TypeError('Failed to fetch');
    };
    serve({
      [`GET /api/teams/${HOME_TEAM_ID}/riders`]: dead,
      [`GET /api/teams/${AWAY_TEAM_ID}/riders`]: dead,
      // The app asks the server's health 1–2 s after the failure (use-reconnect.ts): dead too.
      'GET /api/health': dead,
    });
    const { user, dialog } = await open();
    await user.click(within(dialog).getByRole('radio', { name: /Spår 1 och 3/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Nästa' }));
    const home = nominationCandidates(state, 15, 'home');
    // After the one retry of a failed fetch (a second or so), the line-up's riders.
    const gate = await within(dialog).findByRole('radiogroup', { name: 'Spår 1 – Röd' });
    expect(within(gate).getByRole('radio', { name: new RegExp(home[0]!.name) })).toBeEnabled();
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(within(dialog).queryByText('Kunde inte ladda trupper')).toBeNull();
  });

  it('says when the squads could not be loaded and when saving fails', async () => {
    signInAs();
    serve({
      [`GET /api/teams/${AWAY_TEAM_ID}/riders`]: { status: 500, text: '' },
      [`PUT /api/matches/${MATCH_ID}/nominations`]: apiError(
        409,
        'NOMINATION_LOCKED',
        'Nominering låses upp efter heat 14',
      ),
    });
    const { user, dialog } = await open();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Kunde inte ladda trupper');
    const home = nominationCandidates(state, 15, 'home');
    const away = nominationCandidates(state, 15, 'away');
    await user.click(within(dialog).getByRole('radio', { name: /Spår 1 och 3/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Nästa' }));
    await user.click(within(dialog).getAllByRole('radio', { name: new RegExp(home[0]!.name) })[0]!);
    await user.click(within(dialog).getAllByRole('radio', { name: new RegExp(home[1]!.name) })[1]!);
    await user.click(within(dialog).getByRole('button', { name: 'Nästa' }));
    // The engine's candidates still come from the match itself.
    await user.click(within(dialog).getAllByRole('radio', { name: new RegExp(away[0]!.name) })[0]!);
    await user.click(within(dialog).getAllByRole('radio', { name: new RegExp(away[1]!.name) })[1]!);
    await user.click(within(dialog).getByRole('button', { name: 'Spara nominering' }));
    await findToast('Nominering låses upp efter heat 14');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});

describe('nomination card', () => {
  it('stays locked until heat 14 is registered', async () => {
    signInAs();
    stubFetch({
      ...layoutRoutes(),
      [`GET /api/matches/${MATCH_ID}`]: { json: makeMatch({ heatsDone: 13 }) },
      [`GET /api/teams/${HOME_TEAM_ID}/riders`]: { json: squad('home') },
      [`GET /api/teams/${AWAY_TEAM_ID}/riders`]: { json: squad('away') },
    });
    renderApp(`/match/${MATCH_ID}`);
    const user = userEvent.setup();
    // Desktop: free to look ahead.
    await user.click(await screen.findByRole('button', { name: 'Nästa heat' }));
    expect(await screen.findByText(messages.nominationUnlocksAfter(14))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nominera heat 15' })).toBeDisabled();
  });
});
