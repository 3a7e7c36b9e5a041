import { expect, test } from '@playwright/test';
import { createVerifiedUser, PASSWORD, signInThroughForm, uniqueEmail } from '../support/accounts';
import { apiAs, finishedOfficialMatch, prepareProtocol, registerHeat } from '../support/protocol';

test('finish a prepared protocol, save it, see the differences, resolve and delete the saved match', async ({
  page,
  request,
}, info) => {
  const email = uniqueEmail(info, 'sparad');
  await createVerifiedUser(request, email);
  const api = await apiAs(request, email, PASSWORD);
  const official = await finishedOfficialMatch(api, info.project.name === 'phone' ? 3 : 2);
  // Heats 1–14 as officially ridden, and heat 15's official nomination.
  const match = await prepareProtocol(api, official, 14);
  const heat15 = official.result!.heats!.find((h) => h.heat_number === 15)!;
  await api.call('PUT', `/api/matches/${match.id}/nominations`, {
    heat15: {
      assignments: Object.fromEntries(
        (['1', '2', '3', '4'] as const).map((l) => [l, heat15.riders[l]!.rider_id]),
      ),
      home_gates: heat15.riders['1']!.team === 'home' ? '1-3' : '2-4',
    },
  });
  // Register heat 15 in the dialog with a home score that differs from the official one.
  const officialHome = heat15.results
    .filter(
      (r) => Object.values(heat15.riders).find((x) => x?.rider_id === r.rider_id)?.team === 'home',
    )
    .reduce((sum, r) => sum + r.points, 0);
  const homeLanes = heat15.riders['1']!.team === 'home' ? [0, 2] : [1, 3];
  const homePoints = (places: number[]) =>
    homeLanes.reduce((sum, i) => sum + [0, 3, 2, 1, 0][places[i]!]!, 0);
  const places = [
    [1, 2, 3, 4],
    [4, 3, 2, 1],
  ].find((p) => homePoints(p) !== officialHome)!;

  await signInThroughForm(page, email);
  await expect(page).toHaveURL(/\/$/);
  await page.goto(`/match/${match.id}`);
  await page.getByRole('button', { name: 'Till Heat' }).click();
  await page.getByRole('button', { name: 'Nästa heat' }).click();
  await registerHeat(page, 15, places);

  // The save, then the spec's confirm (§4, §7): the protocol 'Bekräftad'.
  const confirmed = page.waitForResponse(
    (res) => res.request().method() === 'PUT' && res.url().endsWith('/confirm'),
  );
  await page.getByRole('button', { name: 'Spara protokoll' }).click();
  await expect(page.getByText('Protokoll sparat')).toBeVisible();
  expect(((await (await confirmed).json()) as { status: string }).status).toBe('confirmed');
  await expect(page.getByText('Skillnader mot officiella resultat')).toBeVisible();
  await page.getByRole('button', { name: 'Visa detaljer' }).click();
  await expect(page).toHaveURL(/\/my-matches\/saved\//);
  await expect(page.getByText('Avvikelse').first()).toBeVisible();
  await expect(page.getByText(/Heat 15/).first()).toBeVisible();
  await page.screenshot({
    path: `artifacts/screens/saved-disputed-${info.project.name}.png`,
    fullPage: true,
  });

  await page.getByRole('button', { name: 'Godta officiellt resultat' }).click();
  await expect(page.getByText('Matchen uppdaterad')).toBeVisible();
  await expect(page.getByText('Validerad').first()).toBeVisible();
  await page.reload();
  await expect(page.getByText('Validerad').first()).toBeVisible();

  // It is listed under Sparade, then deleted after confirmation.
  await page.goto('/my-matches/saved-protocols');
  await expect(page.getByText(official.home_team).first()).toBeVisible();
  await page.goBack();
  await page.getByRole('button', { name: 'Ta bort' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Ta bort' }).click();
  await expect(page.getByText('Protokoll borttaget')).toBeVisible();
  await expect(page).toHaveURL(/\/my-matches\/saved-protocols$/);
  const left = await api.call<unknown[]>('GET', '/api/user/matches');
  expect(left).toHaveLength(0);
});

test('the league table is computed from the official results', async ({ page, request }, info) => {
  const email = uniqueEmail(info, 'tabell');
  await createVerifiedUser(request, email);
  const api = await apiAs(request, email, PASSWORD);
  const teams = await api.call<Array<{ name: string; points: number; matches_played: number }>>(
    'GET',
    '/api/teams',
  );
  expect(teams).toHaveLength(8);
  expect(teams.some((t) => t.matches_played > 0)).toBe(true);

  await signInThroughForm(page, email);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/tabell');
  await expect(page.getByRole('heading', { name: 'Tabell' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Tabell Elitserien' });
  await expect(table.locator('tbody tr')).toHaveCount(8);
  await expect(table.locator('tbody tr').first()).toContainText(teams[0]!.name);
  await expect(page.getByRole('list', { name: 'Topp tre' }).getByRole('listitem')).toHaveCount(3);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({
    path: `artifacts/screens/table-${info.project.name}.png`,
    fullPage: true,
  });
});
