import { expect, test } from '@playwright/test';
import type { Match } from '@speedway/contracts';
import { goOffline, goOnline, untilControlled, untilQueriesPersisted } from '../support/network';
import { finishedOfficialMatch, prepareProtocol, registerHeat } from '../support/protocol';
import { signedInNewUser } from '../support/signed-in';

// ADR 010 (WP6 specs 1 and 2; run on the phone project): heats registered without a network stay on the device,
// survive a reload served by the service worker, and reach the server exactly once.

test('heats registered offline survive a reload and reach the server once when online', async ({
  page,
  context,
  request,
}, info) => {
  const api = await signedInNewUser(page, request, 'offline-walk', info);
  const match = await prepareProtocol(api, await finishedOfficialMatch(api), 0);
  await page.goto(`/match/${match.id}`);
  await expect(page.getByText('0/15 Heat komplett')).toBeVisible();
  await untilControlled(page);
  await untilQueriesPersisted(page, match.id);

  await goOffline(context);
  for (const n of [1, 2, 3]) {
    await registerHeat(page, n);
    await expect(
      page.getByText(`Heat ${n} sparat på enheten – skickas när nätet är tillbaka.`),
    ).toBeVisible();
  }
  // One mark per heat (the heats off screen are in the carousel too).
  await expect(page.getByText('Väntar på nätet')).toHaveCount(3);
  await page.getByRole('button', { name: 'Föregående heat' }).click();
  await page.screenshot({ path: `artifacts/screens/offline-marks-${info.project.name}.png` });

  // Reloaded without a network: the page from the service worker, the match from the device.
  const reload = await page.reload();
  expect(reload?.fromServiceWorker()).toBe(true);
  await expect(page.getByText('3/15 Heat komplett')).toBeVisible();
  const stored = await api.call<Match>('GET', `/api/matches/${match.id}`);
  expect(stored.completed_heats).toBe(0);

  await goOnline(context);
  await expect(page.getByText('Väntar på nätet')).toHaveCount(0, { timeout: 20_000 });
  await expect(page.getByText('3/15 Heat komplett')).toBeVisible();
  const after = await api.call<Match>('GET', `/api/matches/${match.id}`);
  expect(after.completed_heats).toBe(3);
  expect(after.heats.filter((h) => h.results.length === 4)).toHaveLength(3);
});

test.describe('without the service worker', () => {
  // Its Background Sync would send the heat itself, past page.route (playwright#2311): here the
  // page's runner sends, so the cut reply is the page's to recover from.
  test.use({ serviceWorkers: 'block' });

  test('a reply lost after the server saved the heat: the same key again, answered from the store', async ({
    page,
    request,
  }, info) => {
    const api = await signedInNewUser(page, request, 'offline-cut', info);
    const match = await prepareProtocol(api, await finishedOfficialMatch(api), 2);
    await page.goto(`/match/${match.id}`);
    await expect(page.getByText('2/15 Heat komplett')).toBeVisible();

    const seen: { key: string | null; status: number | 'cut'; replayed: string | null }[] = [];
    await page.route(`**/api/matches/${match.id}/heat/3/save`, async (route) => {
      const key = route.request().headers()['idempotency-key'] ?? null;
      const response = await route.fetch();
      if (seen.length === 0) {
        // The server has handled it; the reply never arrives.
        seen.push({
          key,
          status: 'cut',
          replayed: response.headers()['idempotent-replayed'] ?? null,
        });
        return route.abort('connectionreset');
      }
      seen.push({
        key,
        status: response.status(),
        replayed: response.headers()['idempotent-replayed'] ?? null,
      });
      return route.fulfill({ response });
    });

    await registerHeat(page, 3);
    await expect(
      page.getByText('Heat 3 sparat på enheten – skickas när nätet är tillbaka.'),
    ).toBeVisible();
    await expect(
      page.getByText('Väntar på nätet').or(page.getByText('Skickas…')).first(),
    ).toBeVisible();
    await expect.poll(() => seen.length, { timeout: 20_000 }).toBe(2);
    expect(seen[0]).toMatchObject({ status: 'cut', replayed: null });
    expect(seen[1]).toEqual({ key: seen[0]!.key, status: 200, replayed: 'true' });
    await expect(page.getByText('Väntar på nätet')).toHaveCount(0);
    await expect(page.getByText('Konflikt – välj version')).toHaveCount(0);
    const after = await api.call<Match>('GET', `/api/matches/${match.id}`);
    expect(after.completed_heats).toBe(3);
  });
});
