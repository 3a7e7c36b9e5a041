import { expect, test } from '@playwright/test';
import type { Match } from '@speedway/contracts';
import {
  goOffline,
  goOnline,
  unsyncedBadge,
  untilControlled,
  untilQueriesPersisted,
} from '../support/network';
import {
  nominateHeat,
  placesOf,
  prepareProtocol,
  registerHeat,
  walkableOfficialMatch,
} from '../support/protocol';
import { signedInNewUser } from '../support/signed-in';

// The last heat of the evening at the track. A protocol opened online at heat 14,
// then the network is gone: the nomination dialog has what it needs, heat 15 is entered, and both
// reach the server once, in order, when the network is back.

for (const network of ['reloaded offline', 'dead'] as const) {
  test(`heat 15 nominated and registered without a network (${network}) reaches the server once, in order`, async ({
    page,
    context,
    request,
  }, info) => {
    test.setTimeout(240_000);
    const api = await signedInNewUser(page, request, 'heat15-offline', info);
    const official = await walkableOfficialMatch(api);
    const heats = official.result!.heats!;
    const match = await prepareProtocol(api, official, 14);
    await page.goto(`/match/${match.id}`);
    await expect(page.getByText('14/15 Heat komplett')).toBeVisible();
    await untilControlled(page);
    await untilQueriesPersisted(page, ['matches', match.id]);

    // Offline as the browser knows it (the page opened again from the device), or a dead network it
    // believes is there (a stadium's overloaded mast). Plain offline is offline.phone.spec.ts's walk.
    if (network === 'dead') {
      await context.route('**/api/**', (route) => route.abort('internetdisconnected'));
    } else {
      await goOffline(context);
      const reload = await page.reload();
      expect(reload?.fromServiceWorker()).toBe(true);
      await expect(page.getByText('14/15 Heat komplett')).toBeVisible();
    }
    for (const size of [
      { width: 320, height: 568 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(size);
      await page.getByRole('button', { name: 'Nominera heat 15' }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByText('Nomineringsheat – Heat 15')).toBeVisible();
      await expect(dialog.getByText('Kunde inte ladda trupper')).toHaveCount(0);
      // The footer fits the screen.
      const save = dialog.getByRole('button', { name: /Nästa|Spara nominering/ });
      const box = (await save.boundingBox())!;
      expect(box.x + box.width, `${size.width} px: the footer fits`).toBeLessThanOrEqual(
        size.width,
      );
      await page.screenshot({ path: `artifacts/screens/heat15-offline-${size.width}.png` });
      // Step 2: the home riders to choose from, and no alarm about squads.
      await dialog.getByRole('radio', { name: /Spår 1 och 3/ }).click();
      await dialog.getByRole('button', { name: 'Nästa' }).click();
      await expect(dialog.getByRole('radiogroup', { name: /^Spår 1 / })).toBeVisible();
      await expect(dialog.getByText('Kunde inte ladda trupper')).toHaveCount(0);
      await dialog.getByRole('button', { name: 'Tillbaka' }).click();
      await dialog.getByRole('button', { name: 'Avbryt' }).click();
    }
    await nominateHeat(page, heats[14]!);
    await expect(page.getByText(/Nominering heat 15 sparad på enheten/)).toBeVisible();
    await registerHeat(page, 15, placesOf(heats[14]!));
    await expect(unsyncedBadge(page, 2)).toHaveText('2 osynkade');
    expect((await api.call<Match>('GET', `/api/matches/${match.id}`)).completed_heats).toBe(14);

    if (network === 'dead') await context.unroute('**/api/**');
    else await goOnline(context);
    await expect(unsyncedBadge(page)).toHaveCount(0, { timeout: 60_000 });
    const after = await api.call<Match>('GET', `/api/matches/${match.id}`);
    expect(after.completed_heats).toBe(15);
    expect([after.home_score, after.away_score]).toEqual([
      official.result!.home_score,
      official.result!.away_score,
    ]);
  });
}
