import type { Locator, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { createVerifiedUser, PASSWORD, signInThroughForm, uniqueEmail } from '../support/accounts';
import { apiAs, finishedOfficialMatch } from '../support/protocol';

// Issue 28's screens on the demo season: the ranking sorted by average with a minimum-heats
// filter, a rider's page with a head-to-head pick, a team's page, and the way there from an
// official match's line-up. At both widths: the ranking is a table beside a fixed rider column on a
// phone, a whole table on a desktop, and Statistik is reached another way on each.

/** An average as the screens print it ('1,988') as a number. */
const average = (text: string) => Number(text.replace(',', '.'));

/** Each row's cells of the ranking: [#, Snitt, H, P, B, Inkl. B, M, V, Max]. */
async function rankingRows(table: Locator): Promise<string[][]> {
  return table
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) => [...row.querySelectorAll('td')].map((td) => td.textContent ?? '')),
    );
}

async function openStatistics(page: Page, phone: boolean) {
  if (phone) {
    // Five slots on the bottom bar (the spec's): the statistics start from the table.
    await page
      .getByRole('navigation', { name: 'Snabbmeny' })
      .getByRole('link', { name: 'Tabell' })
      .click();
    await page.getByRole('link', { name: 'Förarstatistik' }).click();
  } else {
    await page
      .getByRole('navigation', { name: 'Huvudmeny' })
      .getByRole('link', { name: 'Statistik' })
      .click();
  }
  await expect(page).toHaveURL(/\/statistik$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Förarstatistik' })).toBeVisible();
}

test('the ranking sorts by average and filters by heats; a rider, a head-to-head and a team', async ({
  page,
  request,
}, info) => {
  const phone = info.project.name === 'phone';
  const email = uniqueEmail(info, 'statistik');
  await createVerifiedUser(request, email);
  await signInThroughForm(page, email);
  await expect(page).toHaveURL(/\/$/);

  await openStatistics(page, phone);
  const table = page.getByRole('table', { name: /^Förarstatistik \d{4}$/ });
  await expect(table).toBeVisible();

  // Another sort first, then back to Snitt: highest average first.
  await table.getByRole('button', { name: 'Poäng', exact: true }).click();
  await expect(page).toHaveURL(/sort=points/);
  await table.getByRole('button', { name: 'Snitt', exact: true }).click();
  await expect(page).toHaveURL(/\/statistik$/);
  await expect(table.getByRole('columnheader', { name: 'Snitt', exact: true })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  const all = await rankingRows(table);
  expect(all.length).toBeGreaterThan(10);
  const averages = all.map((cells) => average(cells[1]!));
  expect(averages).toEqual([...averages].sort((a, b) => b - a));
  for (const cells of all) expect(cells[1]).toMatch(/^\d+,\d{3}$/);

  // A minimum of heats: fewer riders, each with at least that many, still by average.
  const heats = all.map((cells) => Number(cells[2]));
  const minimum = [...heats].sort((a, b) => a - b)[Math.floor(heats.length / 2)]!;
  await page.getByLabel('Minst antal heat').fill('x');
  await expect(
    page.getByText('Minsta antal heat ska vara ett heltal mellan 0 och 200.'),
  ).toBeVisible();
  await page.getByLabel('Minst antal heat').fill(String(minimum));
  await expect(page.getByText(new RegExp(`med minst ${minimum} heat`))).toBeVisible();
  const filtered = await rankingRows(table);
  expect(filtered.length).toBe(heats.filter((h) => h >= minimum).length);
  expect(filtered.length).toBeLessThan(all.length);
  for (const cells of filtered) expect(Number(cells[2])).toBeGreaterThanOrEqual(minimum);
  const filteredAverages = filtered.map((cells) => average(cells[1]!));
  expect(filteredAverages).toEqual([...filteredAverages].sort((a, b) => b - a));
  await page.screenshot({
    path: `artifacts/screens/statistics-${info.project.name}.png`,
    fullPage: true,
  });

  // The best rider's page: the same average as the ranking's.
  const top = table.locator('tbody tr').first();
  const name = (await top.getByRole('rowheader').getByRole('link').first().textContent())!;
  await top.getByRole('link', { name, exact: true }).click();
  await expect(page).toHaveURL(/\/forare\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const season = page.getByRole('region', { name: 'Säsongen' });
  await expect(season.getByText(filtered[0]![1]!, { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Per startspår' }).getByRole('row')).toHaveCount(5);

  // Head to head: the most met opponent; the heats they met in are listed.
  const h2h = page.getByRole('region', { name: 'Inbördes möten' });
  const picker = h2h.getByLabel('Motståndare');
  const first = (await picker.locator('option').nth(1).textContent())!;
  const met = Number(/\((\d+) möten/.exec(first)![1]);
  await picker.selectOption({ index: 1 });
  await expect(page).toHaveURL(/opponent=/);
  await expect(h2h.getByRole('status')).toContainText(`har mötts i ${met} heat`);
  await expect(h2h.getByRole('listitem')).toHaveCount(met);
  await page.screenshot({
    path: `artifacts/screens/rider-${info.project.name}.png`,
    fullPage: true,
  });

  // The rider's team.
  const team = page.locator('main p').first().getByRole('link').first();
  const teamName = (await team.textContent())!;
  await team.click();
  await expect(page).toHaveURL(/\/lag\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: teamName })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Hemma och borta' })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Förarnas snitt' }).getByRole('link', { name, exact: true }),
  ).toBeVisible();
  await page.screenshot({
    path: `artifacts/screens/team-${info.project.name}.png`,
    fullPage: true,
  });
});

test('a rider in an official line-up leads to his page', async ({ page, request }, info) => {
  const email = uniqueEmail(info, 'statistik-trupp');
  await createVerifiedUser(request, email);
  const api = await apiAs(request, email, PASSWORD);
  const official = await finishedOfficialMatch(api, 0);
  const rider = official.lineups.home[0]!;
  await signInThroughForm(page, email);
  await expect(page).toHaveURL(/\/$/);
  await page.goto(`/matches/official/${official.id}`);
  await page.locator('#trupp-home').getByRole('link', { name: rider.name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/forare/${rider.rider_id}$`));
  await expect(page.getByRole('heading', { level: 1, name: rider.name })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Säsongen' })).toBeVisible();
});
