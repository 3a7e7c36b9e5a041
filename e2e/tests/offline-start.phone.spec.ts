import { expect, test } from '@playwright/test';
import type { Match, MatchSummary } from '@speedway/contracts';
import { PASSWORD, signInThroughForm } from '../support/accounts';
import { goOffline, goOnline, unsyncedBadge, untilControlled } from '../support/network';
import { onOwnServer } from '../support/own-server';
import { apiAs, placesOf, registerHeat, walkableOfficialMatch } from '../support/protocol';

// ADR 019: a protocol started without a network from an official match the
// app has shown is made on the device, takes heats, and reaches the server once the network is
// back: the start first and once, then the heats in order, under the id the device chose.

// On a server of its own behind a proxy that logs every write, the service worker's too.
onOwnServer(
  'a protocol started offline reaches the server once, with the heats registered on it',
  async ({ page, context, request, own }, info) => {
    test.setTimeout(120_000);
    const email = await own.createUser(request, info, 'offline-start');
    const api = await apiAs(request, email, PASSWORD);
    const official = await walkableOfficialMatch(api);
    const heats = official.result!.heats!;
    await signInThroughForm(page, email);
    await expect(page).toHaveURL(/\/$/);

    // Online once: the matches, then the match itself, until the service worker has the app.
    await page.goto('/matches');
    await expect(page.getByRole('heading', { name: 'Nästa matcher' })).toBeVisible();
    await page.goto(`/matches/official/${official.id}`);
    await untilControlled(page);
    await expect(page.getByRole('button', { name: 'Starta protokoll' })).toBeEnabled();

    await goOffline(context);
    await page.getByRole('button', { name: 'Starta protokoll' }).click();
    await expect(
      page.getByText('Protokollet startat på enheten – skickas när nätet är tillbaka.'),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/match\/[0-9a-f-]{36}$/);
    const id = new URL(page.url()).pathname.split('/').pop()!;
    await expect(page.getByText('0/15 Heat komplett')).toBeVisible();
    for (const heat of heats.slice(0, 2)) {
      await registerHeat(page, heat.heat_number, placesOf(heat));
    }
    // The start and the two heats wait on the device; the server knows nothing of them.
    await expect(unsyncedBadge(page, 3)).toHaveText('3 osynkade');
    expect(await api.call<MatchSummary[]>('GET', '/api/matches')).toEqual([]);

    await goOnline(context);
    await expect(unsyncedBadge(page)).toHaveCount(0, { timeout: 60_000 });
    await expect(page.getByText('Väntar på nätet')).toHaveCount(0);

    // One protocol of the match, under the device's id, with the two heats as registered.
    const protocols = await api.call<MatchSummary[]>('GET', '/api/matches');
    expect(protocols.map((p) => [p.id, p.official_match_id])).toEqual([[id, official.id]]);
    const match = await api.call<Match>('GET', `/api/matches/${id}`);
    expect(match.completed_heats).toBe(2);
    for (const heat of heats.slice(0, 2)) {
      const saved = match.heats.find((h) => h.heat_number === heat.heat_number)!;
      const placeOf = (results: typeof heat.results) =>
        Object.fromEntries(results.map((r) => [r.rider_id, r.position]));
      expect(placeOf(saved.results)).toEqual(placeOf(heat.results));
    }

    // Written once each, the start first (a retry is answered from the store, marked replayed).
    const written = own.proxy.writes.filter(
      (w) =>
        w.path.startsWith('/api/matches') && w.status !== 'cut' && w.status < 300 && !w.replayed,
    );
    expect(written.map((w) => w.path)).toEqual([
      '/api/matches/from-official',
      `/api/matches/${id}/heat/1/save`,
      `/api/matches/${id}/heat/2/save`,
    ]);
  },
);
