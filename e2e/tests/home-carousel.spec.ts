import type { Locator, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import type { OfficialMatchSummary } from '@speedway/contracts';
import { createVerifiedUser, signInThroughForm, uniqueEmail } from '../support/accounts';

// docs/spec/2-matches-protocols-admin.md §9: a day of several matches is a carousel on the home
// page, opened at the next match.
// Embla (the carousel) starts when the page is idle, not in its first render; until then
// the slides stand where it will put them, and an arrow pressed before it has started still works.

const OFFICIAL_LIST = /\/api\/official-matches(\?.*)?$/;
/** Tomorrow evening (the session is valid then): the day's first match has started, the second is next. */
const DAY = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
const NOW = new Date(`${DAY}T17:30:00Z`);
const STARTS = [`${DAY}T17:00:00Z`, `${DAY}T18:00:00Z`, `${DAY}T18:45:00Z`];

/** Only three matches, all on NOW's day: the server's own, moved there. */
async function serveOneMatchDay(page: Page) {
  await page.route(OFFICIAL_LIST, async (route) => {
    const response = await route.fetch();
    const matches = (await response.json()) as OfficialMatchSummary[];
    const day = matches
      .filter((match) => match.status !== 'completed')
      .slice(0, 3)
      .map((match, index) => ({ ...match, start: STARTS[index]! }));
    expect(day).toHaveLength(3);
    await route.fulfill({ response, json: day });
  });
}

/** The slide is the one shown: not hidden from assistive technology, and inside the carousel. */
async function expectShown(carousel: Locator, slide: number) {
  const group = carousel.getByRole('group', { name: `Match ${slide} av 3`, includeHidden: true });
  await expect(group).not.toHaveAttribute('aria-hidden', 'true');
  await expect(carousel.getByRole('button', { name: `Visa match ${slide} av 3` })).toHaveAttribute(
    'aria-current',
    'true',
  );
  await expect
    .poll(async () => {
      const [box, frame] = await Promise.all([group.boundingBox(), carousel.boundingBox()]);
      return box && frame ? Math.abs(box.x - frame.x) : Infinity;
    })
    .toBeLessThan(4);
}

test('a day of matches opens at the next one, and its arrows work from the first moment', async ({
  page,
  request,
}, info) => {
  const email = uniqueEmail(info, 'carousel');
  await createVerifiedUser(request, email);
  await page.clock.setFixedTime(NOW);
  await serveOneMatchDay(page);
  await signInThroughForm(page, email);
  await expect(page).toHaveURL(/\/$/);

  const carousel = page.getByRole('region', { name: 'Dagens matcher' });
  await expect(carousel).toBeVisible();
  // The match at 19:00, not the one under way since 18:00.
  await expectShown(carousel, 2);
  // At once, whether or not Embla has started yet.
  await carousel.getByRole('button', { name: 'Nästa match' }).click();
  await expectShown(carousel, 3);
  await carousel.getByRole('button', { name: 'Visa match 1 av 3' }).click();
  await expectShown(carousel, 1);
});

test('the carousel starts by itself once the page is idle, where it stood', async ({
  page,
  request,
}, info) => {
  const email = uniqueEmail(info, 'carousel-idle');
  await createVerifiedUser(request, email);
  await page.clock.setFixedTime(NOW);
  await serveOneMatchDay(page);
  await signInThroughForm(page, email);
  const carousel = page.getByRole('region', { name: 'Dagens matcher' });
  await expect(carousel).toBeVisible();
  // A fresh start of the app, from the prerendered page; where the match at 19:00 stood in the
  // carousel's first frame is recorded.
  await page.addInitScript(() => {
    const record = () => {
      const track = document.querySelector<HTMLElement>(
        '[aria-roledescription="karusell"] .touch-pan-y',
      );
      if (!track) return false;
      requestAnimationFrame(() => {
        const viewport = track.parentElement!.getBoundingClientRect();
        const slide = track.children[1]!.getBoundingClientRect();
        document.documentElement.dataset.firstFrame = String(Math.round(slide.x - viewport.x));
      });
      return true;
    };
    const observer = new MutationObserver(() => record() && observer.disconnect());
    observer.observe(document, { childList: true, subtree: true });
  });
  await page.reload();
  await expectShown(carousel, 2);
  const firstFrame = await page.locator('html').getAttribute('data-first-frame');
  expect(Math.abs(Number(firstFrame ?? NaN))).toBeLessThan(4);
  // Embla moves its slides with a translate3d of its own; the placement before it is a translateX.
  const track = carousel.locator('.touch-pan-y');
  await expect(track).toHaveAttribute('style', /translate3d/);
  await expectShown(carousel, 2);
});
