// Screenshots of the match screens at phone and desktop width, for a human to look at.
//
//   npx vite build apps/web && npx vite preview apps/web --port 4173   (proxies /api to :3000)
//   node apps/web/scripts/match-screens.mjs
//
// BASE_URL (default http://127.0.0.1:4173), SHOTS_DIR (default /tmp/speedway-shots/matches),
// SHOT_EMAIL / SHOT_PASSWORD: an existing verified account; SHOT_THEME=dark for the dark theme. The account gets two protocols from
// upcoming official matches (reused on later runs): one with four heats registered, one with 14
// (so heat 15 can be nominated). Heats are filled through the API; everything shown is the UI.
import { api, BASE, logIn } from './lib/api.mjs';
import {
  collectErrors,
  finish,
  launchBrowser,
  newViewportContext,
  restoreSession,
  screenshotsIn,
  VIEWPORTS,
} from './lib/browser.mjs';

const THEME = process.env.SHOT_THEME === 'dark' ? 'dark' : 'light';

// Pages are taken whole; the protocol and its dialogs as the screen shows them (fixed bars).
const shoot = await screenshotsIn(process.env.SHOTS_DIR ?? '/tmp/speedway-shots/matches', {
  settleMs: 500,
});
const browser = await launchBrowser();
const problems = [];

/** Finishing order per heat, by lane: varied so that both teams win heats and bonus shows up. */
const ORDERS = [
  [1, 2, 3, 4],
  [2, 1, 4, 3],
  [3, 4, 1, 2],
  [4, 3, 2, 1],
  [1, 3, 2, 4],
];

async function protocolWith(token, officialId, heats) {
  const match = await api(token, 'POST', '/api/matches/from-official', {
    official_match_id: officialId,
  });
  for (const heat of match.heats) {
    if (heat.heat_number > heats || heat.results.length > 0) continue;
    const order = ORDERS[heat.heat_number % ORDERS.length];
    const results = ['1', '2', '3', '4'].map((lane, i) => ({
      rider_id: heat.riders[lane].rider_id,
      position: order[i],
      status: 'completed',
    }));
    await api(token, 'POST', `/api/matches/${match.id}/heat/${heat.heat_number}/save`, {
      results,
    });
  }
  return match.id;
}

const login = await logIn();
const token = login.token;
const official = await api(token, 'GET', '/api/official-matches');
const upcoming = official.filter((m) => m.status === 'upcoming' && m.lineups_ready);
const someHeats = await protocolWith(token, upcoming[upcoming.length - 1].id, 4);
const fourteen = await protocolWith(token, upcoming[upcoming.length - 2].id, 14);
const detailId = upcoming[0].id;

for (const viewport of VIEWPORTS) {
  const context = await newViewportContext(browser, viewport, {
    colorScheme: THEME,
    // Keeps the home carousel still for the picture.
    reducedMotion: 'reduce',
  });
  await restoreSession(context, login);
  const page = await context.newPage();
  collectErrors(page, viewport.name, problems);
  const tag = THEME === 'dark' ? `${viewport.name}-dark` : viewport.name;

  await page.goto(`${BASE}/`);
  await page.getByText('Nästa match').first().waitFor();
  await shoot(page, `home-${tag}`);
  await page.getByRole('tab', { name: 'Tabell' }).click();
  await shoot(page, `home-table-${tag}`);

  await page.goto(`${BASE}/matches`);
  await page.getByRole('heading', { name: 'Nästa matcher' }).waitFor();
  await shoot(page, `matches-${tag}`);

  await page.goto(`${BASE}/matches/official/${detailId}`);
  await page.getByRole('button', { name: 'Starta protokoll' }).waitFor();
  await shoot(page, `official-match-${tag}`);

  await page.goto(`${BASE}/match/${someHeats}`);
  await page.getByText(/Heat komplett/).waitFor();
  await shoot(page, `protocol-${tag}`, { fullPage: false });
  await page.getByRole('button', { name: 'Föregående heat' }).click();
  await shoot(page, `protocol-heat-4-${tag}`, { fullPage: false });
  await page.getByRole('radio', { name: 'Totalpoäng' }).click();
  await shoot(page, `protocol-heat-4-total-${tag}`, { fullPage: false });
  await page.getByRole('button', { name: 'Nästa heat' }).click();
  await page.getByRole('button', { name: 'Registrera heat' }).click();
  await page.getByRole('dialog').waitFor();
  await page.getByRole('dialog').getByRole('button', { name: 'Placering 1' }).first().click();
  await shoot(page, `heat-dialog-${tag}`, { fullPage: false });
  await page.getByRole('button', { name: 'Avbryt' }).click();
  await page.getByRole('button', { name: 'Match-statistik' }).click();
  await shoot(page, `match-stats-${tag}`, { fullPage: false });
  await page.keyboard.press('Escape');

  await page.goto(`${BASE}/match/${fourteen}`);
  await page.getByRole('button', { name: /Nominera heat 15/ }).click();
  await page.getByRole('dialog').waitFor();
  await page.getByRole('radio', { name: /Spår 1 och 3/ }).click();
  await page.getByRole('button', { name: 'Nästa' }).click();
  await shoot(page, `nomination-dialog-${tag}`, { fullPage: false });
  await context.close();
}

await finish(browser, problems, 'Browser errors:');
