import type { Locator, Page, TestInfo } from '@playwright/test';
import { expect, test } from '@playwright/test';
import type { OfficialImportSummary, Team } from '@speedway/contracts';
import { PASSWORD, signInThroughForm } from '../support/accounts';
import { scanScreen } from '../support/axe';
import { onOwnServer } from '../support/own-server';
import { apiAs, finishedOfficialMatch } from '../support/protocol';

// /admin/riders (issue 28 §1): a super_admin searches the riders' identities, merges two that are
// one person, splits the entry back out, and is refused a merge of two riders of one match. On a
// server of its own (one per worker): a merge changes the statistics every other spec reads.
//
// The demo season cannot hold two riders to merge: its eight squads meet each other, so any two
// of its riders stand in one match's line-ups. The test imports a match of 2011 naming a demo
// rider another way ('E. Svensson' for 'Erik Svensson'): a new identity, of another match.

onOwnServer.use({ reducedMotion: 'reduce' });

/** The screen as a user sees it; a list in full, a dialog (fixed in place) as it stands. */
const screen = (page: Page, info: TestInfo, name: string, fullPage = false) =>
  page.screenshot({
    path: `artifacts/screens/admin-riders-${name}-${info.project.name}.png`,
    fullPage,
  });

/** 'Erik Svensson' → 'E. Svensson': the same man as a 2011 file could print him. */
const printedOtherwise = (name: string) => {
  const [first = '', ...rest] = name.split(' ');
  return `${first.charAt(0)}. ${rest.join(' ')}`;
};

/** Waits for the toast, then dismisses it: on a phone it may cover the next tap. */
async function expectToast(page: Page, text: string) {
  const toast = page
    .getByRole('region', { name: /^Meddelanden/ })
    .getByRole('listitem')
    .filter({ has: page.getByText(text, { exact: true }) })
    .first();
  await expect(toast).toBeVisible();
  await toast.getByRole('button', { name: 'Dölj meddelande' }).click();
  await expect(toast).toBeHidden();
}

/** Nothing wider than the screen: no sideways scroll. */
async function fitsWidth(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );
}

/** The dialog inside the screen's width. */
async function dialogFits(page: Page, dialog: Locator) {
  const box = (await dialog.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
}

onOwnServer(
  'a super_admin searches, merges two riders of different matches, splits the entry back out, and is refused two riders of one match',
  async ({ page, request, own }, info) => {
    test.setTimeout(180_000);
    const email = await own.createUser(request, info, 'forare-admin', 'super_admin');
    const api = await apiAs(request, email, PASSWORD);

    // A demo rider, his team-mate in the same line-up, and the same rider printed otherwise in a
    // 2011 match of his club (no result: line-ups are what identities are made from).
    const official = await finishedOfficialMatch(api);
    const [rider, mate] = official.lineups.home;
    const teams = await api.call<Team[]>('GET', '/api/teams');
    const club = teams.find((t) => t.id === official.home_team_id)!;
    const rival = teams.find((t) => t.id === official.away_team_id)!;
    const other = printedOtherwise(rider!.name);
    const imported = await api.call<OfficialImportSummary>('POST', '/api/official-matches/import', {
      format: 'speedway-official/1',
      matches: [
        {
          external_id: `e2e-forare-2011-${info.project.name}`,
          season: 2011,
          start: '2011-06-01T17:00:00Z',
          home: club.slug,
          away: rival.slug,
          lineups: { home: { '1': other } },
        },
      ],
    });
    expect(imported).toBeTruthy();
    const surname = rider!.name.split(' ').slice(1).join(' ');

    await signInThroughForm(page, email);
    await expect(page).toHaveURL(/\/admin$/);
    await page
      .getByRole('navigation', { name: 'Adminmeny' })
      .getByRole('link', { name: 'Förare' })
      .click();
    await expect(page).toHaveURL(/\/admin\/riders$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Förare' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Förare' })).toBeVisible();

    // The search settles in the address; both spellings are found.
    await page.getByLabel('Sök förare').fill(surname);
    await expect(page).toHaveURL(new RegExp(`\\?q=${encodeURIComponent(surname)}$`));
    const riderCard = page.getByRole('article', { name: rider!.name, exact: true });
    const otherCard = page.getByRole('article', { name: other, exact: true });
    await expect(riderCard).toBeVisible();
    await expect(otherCard).toBeVisible();
    await expect(otherCard.getByText(`${club.name} · 2011 · 0 heat`)).toBeVisible();
    await expect(riderCard.getByRole('link', { name: rider!.name })).toHaveAttribute(
      'href',
      /^\/forare\/[0-9a-f-]{36}$/,
    );
    await fitsWidth(page);
    await screen(page, info, 'list', true);

    // Merge: the 2011 spelling disappears into the demo rider, who is kept.
    await otherCard.getByRole('button', { name: `${other}: Slå ihop med…` }).click();
    const dialog = page.getByRole('dialog', { name: `Slå ihop ${other} med…` });
    await expect(dialog).toBeVisible();
    await dialog
      .getByRole('group', { name: 'Förare i listan' })
      .getByRole('radio', { name: rider!.name, exact: true })
      .check();
    await expect(dialog.getByRole('status')).toHaveText(
      `${other} (${club.name} 2011) försvinner. Posterna flyttas till ${rider!.name} (${club.name} ${official.season}), som behålls.`,
    );
    await fitsWidth(page);
    await dialogFits(page, dialog);
    await screen(page, info, 'merge-dialog');
    await dialog.getByRole('button', { name: 'Slå ihop', exact: true }).click();
    await expectToast(page, `${other} är ihopslagen med ${rider!.name}.`);
    await expect(dialog).toBeHidden();
    await expect(otherCard).toBeHidden();
    const entries = riderCard.getByRole('list', { name: `Poster för ${rider!.name}` });
    await expect(entries.getByRole('listitem')).toHaveCount(2);
    await expect(entries.getByText(`${club.name} · 2011 · 0 heat`)).toBeVisible();

    // Split: the 2011 entry becomes a rider of its own again.
    await entries.getByRole('button', { name: `Dela ut ${other}, ${club.name} 2011` }).click();
    const split = page.getByRole('dialog', { name: 'Dela ut posten?' });
    await expect(split).toContainText(`Posten blir en egen förare, skild från ${rider!.name}.`);
    await screen(page, info, 'split-dialog');
    await split.getByRole('button', { name: 'Dela ut', exact: true }).click();
    await expectToast(page, `${other} (${club.name} 2011) är nu en egen förare.`);
    await expect(split).toBeHidden();
    await expect(otherCard).toBeVisible();
    await expect(entries.getByRole('listitem')).toHaveCount(1);

    // Two riders of one match are two people: the server's refusal, in the dialog, which stays.
    await riderCard.getByRole('button', { name: `${rider!.name}: Slå ihop med…` }).click();
    const refused = page.getByRole('dialog', { name: `Slå ihop ${rider!.name} med…` });
    await refused.getByLabel('Sök föraren som behålls').fill(mate!.name);
    await refused
      .getByRole('group', { name: 'Sökträffar' })
      .getByRole('radio', { name: mate!.name, exact: true })
      .check();
    await refused.getByRole('button', { name: 'Slå ihop', exact: true }).click();
    await expect(refused.getByRole('alert')).toHaveText(
      'Förarna står i samma match och kan inte vara samma person.',
    );
    await expect(refused.getByRole('button', { name: 'Slå ihop', exact: true })).toBeEnabled();
    await fitsWidth(page);
    await dialogFits(page, refused);
    await screen(page, info, 'merge-refused');
    // A state no other spec holds: the dialog with the refusal, every AA rule in both themes.
    await scanScreen(page, `/admin/riders merge refused at ${page.viewportSize()!.width} px`);
    // The smallest phone the app is made for: the dialog, with its refusal, still fits.
    const size = page.viewportSize()!;
    await page.setViewportSize({ width: 320, height: 568 });
    await dialogFits(page, refused);
    await expect(refused.getByRole('button', { name: 'Slå ihop', exact: true })).toBeInViewport();
    await screen(page, info, 'merge-refused-320');
    await page.setViewportSize(size);
    await refused.getByRole('button', { name: 'Avbryt' }).click();
    await expect(refused).toBeHidden();
  },
);

onOwnServer(
  'a club_admin neither sees nor reaches the riders',
  async ({ page, request, own }, info) => {
    const email = await own.createUser(request, info, 'forare-klubb', 'club_admin');
    await signInThroughForm(page, email);
    await expect(page).toHaveURL(/\/admin$/);
    await expect(
      page.getByRole('navigation', { name: 'Adminmeny' }).getByRole('link', { name: 'Annonser' }),
    ).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Adminmeny' }).getByRole('link', { name: 'Förare' }),
    ).toHaveCount(0);
    await page.goto('/admin/riders');
    await expect(page).toHaveURL(/\/$/);
  },
);
