import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { listEntries } from '@/lib/offline/db';
import { signInAs } from '@/testing/data';
import { makeMatch, MATCH_ID } from '@/testing/protocol-data';
import { findToast, renderApp } from '@/testing/render';
import { withOutbox } from '../testing/outbox';
import { SAVE, serve } from '../testing/server';
import { savedOnDevice } from './heat-dialog';

withOutbox();

beforeAll(async () => {
  await import('@/app/routes/match');
}, 60_000);

function goOffline() {
  const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  act(() => void window.dispatchEvent(new Event('offline')));
  return () => {
    onLine.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
  };
}

async function registerHeat(places: number[]) {
  const user = userEvent.setup();
  const slide = screen.getAllByRole('group').find((g) => !g.hasAttribute('inert'))!;
  await user.click(within(slide).getByRole('button', { name: 'Registrera heat' }));
  const dialog = await screen.findByRole('dialog');
  await within(dialog).findByRole('group', { name: 'Placering spår 1' });
  for (const [i, place] of places.entries()) {
    const lane = within(dialog).getByRole('group', { name: `Placering spår ${i + 1}` });
    await user.click(within(lane).getByRole('button', { name: `Placering ${place}` }));
  }
  await user.click(within(dialog).getByRole('button', { name: 'Spara resultat' }));
}

describe('offline on the protocol page', () => {
  it('keeps heats on the device with their results and marks, and sends them once back online', async () => {
    const me = signInAs();
    const network = serve(makeMatch());
    renderApp(`/match/${MATCH_ID}`);
    await screen.findByRole('heading', { name: 'Heat 1' });
    const online = goOffline();

    await registerHeat([1, 2, 3, 4]);
    await findToast(savedOnDevice(1));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The page moved on to heat 2; heat 1 is shown complete, with its totals, and waiting.
    await registerHeat([4, 3, 2, 1]);
    await findToast(savedOnDevice(2));
    expect(await screen.findAllByText('Väntar på nätet')).toHaveLength(2);
    expect(screen.getByText('2/15 Heat komplett')).toBeInTheDocument();
    expect(network.callsTo(SAVE(1))).toHaveLength(0);
    expect(await listEntries(me.id, MATCH_ID)).toHaveLength(2);

    online();
    await waitFor(() => expect(screen.queryByText('Väntar på nätet')).toBeNull());
    expect(network.callsTo(SAVE(1))).toHaveLength(1);
    expect(network.callsTo(SAVE(2))).toHaveLength(1);
    expect(network.current().completed_heats).toBe(2);
    expect(screen.getByText('2/15 Heat komplett')).toBeInTheDocument();
    // Each entry goes once the device's copy of the protocol has the server's answer.
    await waitFor(async () => expect(await listEntries(me.id, MATCH_ID)).toHaveLength(0));
  });

  it("shows a 'Spara protokoll' made offline as pending, and the protocol read-only", async () => {
    signInAs();
    const network = serve(makeMatch({ heatsDone: 15 }), {
      [`POST /api/matches/${MATCH_ID}/save`]: { status: 500, text: '' },
    });
    renderApp(`/match/${MATCH_ID}`);
    const button = await screen.findByRole('button', { name: 'Spara protokoll' });
    goOffline();
    await userEvent.setup().click(button);
    await findToast('Protokollet sparat på enheten – skickas när nätet är tillbaka.');
    expect(
      await screen.findByRole('button', { name: 'Sparas när nätet är tillbaka' }),
    ).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Ändra heat' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Visa sparad match' })).toBeNull();
    expect(network.callsTo(`POST /api/matches/${MATCH_ID}/save`)).toHaveLength(0);
  });
});
