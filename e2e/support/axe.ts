import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';

// The accessibility scans (WCAG 2.2 AA), shared by accessibility*.spec.ts and the specs
// that reach a screen in a state no other spec holds (the conflict dialog, the official-data
// screen with its runs). A spec that scans uses `test.use({ reducedMotion: 'reduce' })`:
// colours are judged at rest, with no transition caught half-way.

/** Sunlight mode's switch (apps/web/src/lib/storage.ts). */
export const SUNLIGHT_KEY = 'speedway.sunlight';

const AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Every WCAG 2.2 AA rule; only text contrast (the other theme); only AAA text contrast. */
type Rules = 'aa' | 'contrast' | 'aaa';

/** Scans the page as it stands; a failure names each rule and the first elements it found. */
async function scan(page: Page, where: string, rules: Rules) {
  await still(page);
  // Violations only: axe skips detailing every passing node, a good part of its time.
  const builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
  const result = await (
    rules === 'aa'
      ? builder
          .options({ resultTypes: ['violations'], rules: { 'target-size': { enabled: true } } })
          .withTags(AA_TAGS)
      : builder.withRules([rules === 'aaa' ? 'color-contrast-enhanced' : 'color-contrast'])
  ).analyze();
  const found = result.violations.map(
    (v) =>
      `${v.id}: ${v.help}\n` +
      v.nodes
        .slice(0, 6)
        .map(
          (n) => `    ${n.target.join(' ')} | ${n.failureSummary?.split('\n').slice(1).join(' ')}`,
        )
        .join('\n'),
  );
  expect.soft(found, `axe (${rules}) on ${where}`).toEqual([]);
}

/** The page in the dark theme and/or sunlight mode, set in place as lib/theme.ts and lib/sunlight.ts do. */
const look = (page: Page, dark: boolean, sunlight: boolean) =>
  page.evaluate(
    ([dark, sunlight]) => {
      const root = document.documentElement;
      root.classList.toggle('dark', dark);
      root.classList.toggle('sunlight', sunlight);
      root.style.colorScheme = dark ? 'dark' : 'light';
    },
    [dark, sunlight],
  );

/**
 * Two frames on, and then until a frame in which no CSS transition runs: a transition (0.01 ms
 * under reduced motion) starts on the next frame, and axe, one long task, would read its first
 * value for the whole scan (the light theme's text on the dark page, a submit button half faded
 * in as the app took over the prerendered form: two CI runs). Those running are waited for and
 * the frames checked again: in one CI run the dark theme's /admin had its labels read at the light
 * theme's text colour (contrast 1.01), not reproduced here; the likeliest cause a transition that
 * started after the first two frames on a busy runner (two workers).
 */
const still = (page: Page) =>
  page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    await frame();
    await frame();
    for (let round = 0; round < 20; round++) {
      const running = document
        .getAnimations()
        .filter((animation) => animation instanceof CSSTransition);
      if (running.length === 0) return;
      await Promise.allSettled(running.map((transition) => transition.finished));
      await frame();
    }
  });

/**
 * The screen as it stands: every AA rule in the light theme, contrast in the dark one, and with
 * `sunlight` AAA contrast in sunlight mode in both; left in the light theme.
 */
export async function scanScreen(page: Page, where: string, sunlight = false) {
  await scan(page, where, 'aa');
  await look(page, true, false);
  await scan(page, `${where} (dark)`, 'contrast');
  if (sunlight) {
    for (const dark of [false, true]) {
      await look(page, dark, true);
      await scan(page, `${where} in sunlight mode${dark ? ' (dark)' : ''}`, 'aaa');
    }
  }
  await look(page, false, false);
}

/** The screens used at the track, where sunlight mode must reach 7:1. */
export const SUNLIGHT_SCREENS = new Set<string>([
  '/',
  '/match/:id',
  '/tabell',
  '/account/appearance',
]);

/** The page has drawn its content: a heading, and no skeleton or spinner left. */
export async function settled(page: Page) {
  // The page's code loaded and its calls answered: the app has taken over the prerendered HTML
  // (the live page's event stream never goes idle: it gets 5 s).
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  await expect(page.getByRole('heading').first()).toBeVisible();
  await expect(
    page.locator(
      '[data-slot="skeleton"], [role="status"][aria-label="Laddar…"], [aria-busy="true"]',
    ),
  ).toHaveCount(0);
}

export async function visit(page: Page, url: string) {
  await page.goto(url);
  await settled(page);
}
