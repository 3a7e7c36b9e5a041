import type { Locator, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import type { Team } from '@speedway/contracts';
import { PASSWORD, uniqueEmail } from '../support/accounts';
import { createAdmin } from '../support/admins';
import { signedInNewUser } from '../support/signed-in';
import { apiAs, finishedOfficialMatch, prepareProtocol, registerHeat } from '../support/protocol';

// The phone layout (tabs, stat cards, the protocol's points row, toasts over a
// bottom sheet) and the announcement banner, which must not shift the home page, in
// Chromium at 320×568, 390×844 and 1280×800. Each test sets those sizes itself, so it runs in the
// phone project only (a second run in the desktop project would repeat the same pages).

const SIZES = [
  { width: 320, height: 568 },
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;
const PHONES = SIZES.filter((size) => size.width < 768);

type Box = { x: number; y: number; width: number; height: number };

function overlaps(a: Box, b: Box) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/**
 * The part of an element that is drawn: its box cut by every scrolling ancestor (a dialog's body
 * scrolls; what is scrolled out of it is not there to tap). Null when nothing of it shows.
 */
function shownPart(locator: Locator): Promise<Box | null> {
  return locator.evaluate((element) => {
    let { left, top, right, bottom } = element.getBoundingClientRect();
    for (let el = element.parentElement; el; el = el.parentElement) {
      const { overflowX, overflowY } = getComputedStyle(el);
      if (overflowX === 'visible' && overflowY === 'visible') continue;
      const clip = el.getBoundingClientRect();
      left = Math.max(left, clip.left);
      top = Math.max(top, clip.top);
      right = Math.min(right, clip.right);
      bottom = Math.min(bottom, clip.bottom);
    }
    if (right <= left || bottom <= top) return null;
    return { x: left, y: top, width: right - left, height: bottom - top };
  });
}

/** Whether the page scrolls sideways: nothing may be wider than the screen. */
function pageOverflow(page: Page) {
  return page.evaluate(() => {
    const { scrollWidth, clientWidth } = document.documentElement;
    return scrollWidth - clientWidth;
  });
}

/** Each tab's label: on how many lines it is drawn, and whether its box cuts it off. */
function tabLabels(tabs: Locator) {
  return tabs.evaluateAll((elements) =>
    elements.map((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      const lines = new Set(
        [...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)),
      );
      const box = el.getBoundingClientRect();
      return {
        label: el.textContent ?? '',
        top: Math.round(box.top),
        lines: lines.size,
        cut: el.scrollWidth > el.clientWidth,
      };
    }),
  );
}

/**
 * What in a card is drawn outside it or cut off by its own box (text wider than its room). Screen
 * reader text (sr-only: a 1 px box that clips on purpose) is not drawn and does not count.
 */
function outsideItsCard(card: Locator) {
  return card.evaluate((element) => {
    const bounds = element.getBoundingClientRect();
    const problems: string[] = [];
    for (const el of element.querySelectorAll<HTMLElement>('*')) {
      if (el.closest('.sr-only')) continue;
      const rect = el.getBoundingClientRect();
      if (rect.width <= 1 || rect.height <= 1) continue;
      const text = (el.textContent ?? '').trim().slice(0, 40);
      if (rect.left < bounds.left - 0.5 || rect.right > bounds.right + 0.5) {
        problems.push(`outside: ${text}`);
      }
      if (el.children.length === 0 && text && el.scrollWidth > el.clientWidth + 1) {
        problems.push(`cut: ${text}`);
      }
    }
    return problems;
  });
}

/**
 * The words of the hero's team names that are drawn broken over two lines ('Indianer' + 'na'), or
 * sticking out of their card.
 */
function brokenTeamWords(page: Page) {
  return page.locator('[data-tutorial="next-match"] [data-team-name]').evaluateAll((names) =>
    names.flatMap((name) => {
      const text = name.firstChild;
      const card = name.closest('[data-team-block]')!.getBoundingClientRect();
      if (!text || text.nodeType !== Node.TEXT_NODE) return [`no text in ${name.outerHTML}`];
      const problems: string[] = [];
      const content = text.textContent ?? '';
      for (const match of content.matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(text, match.index);
        range.setEnd(text, match.index + match[0].length);
        const rects = [...range.getClientRects()].filter((r) => r.width > 0);
        const lines = new Set(rects.map((r) => Math.round(r.top))).size;
        if (lines > 1) problems.push(`broken: ${match[0]}`);
        if (rects.some((r) => r.left < card.left - 0.5 || r.right > card.right + 0.5)) {
          problems.push(`outside its card: ${match[0]}`);
        }
      }
      return problems;
    }),
  );
}

/** The bottom bar's labels that do not fit their slot. */
function cutBottomBarLabels(page: Page) {
  return page
    .getByRole('navigation', { name: 'Snabbmeny' })
    .getByRole('link')
    .evaluateAll((links) =>
      links.flatMap((link) => {
        const label = link.querySelector('span:last-child')!;
        const slot = link.getBoundingClientRect();
        const box = label.getBoundingClientRect();
        return box.left < slot.left - 0.5 || box.right > slot.right + 0.5
          ? [label.textContent ?? '']
          : [];
      }),
    );
}

test('home on a phone: four tabs on one row, whole labels, stat cards that hold their text', async ({
  page,
  request,
}, info) => {
  const api = await signedInNewUser(page, request, 'hemlayout', info);
  const teams = await api.call<Team[]>('GET', '/api/teams');
  const leader = teams[0]!;

  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.goto('/');
    const topplag = page.getByRole('group', { name: 'Topplag' });
    await expect(topplag).toContainText(`${leader.points} p`);
    await expect(page.getByRole('group', { name: 'Mina bevakningar' })).toContainText(/\d/);
    await expect(page.getByRole('group', { name: 'Egna matcher' })).toContainText(/\d/);
    const tabs = page.getByRole('tab');
    await expect(tabs).toHaveText(['Officiella', 'Mina matcher', 'Tabell', 'Lag']);
    await page.screenshot({
      path: `artifacts/screens/phone-layout-home-${size.width}-${info.project.name}.png`,
      fullPage: true,
    });

    expect(await pageOverflow(page), `${size.width} px: the page scrolls sideways`).toBe(0);

    const labels = await tabLabels(tabs);
    expect(new Set(labels.map((l) => l.top)).size, `${size.width} px: tabs on one row`).toBe(1);
    for (const label of labels) {
      expect(label.lines, `${size.width} px: '${label.label}' on one line`).toBe(1);
      expect(label.cut, `${size.width} px: '${label.label}' cut off`).toBe(false);
    }

    // Team names whole in the hero (a smaller font on a narrow phone, never 'Indianer-na').
    await expect(
      page.locator('[data-tutorial="next-match"] [data-team-name]').first(),
    ).toBeVisible();
    expect(await brokenTeamWords(page), `${size.width} px: team names`).toEqual([]);
    if (size.width < 768) {
      expect(await cutBottomBarLabels(page), `${size.width} px: bottom bar`).toEqual([]);
    }

    for (const name of ['Mina bevakningar', 'Egna matcher', 'Topplag']) {
      const card = page.getByRole('group', { name, exact: true });
      expect(await outsideItsCard(card), `${size.width} px: ${name}`).toEqual([]);
    }
    // The leader's full name where it fits, its short name where it does not: never cut.
    if (size.width >= 1280) {
      await expect(topplag.locator('[data-fitted="full"]').first()).toHaveText(leader.name);
    }
  }
});

test('the protocol page is never wider than the screen', async ({ page, request }, info) => {
  const api = await signedInNewUser(page, request, 'protokollbredd', info);
  const official = await finishedOfficialMatch(api);
  const match = await prepareProtocol(api, official, 2);
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.goto(`/match/${match.id}`);
    await expect(page.getByText('2/15 Heat komplett')).toBeVisible();
    const toggle = page.getByRole('radiogroup', { name: 'Poängvisning' });
    await expect(toggle).toBeVisible();
    await page.screenshot({
      path: `artifacts/screens/phone-layout-protocol-${size.width}-${info.project.name}.png`,
    });
    expect(await pageOverflow(page), `${size.width} px: the page scrolls sideways`).toBe(0);
    const box = (await toggle.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(size.width);
    const latest = (await page.getByRole('button', { name: 'Till Heat' }).boundingBox())!;
    expect(latest.x + latest.width).toBeLessThanOrEqual(size.width);
  }
});

test("'Spara protokoll' sticks from the first heat on, and a heat's toast never covers it", async ({
  page,
  request,
}, info) => {
  const api = await signedInNewUser(page, request, 'sparaklistrad', info);
  const official = await finishedOfficialMatch(api);
  const match = await prepareProtocol(api, official, 0);
  for (const [i, size] of SIZES.entries()) {
    await page.setViewportSize(size);
    await page.goto(`/match/${match.id}`);
    await expect(page.getByText(`${i}/15 Heat komplett`)).toBeVisible();
    const save = page.getByRole('button', { name: 'Spara protokoll' });
    // At the top of a page longer than the screen, the bar is at the foot of the window.
    await page.evaluate(() => window.scrollTo(0, 0));
    const bar = (await save.boundingBox())!;
    expect(bar.y + bar.height, `${size.width} px: 'Spara protokoll' in view`).toBeLessThanOrEqual(
      size.height,
    );
    expect(bar.y, `${size.width} px: 'Spara protokoll' at the foot`).toBeGreaterThan(
      size.height / 2,
    );

    const register = page.getByRole('button', { name: 'Registrera heat' });
    await register.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await registerHeat(page, i + 1);
    const toast = page.locator('[data-sonner-toast]', { hasText: `Heat ${i + 1} sparat` });
    await expect(toast).toBeVisible();
    await page.waitForTimeout(500);
    const toastBox = (await toast.boundingBox())!;
    const saveBox = (await save.boundingBox())!;
    await page.screenshot({
      path: `artifacts/screens/phone-layout-save-toast-${size.width}-${info.project.name}.png`,
    });
    expect(overlaps(toastBox, saveBox), `${size.width} px: the toast covers the save`).toBe(false);
    // Bottom right, as the spec has it.
    expect(toastBox.x + toastBox.width).toBeGreaterThan(size.width - 40);
    expect(toastBox.y).toBeGreaterThan(size.height / 2);
  }
});

// @alone: with another spec beside it, the 1280 px dialog once stayed where it was for the 20 s the
// toast lived (room set, the dialog not lifted), not seen when run alone: to be found (closing note).
test(
  'a toast while the heat dialog is open stays bottom right and covers none of its controls',
  { tag: '@alone' },
  async ({ page, request }, info) => {
    const api = await signedInNewUser(page, request, 'toastark', info);
    const official = await finishedOfficialMatch(api);
    const match = await prepareProtocol(api, official, 0);
    // The save is refused, so the dialog stays open with an error toast.
    await page.route(`**/api/matches/${match.id}/heat/1/save`, (route) =>
      route.fulfill({
        status: 409,
        json: {
          statusCode: 409,
          error: 'Conflict',
          code: 'CONFLICT',
          message: 'Heatet kunde inte sparas just nu.',
        },
      }),
    );

    for (const size of [...PHONES, { width: 1280, height: 800 }]) {
      await page.setViewportSize(size);
      await page.goto(`/match/${match.id}`);
      await expect(page.getByText('0/15 Heat komplett')).toBeVisible();
      // Scrolled to the middle first: at 320×568 the sticky save bar and the bottom bar cover it.
      const register = page.getByRole('button', { name: 'Registrera heat' });
      await register.evaluate((el) => el.scrollIntoView({ block: 'center' }));
      await register.click();
      const dialog = page.getByRole('dialog');
      await expect(
        dialog.getByRole('heading', { name: 'Registrera Heat 1 Resultat' }),
      ).toBeVisible();
      for (const lane of [1, 2, 3, 4]) {
        await dialog
          .getByRole('group', { name: `Placering spår ${lane}` })
          .getByRole('button', { name: `Placering ${lane}` })
          .click();
      }
      await dialog.getByRole('button', { name: 'Spara resultat' }).click();
      const toast = page.locator('[data-sonner-toast]', { hasText: 'Heatet kunde inte sparas' });
      await expect(toast).toBeVisible();
      await expect(dialog).toBeVisible();
      // The dialog has made room for the toast (--toast-room), and both have settled where they
      // stay (sonner slides the toast in, the dialog moves up).
      await expect
        .poll(() =>
          page.evaluate(() =>
            Number.parseFloat(
              document.documentElement.style.getPropertyValue('--toast-room') || '0',
            ),
          ),
        )
        .toBeGreaterThan(48);
      await page.waitForTimeout(500);

      const controls: Array<[string, Locator]> = [
        ...[1, 2, 3, 4].map(
          (lane) =>
            [`lane ${lane}`, dialog.getByRole('group', { name: `Placering spår ${lane}` })] as [
              string,
              Locator,
            ],
        ),
        ['the R/R row', dialog.getByText('Lås upp för manuella ändringar')],
        ['Avbryt', dialog.getByRole('button', { name: 'Avbryt' })],
        ['Spara resultat', dialog.getByRole('button', { name: 'Spara resultat' })],
        ['the close button', dialog.getByRole('button', { name: 'Stäng' })],
      ];
      // What the toast covers, read again until it has settled (on a loaded runner the dialog's
      // move can come a moment after the room is set): nothing, for good.
      const covered = async () => {
        const toastBox = await toast.boundingBox();
        if (!toastBox) return ['(the toast is gone)'];
        const names: string[] = [];
        for (const [name, control] of controls) {
          const box = await shownPart(control);
          if (box && overlaps(toastBox, box)) names.push(name);
        }
        return names;
      };
      await expect.poll(covered, { message: `${size.width} px: the toast covers` }).toEqual([]);
      await page.screenshot({
        path: `artifacts/screens/phone-layout-toast-${size.width}-${info.project.name}.png`,
      });
      const toastBox = (await toast.boundingBox())!;
      // Bottom right, as the spec has it: the dialog made room for it.
      expect(toastBox.x + toastBox.width).toBeGreaterThan(size.width - 40);
      expect(toastBox.y).toBeGreaterThan(size.height / 2);
      await dialog.getByRole('button', { name: 'Avbryt' }).click();
      await expect(dialog).toBeHidden();
    }
  },
);

// Late enough to answer after the app has started (ADR 021 sends the read with the first script,
// so an answer after 300 ms arrived while the app was still booting, and the test then measured
// the boot), and within the 1200 ms the page waits for it.
const ANNOUNCEMENT_DELAY_MS = 1000;

test(
  'an announcement that answers late does not shift the home page',
  { tag: '@alone' },
  async ({ page, request }, info) => {
    const adminEmail = uniqueEmail(info, 'clsadmin');
    createAdmin(adminEmail, 'super_admin');
    const admin = await apiAs(request, adminEmail, PASSWORD);
    const message = `Planerat underhåll i kväll kl. 22–23, protokollen sparas som vanligt (${info.project.name}).`;
    await admin.call('PUT', '/api/system/announcement', {
      message,
      level: 'warning',
      active: true,
      dismissible: true,
      expiresAt: null,
    });
    try {
      await signedInNewUser(page, request, 'cls', info);
      await page.route('**/api/system/announcement', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, ANNOUNCEMENT_DELAY_MS));
        await route.continue();
      });
      // Every layout shift from the first paint on, and when the page below the banner was shown.
      await page.addInitScript(() => {
        const w = window as unknown as {
          __shifts: Array<{ value: number; at: number; sources: string[] }>;
          __shownAt: number | null;
        };
        w.__shifts = [];
        w.__shownAt = null;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Array<
            PerformanceEntry & {
              value: number;
              hadRecentInput: boolean;
              sources?: Array<{ node?: Node | null }>;
            }
          >) {
            if (entry.hadRecentInput) continue;
            w.__shifts.push({
              value: entry.value,
              at: entry.startTime,
              sources: (entry.sources ?? []).map((s) =>
                s.node instanceof Element
                  ? `${s.node.tagName} ${s.node.className}`.slice(0, 80)
                  : String(s.node?.nodeName),
              ),
            });
          }
        }).observe({ type: 'layout-shift', buffered: true });
        new MutationObserver(() => {
          if (
            w.__shownAt === null &&
            document.querySelector('[data-announcement-settled="true"]')
          ) {
            w.__shownAt = performance.now();
          }
        }).observe(document, { subtree: true, childList: true, attributes: true });
      });

      await page.goto('/');
      const banner = page.getByRole('region', { name: 'Meddelande', exact: true });
      await expect(banner).toContainText(message);
      await expect(page.getByRole('group', { name: 'Topplag' })).toContainText(/\d+ p/);
      await expect(page.getByRole('tab', { name: 'Officiella' })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(1000);
      await page.screenshot({
        path: `artifacts/screens/phone-layout-announcement-${info.project.name}.png`,
      });

      const measured = await page.evaluate(() => {
        const w = window as unknown as {
          __shifts: Array<{ value: number; at: number; sources: string[] }>;
          __shownAt: number | null;
        };
        const timing = performance
          .getEntriesByType('resource')
          .filter((e) => e.name.endsWith('/api/system/announcement'))
          .map((e) => (e as PerformanceResourceTiming).responseEnd);
        return { shifts: w.__shifts, shownAt: w.__shownAt, answeredAt: timing[0] ?? null };
      });
      const cls = measured.shifts.reduce((sum, s) => sum + s.value, 0);
      info.annotations.push({
        type: 'cls',
        description: `${cls.toFixed(4)} (${JSON.stringify(measured.shifts)})`,
      });
      console.log(`CLS ${info.project.name}: ${cls.toFixed(4)}`, JSON.stringify(measured));
      expect(cls, JSON.stringify(measured.shifts)).toBeLessThan(0.01);
      // The page waited for the announcement, and for nothing longer than it.
      expect(measured.answeredAt).not.toBeNull();
      expect(measured.shownAt).not.toBeNull();
      expect(measured.shownAt! - measured.answeredAt!).toBeLessThan(250);
    } finally {
      await admin.call('DELETE', '/api/system/announcement');
    }
  },
);
