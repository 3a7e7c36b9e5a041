import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import type { OfficialMatchDetail, OfficialMatchSummary } from '@speedway/contracts';
import { finishedOfficialMatch, prepareProtocol } from '../support/protocol';
import { signedInNewUser } from '../support/signed-in';

// The scoresheet out of the app (ADR 011): a kept protocol printed by the browser (the sheet alone,
// offline too), downloaded as PDF, CSV and JSON through the API; a blank sheet (print and PDF)
// before a match.

test.beforeEach(async ({ page }) => {
  // The print dialog is the browser's; the test sees that it was asked for, and what was put up.
  await page.addInitScript(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed += 1;
    };
  });
});

const printed = (page: Page) =>
  page.evaluate(() => (window as unknown as { printed: number }).printed);

test('a kept protocol: PDF, CSV and JSON downloads, print, and print alone offline', async ({
  page,
  request,
}, info) => {
  test.setTimeout(90_000);
  const api = await signedInNewUser(page, request, 'scoresheet', info);
  const official = await finishedOfficialMatch(api);
  const match = await prepareProtocol(api, official, 15);
  await page.goto(`/match/${match.id}`);
  await expect(page.getByText('15/15 Heat komplett')).toBeVisible();

  const pdfDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Ladda ner PDF' }).click();
  const pdf = await pdfDownload;
  expect(pdf.suggestedFilename()).toMatch(/^Matchprotokoll .+ – .+\.pdf$/);
  expect((await readFile((await pdf.path())!)).subarray(0, 5).toString()).toBe('%PDF-');

  const csvDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportera CSV' }).click();
  const csv = await readFile((await (await csvDownload).path())!);
  expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(csv.toString('utf8')).toContain(`Resultat;${match.home_score};${match.away_score}\r\n`);

  const jsonDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportera JSON' }).click();
  const json = JSON.parse(await readFile((await (await jsonDownload).path())!, 'utf8')) as {
    heats: unknown[];
  };
  expect(json.heats).toHaveLength(15);

  await page.getByRole('button', { name: 'Skriv ut' }).click();
  await expect.poll(() => printed(page)).toBe(1);
  const sheet = page.locator('#scoresheet-print .ss');
  await expect(sheet).toBeHidden();
  await page.emulateMedia({ media: 'print' });
  await expect(sheet).toBeVisible();
  await expect(sheet.locator('.ss-final')).toHaveText(`${match.home_score}–${match.away_score}`);
  await expect(page.getByRole('button', { name: 'Skriv ut' })).toBeHidden();
  await page.emulateMedia({ media: 'screen' });

  await page.context().setOffline(true);
  await expect(
    page.getByText('PDF, CSV och JSON kräver anslutning.', { exact: false }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ladda ner PDF' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Exportera CSV' })).toBeDisabled();
  await page.getByRole('button', { name: 'Skriv ut' }).click();
  await expect.poll(() => printed(page)).toBe(2);
  await page.context().setOffline(false);

  // Paper is A4 wide whatever the phone: the picture of the printed page is taken at that width.
  await page.setViewportSize({ width: 794, height: 1123 });
  await page.emulateMedia({ media: 'print' });
  await page.screenshot({
    path: `artifacts/screens/scoresheet-print-${info.project.name}.png`,
    fullPage: true,
  });
});

test('an official match before its start prints a blank sheet with the line-ups', async ({
  page,
  request,
}, info) => {
  const api = await signedInNewUser(page, request, 'blank-sheet', info);
  const all = await api.call<OfficialMatchSummary[]>('GET', '/api/official-matches');
  const upcoming = all.find((m) => m.status === 'upcoming' && m.lineups_ready);
  expect(upcoming, 'an upcoming demo match with line-ups').toBeDefined();
  const official = await api.call<OfficialMatchDetail>(
    'GET',
    `/api/official-matches/${upcoming!.id}`,
  );
  await page.goto(`/matches/official/${official.id}`);
  await page.getByRole('button', { name: 'Skriv ut tomt protokoll' }).click();
  await expect.poll(() => printed(page)).toBe(1);
  const sheet = page.locator('#scoresheet-print .ss');
  await expect(sheet).toContainText('Matchprotokoll – tomt');
  await expect(sheet).toContainText(official.lineups.home[0]!.name);
  await expect(sheet.locator('.ss-points').filter({ hasText: /\d/ })).toHaveCount(0);

  // The same blank sheet as a PDF from the server, beside it.
  const pdfDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Ladda ner tomt protokoll (PDF)' }).click();
  const pdf = await readFile((await (await pdfDownload).path())!);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
});
