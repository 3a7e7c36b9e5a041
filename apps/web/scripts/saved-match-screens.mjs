// Screenshots of the saved-match screens at phone and desktop width, for a human to look
// at: /tabell, /my-matches/created-protocols, /my-matches/saved-protocols and two saved matches
// (one that differs from the official result, one that matches it).
//
//   npx vite build apps/web && npx vite preview apps/web --port 4173   (proxies /api to :3000)
//   node apps/web/scripts/saved-match-screens.mjs
//
// Or against a server of its own that serves a build of its own (the API must have the saved-match
// routes; a server started before they existed answers 404 to /api/user/matches):
//   npx vite build apps/web --outDir /tmp/speedway-web-5 --emptyOutDir
//   PORT=3005 DATA_DIR=/tmp/speedway-data-5 WEB_DIST=/tmp/speedway-web-5 node apps/server/dist/server.js
//   BASE_URL=http://127.0.0.1:3005 node apps/web/scripts/saved-match-screens.mjs
//
// BASE_URL (default http://127.0.0.1:4173), SHOTS_DIR (default /tmp/speedway-shots-5),
// SHOT_EMAIL / SHOT_PASSWORD: an existing verified account on a server with the demo season.
// The account gets (and keeps, for later runs) two saved protocols copied from past demo matches
// with a result: one with a placement changed in heat 5, one exact; and one unsaved protocol of
// an upcoming match with three heats. Everything is filled in through the API; what is shown is
// the UI.
/* global document, window -- the page.evaluate callbacks run in the browser */
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

const LANES = ['1', '2', '3', '4'];

const problems = [];
const shoot = await screenshotsIn(process.env.SHOTS_DIR ?? '/tmp/speedway-shots-5', {
  // The page itself must never scroll sideways; a wide table scrolls inside its card.
  inspect: async (page, name) => {
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    if (overflow > 0) problems.push(`${name}: the page scrolls sideways by ${overflow} px`);
  },
});

/** The official heat's results, with one home and one away rider swapping places when asked. */
function resultsOf(heat, twist) {
  const results = heat.results.map(({ rider_id, position, status }) => ({
    rider_id,
    position,
    status,
  }));
  if (!twist) return results;
  const team = (id) => LANES.map((l) => heat.riders[l]).find((r) => r?.rider_id === id)?.team;
  const finishers = results.filter((r) => r.status === 'completed');
  const winner = finishers.find((r) => r.position === 1);
  const rival = finishers
    .filter((r) => team(r.rider_id) !== team(winner.rider_id))
    .sort((a, b) => a.position - b.position)[0];
  [winner.position, rival.position] = [rival.position, winner.position];
  return results;
}

/** The lanes where the official heat had another rider than the programme (reserves, R/R). */
function assignmentsFor(protocolHeat, officialHeat) {
  const changed = {};
  for (const lane of LANES) {
    const official = officialHeat.riders[lane]?.rider_id;
    if (official && protocolHeat.riders[lane]?.rider_id !== official) changed[lane] = official;
  }
  return changed;
}

/** A protocol copied heat by heat from an official result, then saved. */
async function savedCopyOf(token, officialId, { twistHeat } = {}) {
  const official = await api(token, 'GET', `/api/official-matches/${officialId}`);
  let match = await api(token, 'POST', '/api/matches/from-official', {
    official_match_id: officialId,
  });
  const nominated = match.meta.rules.nominated_heats;
  for (const officialHeat of [...official.result.heats].sort(
    (a, b) => a.heat_number - b.heat_number,
  )) {
    const n = officialHeat.heat_number;
    if (nominated.includes(n)) {
      const riders = LANES.map((lane) => officialHeat.riders[lane]);
      const assignments = Object.fromEntries(LANES.map((l, i) => [l, riders[i].rider_id]));
      const homeGates = riders[0].team === 'home' || riders[2].team === 'home' ? '1-3' : '2-4';
      match = await api(token, 'PUT', `/api/matches/${match.id}/nominations`, {
        [`heat${n}`]: {
          assignments,
          home_gates: homeGates,
          home: riders.filter((r) => r.team === 'home').map((r) => r.rider_id),
          away: riders.filter((r) => r.team === 'away').map((r) => r.rider_id),
        },
      });
    }
    const protocolHeat = match.heats.find((h) => h.heat_number === n);
    const assignments = assignmentsFor(protocolHeat, officialHeat);
    const swapped = Object.keys(assignments).length > 0;
    const reply = await api(token, 'POST', `/api/matches/${match.id}/heat/${n}/save`, {
      ...(swapped ? { assignments, rr: true } : {}),
      results: resultsOf(officialHeat, n === twistHeat),
    });
    match.heats = match.heats.map((h) => (h.heat_number === n ? reply.heat : h));
  }
  return api(token, 'POST', `/api/matches/${match.id}/save`);
}

const login = await logIn();
const token = login.token;

let saved = await api(token, 'GET', '/api/user/matches');
const officials = await api(token, 'GET', '/api/official-matches');
if (saved.length < 2) {
  const free = officials.filter(
    (m) => m.status === 'completed' && m.home_score !== null && !m.protocol_id && m.lineups_ready,
  );
  await savedCopyOf(token, free[0].id, { twistHeat: 5 });
  await savedCopyOf(token, free[1].id);
  saved = await api(token, 'GET', '/api/user/matches');
}
const protocols = await api(token, 'GET', '/api/matches');
if (!protocols.some((m) => m.status !== 'confirmed')) {
  const upcoming = officials.filter((m) => m.status === 'upcoming' && !m.protocol_id);
  const match = await api(token, 'POST', '/api/matches/from-official', {
    official_match_id: upcoming[0].id,
  });
  for (const heat of match.heats.filter((h) => h.heat_number <= 3)) {
    await api(token, 'POST', `/api/matches/${match.id}/heat/${heat.heat_number}/save`, {
      results: LANES.map((lane, i) => ({
        rider_id: heat.riders[lane].rider_id,
        position: [2, 1, 4, 3][i],
        status: 'completed',
      })),
    });
  }
}
const disputed = saved.find((m) => m.status === 'disputed') ?? saved[0];
const validated = saved.find((m) => m.status === 'validated' && !m.resolution) ?? saved[1];

const browser = await launchBrowser();

for (const viewport of VIEWPORTS) {
  const context = await newViewportContext(browser, viewport, { reducedMotion: 'reduce' });
  await restoreSession(context, login);
  const page = await context.newPage();
  let expect404 = false;
  // The missing saved match is asked for on purpose; the browser logs its 404.
  collectErrors(page, viewport.name, problems, (text) => expect404 && text.includes('404'));
  const tag = viewport.name;

  await page.goto(`${BASE}/tabell`);
  await page.getByRole('table', { name: 'Tabell Elitserien' }).waitFor();
  await shoot(page, `table-${tag}`);

  await page.goto(`${BASE}/my-matches/created-protocols`);
  await page.getByRole('tab', { name: 'Skapade', selected: true }).waitFor();
  await page.getByRole('link', { name: /–/ }).first().waitFor();
  await shoot(page, `my-matches-created-${tag}`);

  await page.goto(`${BASE}/my-matches/saved-protocols`);
  await page.getByRole('link', { name: /–/ }).first().waitFor();
  await shoot(page, `my-matches-saved-${tag}`);
  await page
    .getByRole('button', { name: /^Ta bort / })
    .first()
    .click();
  await page.getByRole('dialog').waitFor();
  await shoot(page, `my-matches-delete-dialog-${tag}`, { fullPage: false });
  await page.getByRole('button', { name: 'Avbryt' }).click();

  await page.goto(`${BASE}/my-matches/saved/${disputed.id}`);
  await page.getByRole('heading', { name: 'Heat för heat' }).waitFor();
  await shoot(page, `saved-disputed-${tag}`);
  await shoot(page, `saved-disputed-top-${tag}`, { fullPage: false });
  // The long page in screen-sized pieces, readable where a full-page picture of a phone is not.
  for (const [name, locator] of [
    ['differences', page.getByRole('heading', { name: 'Skillnader mot officiella resultat' })],
    ['heats', page.getByRole('heading', { name: 'Heat för heat' })],
    ['riders', page.getByRole('heading', { name: 'Förarstatistik' })],
  ]) {
    await locator.evaluate((element) => element.scrollIntoView({ block: 'start' }));
    await page.evaluate(() => window.scrollBy(0, -80));
    await shoot(page, `saved-disputed-${name}-${tag}`, { fullPage: false });
  }

  await page.goto(`${BASE}/my-matches/saved/${validated.id}`);
  await page.getByText('Matchar ditt protokoll').waitFor();
  await shoot(page, `saved-validated-top-${tag}`, { fullPage: false });

  expect404 = true;
  await page.goto(`${BASE}/my-matches/saved/00000000-0000-4000-8000-000000000000`);
  await page.getByText('Matchen saknas eller har tagits bort.').waitFor();
  await shoot(page, `saved-missing-${tag}`, { fullPage: false });
  await context.close();
}

await finish(browser, problems, `\n${problems.length} problem(s):`);
