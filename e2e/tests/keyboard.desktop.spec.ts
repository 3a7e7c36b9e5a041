import type { Locator, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { signedInNewUser } from '../support/signed-in';
import { finishedOfficialMatch, prepareProtocol } from '../support/protocol';

// Keeping a protocol with the keyboard. WCAG 2.4.11: a focused control is never hidden
// under the sticky header, the bottom bar or the sticky 'Spara protokoll'; 2.4.7: focus is seen;
// the heat dialog's controls are at least 44×44 px (gloved fingers).

/** What holds the focus now: its name, whether its centre shows it, whether focus is drawn. */
function focused(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    const rect = el.getBoundingClientRect();
    const x = rect.left + rect.width / 2;
    const y = rect.top + rect.height / 2;
    const top = document.elementFromPoint(x, y);
    const style = getComputedStyle(el);
    const ring =
      style.boxShadow !== 'none' || (style.outlineStyle !== 'none' && style.outlineWidth !== '0px');
    return {
      what: `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`,
      // Inside the viewport and not under anything (the element itself or what it holds).
      visible: y >= 0 && y <= window.innerHeight && !!top && (el === top || el.contains(top)),
      drawn: ring,
    };
  });
}

async function tabThrough(page: Page, limit: number) {
  const seen: string[] = [];
  for (let i = 0; i < limit; i += 1) {
    await page.keyboard.press('Tab');
    const now = await focused(page);
    if (!now) continue;
    expect.soft(now.visible, `${now.what} is covered or off screen when focused`).toBe(true);
    expect.soft(now.drawn, `${now.what} shows no focus`).toBe(true);
    seen.push(now.what);
  }
  return seen;
}

async function expectTargetsAtLeast44(dialog: Locator) {
  const controls = dialog.locator('button:visible, select:visible, [role="switch"]:visible');
  const sizes = await controls.evaluateAll((els) =>
    els.map((el) => {
      const rect = el.getBoundingClientRect();
      // A switch's hit area reaches past its track (::before); its box is what one aims at.
      const before = getComputedStyle(el, '::before');
      const pad = before.content !== 'none' ? -parseFloat(before.top || '0') * 2 : 0;
      return {
        what: `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 30)}"`,
        width: Math.round(rect.width + pad),
        height: Math.round(rect.height + pad),
      };
    }),
  );
  expect(sizes.length).toBeGreaterThan(10);
  expect(sizes.filter((s) => s.width < 44 || s.height < 44)).toEqual([]);
}

test('the protocol page by keyboard: focus is always seen, the heat dialog’s targets are 44 px', async ({
  page,
  request,
}, info) => {
  const api = await signedInNewUser(page, request, 'tangentbord', info);
  const official = await finishedOfficialMatch(api, 4);
  const match = await prepareProtocol(api, official, 3);
  await page.goto(`/match/${match.id}`);
  await expect(page.getByText('3/15 Heat komplett')).toBeVisible();

  const seen = await tabThrough(page, 45);
  expect(seen).toContain('button "Registrera heat"');

  // The heat dialog, opened from the keyboard: its controls, then its targets.
  await page.getByRole('button', { name: 'Registrera heat' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Registrera Heat 4 Resultat' })).toBeVisible();
  await tabThrough(page, 25);
  await expectTargetsAtLeast44(dialog);
  await page.screenshot({
    path: `artifacts/screens/keyboard-heat-dialog-${info.project.name}.png`,
  });
});
