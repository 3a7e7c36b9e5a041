import { heatOf, messages, type HeatSaveInput } from '@speedway/rules';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { listEntries } from '@/lib/offline/db';
import { signInAs } from '@/testing/data';
import { apiError } from '@/testing/fetch-stub';
import { buildState, makeMatch, MATCH_ID } from '@/testing/protocol-data';
import { findToast, renderApp } from '@/testing/render';
import { withOutbox } from '../testing/outbox';
import { SAVE, serve } from '../testing/server';
import { savedOnDevice } from './heat-dialog';

// The page loads on first use; transformed here, outside the tests' time limits (the machine is
// shared).
beforeAll(async () => {
  await Promise.all([import('@/app/routes/match')]);
}, 60_000);

async function openDialog(name: 'Registrera heat' | 'Ändra heat' = 'Registrera heat') {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name }));
  const dialog = await screen.findByRole('dialog');
  // The lanes come a frame after the sheet (heat-dialog-editors.tsx).
  await within(dialog).findByRole('group', { name: 'Placering spår 1' });
  return { user, dialog };
}

function placement(dialog: HTMLElement, lane: string, position: number) {
  return within(within(dialog).getByRole('group', { name: `Placering spår ${lane}` })).getByRole(
    'button',
    { name: `Placering ${position}` },
  );
}

withOutbox();

describe('heat dialog', () => {
  it('toggles, displaces and excludes placements, and saves only when they are unique', async () => {
    signInAs();
    const network = serve(makeMatch());
    renderApp(`/match/${MATCH_ID}`);
    const { user, dialog } = await openDialog();
    expect(
      within(dialog).getByRole('heading', { name: 'Registrera Heat 1 Resultat' }),
    ).toBeVisible();
    const save = within(dialog).getByRole('button', { name: 'Spara resultat' });
    expect(save).toBeDisabled();
    expect(save).toHaveAccessibleDescription(messages.placementsRequired);

    // Clicking a set placement toggles it off.
    await user.click(placement(dialog, '1', 1));
    expect(placement(dialog, '1', 1)).toHaveAttribute('aria-pressed', 'true');
    await user.click(placement(dialog, '1', 1));
    expect(placement(dialog, '1', 1)).toHaveAttribute('aria-pressed', 'false');

    // Taking a placement someone holds clears theirs.
    await user.click(placement(dialog, '1', 1));
    await user.click(placement(dialog, '2', 1));
    expect(placement(dialog, '1', 1)).toHaveAttribute('aria-pressed', 'false');
    expect(placement(dialog, '2', 1)).toHaveAttribute('aria-pressed', 'true');

    // Excluding zeroes the placement and disables the lane's buttons.
    await user.click(placement(dialog, '3', 2));
    await user.click(within(dialog).getByRole('button', { name: 'Utesluten spår 3' }));
    for (const position of [1, 2, 3, 4]) expect(placement(dialog, '3', position)).toBeDisabled();
    expect(placement(dialog, '3', 2)).toHaveAttribute('aria-pressed', 'false');

    await user.click(placement(dialog, '1', 2));
    expect(save).toBeDisabled();
    await user.click(placement(dialog, '4', 3));
    expect(save).toBeEnabled();
    await user.click(save);

    await findToast('Heat 1 sparat');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const heat = heatOf(buildState(), 1)!;
    expect(network.callsTo(SAVE(1))[0]?.body).toEqual({
      rr: false,
      results: [
        { rider_id: heat.riders['1']!.rider_id, position: 2, status: 'completed' },
        { rider_id: heat.riders['2']!.rider_id, position: 1, status: 'completed' },
        { rider_id: heat.riders['3']!.rider_id, position: 0, status: 'excluded' },
        { rider_id: heat.riders['4']!.rider_id, position: 3, status: 'completed' },
      ],
    });
    // The reply was written into the cached match (lib/offline/apply-reply.ts), which is not
    // asked for again: nothing marks it stale.
    expect(await screen.findByText('1/15 Heat komplett')).toBeInTheDocument();
    expect(network.callsTo(`GET /api/matches/${MATCH_ID}`)).toHaveLength(1);
  });

  it('offers an unchanged completed heat for editing with nothing to save', async () => {
    signInAs();
    serve(makeMatch({ heatsDone: 1 }));
    renderApp(`/match/${MATCH_ID}`);
    // Opens on heat 2; heat 1 is one step back.
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Föregående heat' }));
    const { dialog } = await openDialog('Ändra heat');
    expect(within(dialog).getByRole('heading', { name: 'Redigera Heat 1 Resultat' })).toBeVisible();
    const save = within(dialog).getByRole('button', { name: 'Spara resultat' });
    expect(save).toBeDisabled();
    expect(save).toHaveAccessibleDescription(messages.noChanges);
  });

  it("keeps the dialog open and shows the server's message when saving fails", async () => {
    signInAs();
    serve(makeMatch(), {
      [SAVE(1)]: apiError(409, 'HEAT_LOCKED', 'Fyll i Heat 0 först'),
    });
    renderApp(`/match/${MATCH_ID}`);
    const { user, dialog } = await openDialog();
    for (const lane of ['1', '2', '3', '4'])
      await user.click(placement(dialog, lane, Number(lane)));
    await user.click(within(dialog).getByRole('button', { name: 'Spara resultat' }));
    await findToast('Fyll i Heat 0 först');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(placement(dialog, '4', 4)).toHaveAttribute('aria-pressed', 'true');
  });

  it('falls back to its own words when the server gives none', async () => {
    signInAs();
    serve(makeMatch(), { [SAVE(1)]: { status: 403, text: '' } });
    renderApp(`/match/${MATCH_ID}`);
    const { user, dialog } = await openDialog();
    for (const lane of ['1', '2', '3', '4'])
      await user.click(placement(dialog, lane, Number(lane)));
    await user.click(within(dialog).getByRole('button', { name: 'Spara resultat' }));
    await findToast('Kunde inte spara heatet. Kontrollera byten/regler och försök igen.');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('keeps the heat on the device when the server is in trouble, and shows it as waiting', async () => {
    const me = signInAs();
    const network = serve(makeMatch(), { [SAVE(1)]: { status: 502, text: '' } });
    renderApp(`/match/${MATCH_ID}`);
    const { user, dialog } = await openDialog();
    for (const lane of ['1', '2', '3', '4'])
      await user.click(placement(dialog, lane, Number(lane)));
    await user.click(within(dialog).getByRole('button', { name: 'Spara resultat' }));
    await findToast(savedOnDevice(1));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [entry] = await listEntries(me.id, MATCH_ID);
    expect(entry).toMatchObject({ kind: 'heat', heatNumber: 1, state: 'queued' });
    // Made on the heat as shown, with its own key and the tag the engine expects back.
    const [sent] = network.callsTo(SAVE(1));
    expect(sent?.headers.get('if-match')).toBe(`"${entry!.base}"`);
    expect(sent?.headers.get('idempotency-key')).toBe(entry!.key);
    expect(entry!.expect).not.toBe(entry!.base);
  });

  it('keeps the heat for the user when the session is gone, and sends them to sign in', async () => {
    const me = signInAs();
    serve(makeMatch(), {
      [SAVE(1)]: apiError(401, 'UNAUTHORIZED', 'Sessionen har gått ut.'),
    });
    const { router } = renderApp(`/match/${MATCH_ID}`);
    const { user, dialog } = await openDialog();
    for (const lane of ['1', '2', '3', '4'])
      await user.click(placement(dialog, lane, Number(lane)));
    await user.click(within(dialog).getByRole('button', { name: 'Spara resultat' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(router.state.location.state).toEqual({ from: `/match/${MATCH_ID}` });
    // Sent again once this user has signed in (ADR 010 §4: 401 stops and keeps).
    expect(await listEntries(me.id, MATCH_ID)).toMatchObject([{ heatNumber: 1, state: 'queued' }]);
  });

  it('restores unsaved placements when the heat is opened again', async () => {
    signInAs();
    serve(makeMatch());
    renderApp(`/match/${MATCH_ID}`);
    const { user, dialog } = await openDialog();
    await user.click(placement(dialog, '2', 1));
    await user.click(within(dialog).getByRole('button', { name: 'Stäng' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const again = await openDialog();
    expect(placement(again.dialog, '2', 1)).toHaveAttribute('aria-pressed', 'true');
    expect(within(again.dialog).getByText('Osparade ändringar har återställts.')).toBeVisible();
    // Avbryt throws the draft away.
    await again.user.click(within(again.dialog).getByRole('button', { name: 'Avbryt' }));
    const third = await openDialog();
    expect(placement(third.dialog, '2', 1)).toHaveAttribute('aria-pressed', 'false');
  });
});

describe('rider choice', () => {
  function riderSelect(dialog: HTMLElement, lane: string) {
    return within(dialog).getByRole('combobox', { name: `Förare spår ${lane}` });
  }

  it('is locked outside the tactical window until the manual unlock, and sends the changed lane only', async () => {
    signInAs();
    const network = serve(makeMatch());
    renderApp(`/match/${MATCH_ID}`);
    const { user, dialog } = await openDialog();
    for (const lane of ['1', '2', '3', '4']) expect(riderSelect(dialog, lane)).toBeDisabled();
    expect(riderSelect(dialog, '1')).toHaveAccessibleDescription(
      messages.tacticalOutsideWindow(5, 14),
    );

    await user.click(within(dialog).getByRole('switch', { name: messages.manualUnlock }));
    for (const lane of ['1', '2', '3', '4']) expect(riderSelect(dialog, lane)).toBeEnabled();
    const heat = heatOf(buildState(), 1)!;
    const lane1 = heat.riders['1']!;
    const mate = (['2', '3', '4'] as const).find((l) => heat.riders[l]!.team === lane1.team)!;
    // Team-mates already in the heat are marked.
    expect(
      within(riderSelect(dialog, '1')).getByRole('option', {
        name: new RegExp(`${heat.riders[mate]!.name} \\(i heatet\\)`),
      }),
    ).toBeInTheDocument();

    const reserve = buildState().lineups[lane1.team].find((r) => r.lineup_no === 6)!;
    await user.selectOptions(riderSelect(dialog, '1'), reserve.rider_id);
    for (const lane of ['1', '2', '3', '4'])
      await user.click(placement(dialog, lane, Number(lane)));
    await user.click(within(dialog).getByRole('button', { name: 'Spara resultat' }));
    await findToast('Heat 1 sparat');
    const body = network.callsTo(SAVE(1))[0]?.body as HeatSaveInput;
    expect(body.assignments).toEqual({ '1': reserve.rider_id });
    expect(body.rr).toBe(true);
    expect(body.results?.[0]).toMatchObject({ rider_id: reserve.rider_id, position: 1 });
  });

  it('opens for the trailing team inside the window and stays shut for the leader', async () => {
    signInAs();
    // Away takes 5-1 in heats 1–4: home trails by 16 before heat 5.
    serve(makeMatch({ heatsDone: 4, winner: 'away' }));
    renderApp(`/match/${MATCH_ID}`);
    const { dialog } = await openDialog();
    expect(
      within(dialog).getByRole('heading', { name: 'Registrera Heat 5 Resultat' }),
    ).toBeVisible();
    const heat = heatOf(buildState({ heatsDone: 4 }), 5)!;
    // What each team may do, by name; not a refusal beside the enabled selects.
    const allowed = 'Hemmalaget ligger under med 16 poäng och får sätta in en taktisk reserv.';
    const notYet =
      'Bortalaget får sätta in en taktisk reserv först när laget ligger under med minst 6 poäng.';
    for (const lane of ['1', '2', '3', '4'] as const) {
      const select = riderSelect(dialog, lane);
      if (heat.riders[lane]!.team === 'home') {
        expect(select).toBeEnabled();
        expect(select).toHaveAccessibleDescription(allowed);
      } else {
        expect(select).toBeDisabled();
        expect(select).toHaveAccessibleDescription(notYet);
      }
    }
    expect(within(dialog).getByText(allowed)).toBeVisible();
    expect(within(dialog).getByText(notYet)).toBeVisible();
    expect(within(dialog).queryByText(messages.tacticalNeedsDeficit(6))).toBeNull();
  });

  it("keeps the reserve heat's lanes locked", async () => {
    signInAs();
    serve(makeMatch({ heatsDone: 1 }));
    renderApp(`/match/${MATCH_ID}`);
    const { dialog } = await openDialog();
    expect(
      within(dialog).getByRole('heading', { name: 'Registrera Heat 2 Resultat' }),
    ).toBeVisible();
    expect(riderSelect(dialog, '1')).toBeDisabled();
    expect(riderSelect(dialog, '1')).toHaveAccessibleDescription(messages.laneLocked);
  });
  it('hands focus back to the heat on show when it closes: after a first save, the next heat', async () => {
    signInAs();
    serve(makeMatch());
    renderApp(`/match/${MATCH_ID}`);
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Avbryt' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Registrera heat' })).toHaveFocus(),
    );

    const again = await openDialog();
    for (const [i, position] of [1, 2, 3, 4].entries()) {
      await again.user.click(placement(again.dialog, String(i + 1), position));
    }
    await again.user.click(within(again.dialog).getByRole('button', { name: 'Spara resultat' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // On to heat 2: its 'Registrera heat' has the focus, not the page's top.
    expect(await screen.findByText('1/15 Heat komplett')).toBeInTheDocument();
    const heat2 = screen.getByRole('group', { name: 'Heat 2' });
    await waitFor(() =>
      expect(within(heat2).getByRole('button', { name: 'Registrera heat' })).toHaveFocus(),
    );
  });

  it("shows 'Sparar…' while saving, and the saved toast goes when the next dialog opens", async () => {
    signInAs();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const network = serve(makeMatch());
    const answer = network.fetchMock.getMockImplementation()!;
    network.fetchMock.mockImplementation(async (input, init) => {
      if (String(input).endsWith('/heat/1/save')) await held;
      return answer(input, init);
    });
    renderApp(`/match/${MATCH_ID}`);
    const { user, dialog } = await openDialog();
    for (const [i, position] of [1, 2, 3, 4].entries()) {
      await user.click(placement(dialog, String(i + 1), position));
    }
    await user.click(within(dialog).getByRole('button', { name: 'Spara resultat' }));
    const saving = await within(dialog).findByRole('button', { name: 'Sparar…' });
    expect(saving).toBeDisabled();
    expect(saving).not.toHaveTextContent('Spara resultat');
    release();
    await findToast('Heat 1 sparat');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await openDialog();
    await waitFor(() => expect(screen.queryByText('Heat 1 sparat')).not.toBeInTheDocument());
  });

  it('opens as a sheet with places for the lanes first; the lanes follow and the first takes focus', async () => {
    signInAs();
    serve(makeMatch());
    renderApp(`/match/${MATCH_ID}`);
    const user = userEvent.setup();
    const button = await screen.findByRole('button', { name: 'Registrera heat' });
    // The next frame is held until the tap's render has been looked at: on a busy machine it
    // could otherwise come before the test's first look.
    const frames: FrameRequestCallback[] = [];
    const nextFrame = vi
      .spyOn(window, 'requestAnimationFrame')
      .mockImplementation((callback) => frames.push(callback));
    await user.click(button);
    const dialog = await screen.findByRole('dialog');
    // The tap's render: title, buttons and four lane-sized places, no editors yet.
    expect(
      within(dialog).getByRole('heading', { name: 'Registrera Heat 1 Resultat' }),
    ).toBeVisible();
    expect(within(dialog).getAllByTestId('lane-placeholder')).toHaveLength(4);
    expect(within(dialog).queryByRole('group', { name: 'Placering spår 1' })).toBeNull();
    expect(dialog).toHaveFocus();
    nextFrame.mockRestore();
    frames.splice(0).forEach((callback) => callback(performance.now()));

    const lane1 = await within(dialog).findByRole('group', { name: 'Placering spår 1' });
    expect(within(dialog).queryAllByTestId('lane-placeholder')).toHaveLength(0);
    expect(within(dialog).getByRole('switch')).toBeInTheDocument();
    // The lane selects of heat 1 are locked, so focus goes where Radix would have put it: the
    // first placement button.
    await waitFor(() =>
      expect(within(lane1).getByRole('button', { name: 'Placering 1' })).toHaveFocus(),
    );
  });
});
