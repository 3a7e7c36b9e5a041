import type { HeatSaveBody, Match } from '@speedway/contracts';
import { applyHeatSave, heatOf, heatTag, type Heat, heatSaveInputOf } from '@speedway/rules';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { addEntry, listEntries, type OutboxEntry } from '@/lib/offline/db';
import { emitOutboxEvent } from '@/lib/offline/events';
import { signInAs } from '@/testing/data';
import { makeMatch, MATCH_ID } from '@/testing/protocol-data';
import { renderApp } from '@/testing/render';

import { toMatchState } from '../lib/match-state';
import { withOutbox } from '../testing/outbox';
import { SAVE, serve } from '../testing/server';
import { PROTOCOL_LOCKED } from './conflict-dialog';

withOutbox();

beforeAll(async () => {
  await import('@/app/routes/match');
}, 60_000);

/** Heat 1's results in lane order of places, as the heat dialog sends them. */
function heat1Body(match: Match, places: readonly (1 | 2 | 3 | 4)[]): HeatSaveBody {
  const heat = heatOf(toMatchState(match), 1)!;
  return {
    results: (['1', '2', '3', '4'] as const).map((lane, i) => ({
      rider_id: heat.riders[lane]!.rider_id,
      position: places[i]!,
      status: 'completed' as const,
    })),
    rr: false,
  };
}

function savedHeat(match: Match, body: HeatSaveBody): { heat: Heat; match: Match } {
  const outcome = applyHeatSave(toMatchState(match), 1, heatSaveInputOf(body));
  if (!outcome.ok) throw new Error(outcome.error.message);
  return { heat: outcome.heat, match: { ...match, heats: outcome.match.heats } };
}

/** My heat 1, made on the empty heat, refused because another device saved heat 1 first. */
async function conflictOnHeat1(userId: string, state: OutboxEntry['state'] = 'conflict') {
  const start = makeMatch();
  const mine = heat1Body(start, [1, 2, 3, 4]);
  const entry = await addEntry({
    userId,
    matchId: MATCH_ID,
    kind: 'heat',
    heatNumber: 1,
    method: 'POST',
    path: `/api/matches/${MATCH_ID}/heat/1/save`,
    body: mine,
    key: 'old-key',
    base: heatTag(heatOf(toMatchState(start), 1)!),
    expect: heatTag(savedHeat(start, mine).heat),
    state,
    attempts: 1,
    nextAttemptAt: 0,
    createdAt: 0,
    lastError:
      state === 'conflict'
        ? { status: 412, code: 'HEAT_CHANGED', message: 'Heat 1 har ändrats på en annan enhet.' }
        : { status: 404, code: 'NOT_FOUND', message: 'Protokollet finns inte.' },
  });
  emitOutboxEvent({ type: 'changed', userId });
  const other = savedHeat(start, heat1Body(start, [4, 3, 2, 1]));
  return { entry, server: other.match, serverHeat: other.heat };
}

async function openChoice(label: string) {
  const user = userEvent.setup();
  // The page opens on the first heat to fill: heat 2 once the server has heat 1.
  const back = await screen.findByRole('button', { name: 'Föregående heat' });
  if (!back.hasAttribute('disabled')) await user.click(back);
  await user.click(await screen.findByRole('button', { name: label }));
  return { user, dialog: await screen.findByRole('dialog') };
}

describe('the choice on a blocked change', () => {
  it("shows 'Din version' and 'På servern' side by side; 'Behåll min version' sends mine on the server's heat", async () => {
    const me = signInAs();
    const { entry, server, serverHeat } = await conflictOnHeat1(me.id);
    const network = serve(server);
    renderApp(`/match/${MATCH_ID}`);
    const { user, dialog } = await openChoice('Konflikt – välj version');
    expect(within(dialog).getByText('Heat 1 har ändrats på en annan enhet.')).toBeVisible();
    const mine = within(dialog).getByRole('heading', { name: 'Din version' }).parentElement!;
    const theirs = within(dialog).getByRole('heading', { name: 'På servern' }).parentElement!;
    // Lane 1's rider won in mine and came last on the server.
    expect(within(mine).getAllByRole('listitem')[0]).toHaveTextContent('1:a · 3 p');
    expect(within(theirs).getAllByRole('listitem')[0]).toHaveTextContent('4:e · 0 p');

    await user.click(within(dialog).getByRole('button', { name: 'Behåll min version' }));
    await waitFor(() => expect(network.callsTo(SAVE(1))).toHaveLength(1));
    const [sent] = network.callsTo(SAVE(1));
    // Made on the server's heat now, under a new key: the refused one cannot be replayed.
    expect(sent?.headers.get('if-match')).toBe(`"${heatTag(serverHeat)}"`);
    expect(sent?.headers.get('idempotency-key')).not.toBe('old-key');
    await waitFor(async () => expect(await listEntries(me.id)).toHaveLength(0));
    expect(heatTag(heatOf(toMatchState(network.current()), 1)!)).toBe(entry.expect);
    await waitFor(() => expect(screen.queryByText('Konflikt – välj version')).toBeNull());
  });

  it("'Använd serverns version' drops mine and shows the server's heat", async () => {
    const me = signInAs();
    const { server } = await conflictOnHeat1(me.id);
    const network = serve(server);
    renderApp(`/match/${MATCH_ID}`);
    const { user, dialog } = await openChoice('Konflikt – välj version');
    await user.click(within(dialog).getByRole('button', { name: 'Använd serverns version' }));
    await waitFor(() => expect(screen.queryByText('Konflikt – välj version')).toBeNull());
    expect(await listEntries(me.id)).toHaveLength(0);
    expect(network.callsTo(SAVE(1))).toHaveLength(0);
  });

  it("disables 'Behåll min version' with the reason when the server's protocol is saved", async () => {
    const me = signInAs();
    const { server } = await conflictOnHeat1(me.id);
    // A saved protocol's page looks for its saved copy.
    serve({ ...server, status: 'confirmed' }, { 'GET /api/user/matches': { json: [] } });
    renderApp(`/match/${MATCH_ID}`);
    const { dialog } = await openChoice('Konflikt – välj version');
    const keep = within(dialog).getByRole('button', { name: 'Behåll min version' });
    expect(keep).toBeDisabled();
    expect(keep).toHaveAccessibleDescription(PROTOCOL_LOCKED);
    expect(within(dialog).getByRole('button', { name: 'Använd serverns version' })).toBeEnabled();
  });

  it("'Redigera' opens the heat on the server's version with my placings where they still fit", async () => {
    const me = signInAs();
    await conflictOnHeat1(me.id);
    const start = makeMatch();
    const heat = heatOf(toMatchState(start), 1)!;
    // On the server a reserve rode lane 1 (R/R): my placing of the rider it replaced cannot stand.
    const lane1 = heat.riders['1']!;
    const reserve = start.lineups[lane1.team].find((r) => r.lineup_no === 6)!.rider_id;
    const riders = (['1', '2', '3', '4'] as const).map((lane) =>
      lane === '1' ? reserve : heat.riders[lane]!.rider_id,
    );
    const theirs = applyHeatSave(toMatchState(start), 1, {
      assignments: { '1': reserve },
      results: riders.map((rider_id, i) => ({
        rider_id,
        position: (4 - i) as 1 | 2 | 3 | 4,
        status: 'completed' as const,
      })),
      rr: true,
    });
    if (!theirs.ok) throw new Error(theirs.error.message);
    serve({ ...start, heats: theirs.match.heats });
    renderApp(`/match/${MATCH_ID}`);
    const { user, dialog } = await openChoice('Konflikt – välj version');
    expect(within(dialog).getByRole('button', { name: 'Behåll min version' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Redigera' }));

    const editor = await screen.findByRole('dialog', { name: 'Redigera Heat 1 Resultat' });
    await within(editor).findByRole('group', { name: 'Placering spår 1' });
    const pressed = (lane: string, place: number) =>
      within(within(editor).getByRole('group', { name: `Placering spår ${lane}` }))
        .getByRole('button', { name: `Placering ${place}` })
        .getAttribute('aria-pressed');
    // Lanes 2–4 keep my places 2, 3 and 4; the reserve in lane 1 has none yet.
    expect([pressed('2', 2), pressed('3', 3), pressed('4', 4), pressed('1', 1)]).toEqual([
      'true',
      'true',
      'true',
      'false',
    ]);
    expect(await listEntries(me.id)).toHaveLength(0);
  });

  it("offers 'Försök igen' and 'Ta bort ändringen' for a change that failed", async () => {
    const me = signInAs();
    await conflictOnHeat1(me.id, 'failed');
    const network = serve(makeMatch());
    renderApp(`/match/${MATCH_ID}`);
    const { user, dialog } = await openChoice('Kunde inte skickas – välj');
    expect(within(dialog).getByText('Protokollet finns inte.')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Försök igen' }));
    await waitFor(() => expect(network.callsTo(SAVE(1))).toHaveLength(1));
    expect(network.callsTo(SAVE(1))[0]?.headers.get('idempotency-key')).not.toBe('old-key');
    await waitFor(async () => expect(await listEntries(me.id)).toHaveLength(0));

    await conflictOnHeat1(me.id, 'failed');
    const again = await openChoice('Kunde inte skickas – välj');
    await again.user.click(within(again.dialog).getByRole('button', { name: 'Ta bort ändringen' }));
    await waitFor(async () => expect(await listEntries(me.id)).toHaveLength(0));
    expect(network.callsTo(SAVE(1))).toHaveLength(1);
  });
});
