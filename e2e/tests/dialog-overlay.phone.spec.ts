import { expect, test } from '@playwright/test';
import { finishedOfficialMatch, prepareProtocol } from '../support/protocol';
import { signedInNewUser } from '../support/signed-in';

// While a dialog is open the page behind it takes no taps: its overlay covers the page (the page
// keeps pointer-events of its own, index.css, so that opening a dialog does not restyle it all).

test('a tap beside the open heat dialog reaches nothing on the page behind it', async ({
  page,
  request,
}, info) => {
  const api = await signedInNewUser(page, request, 'overlay', info);
  const match = await prepareProtocol(api, await finishedOfficialMatch(api), 2);
  await page.goto(`/match/${match.id}`);
  const register = page.getByRole('button', { name: 'Registrera heat' }).first();
  await expect(register).toBeVisible();
  const home = page.getByRole('banner').getByRole('link', { name: /Speedway Elitserien/ });
  const box = await home.boundingBox();
  if (!box) throw new Error('the header link has no box');

  await register.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  // Where the header's link is, under the overlay: what is there is not the page.
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
  const onPage = await page.evaluate(
    ([px, py]) => Boolean(document.elementFromPoint(px!, py!)?.closest('#root')),
    [x, y],
  );
  expect(onPage).toBe(false);
  await page.mouse.click(x, y);
  await page.waitForTimeout(300);
  await expect(page).toHaveURL(new RegExp(`/match/${match.id}$`));
  // The tap closed the dialog (it had no input) or, on a phone, landed on the sheet itself.
  if (await dialog.isVisible()) await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  // The page itself takes taps again.
  await home.click();
  await expect(page).toHaveURL(/\/$/);
});
