import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import type {
  Match,
  MatchHeat,
  OfficialMatchDetail,
  OfficialMatchSummary,
} from '@speedway/contracts';

/** An API client signed in as `email`, for preparing data the way the app's screens would. */
export async function apiAs(request: APIRequestContext, email: string, password: string) {
  const login = await request.post('/api/auth/login', { data: { email, password } });
  expect(login.status()).toBe(200);
  const { token } = (await login.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}` };
  const call = async <T>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    data?: unknown,
  ) => {
    const res = await request.fetch(url, {
      method,
      headers,
      ...(data !== undefined ? { data } : {}),
    });
    expect(res.ok(), `${method} ${url}: ${await res.text()}`).toBe(true);
    return (await res.json()) as T;
  };
  return { token, call };
}
type Api = Awaited<ReturnType<typeof apiAs>>;

/**
 * The demo season whole. The list without parameters holds today's and the coming matches only
 * (README, "Official matches: the window"); its season is the demo's.
 */
export async function demoSeasonMatches(api: Api): Promise<OfficialMatchSummary[]> {
  const [today] = await api.call<OfficialMatchSummary[]>('GET', '/api/official-matches');
  return api.call<OfficialMatchSummary[]>('GET', `/api/official-matches?season=${today!.season}`);
}

/** A finished demo match whose official result was published heat by heat. */
export async function finishedOfficialMatch(api: Api, skip = 0): Promise<OfficialMatchDetail> {
  const all = await demoSeasonMatches(api);
  const finished = all.filter(
    (m) => m.status === 'completed' && m.rulebook === 'elitserien-klassisk',
  );
  const summary = finished[skip];
  if (!summary) throw new Error('The demo season has no finished match');
  return api.call<OfficialMatchDetail>('GET', `/api/official-matches/${summary.id}`);
}

/**
 * Starts a protocol from an official match and registers its heats up to `lastHeat` with the
 * official riders and placings (R/R with manual unlock; the nomination where a heat is nominated).
 */
export async function prepareProtocol(
  api: Api,
  official: OfficialMatchDetail,
  lastHeat: number,
): Promise<Match> {
  let match = await api.call<Match>('POST', '/api/matches/from-official', {
    official_match_id: official.id,
  });
  const heats = official.result?.heats ?? [];
  for (const target of heats.filter((h) => h.heat_number <= lastHeat)) {
    match = await registerOfficialHeat(api, match, target);
  }
  return match;
}

export async function registerOfficialHeat(
  api: Api,
  match: Match,
  target: MatchHeat,
): Promise<Match> {
  const n = target.heat_number;
  const lanes = ['1', '2', '3', '4'] as const;
  let current = match;
  if (match.meta.rules.nominated_heats.includes(n)) {
    const home = lanes.filter((l) => target.riders[l]?.team === 'home');
    current = await api.call<Match>('PUT', `/api/matches/${match.id}/nominations`, {
      [`heat${n}`]: {
        assignments: Object.fromEntries(lanes.map((l) => [l, target.riders[l]!.rider_id])),
        home_gates: home.includes('1') ? '1-3' : '2-4',
        home: home.map((l) => target.riders[l]!.rider_id),
        away: lanes
          .filter((l) => target.riders[l]?.team === 'away')
          .map((l) => target.riders[l]!.rider_id),
      },
    });
  }
  const heat = current.heats.find((h) => h.heat_number === n)!;
  const assignments = Object.fromEntries(
    lanes
      .filter((l) => heat.riders[l]?.rider_id !== target.riders[l]?.rider_id)
      .map((l) => [l, target.riders[l]!.rider_id]),
  );
  await api.call('POST', `/api/matches/${match.id}/heat/${n}/save`, {
    ...(Object.keys(assignments).length > 0 ? { assignments, rr: true } : {}),
    results: target.results.map(({ rider_id, position, status }) => ({
      rider_id,
      position,
      status,
    })),
  });
  return api.call<Match>('GET', `/api/matches/${match.id}`);
}

/** Registers the open heat through the dialog: lane i takes place `places[i]` (default i). */
export async function registerHeat(page: Page, n: number, places = [1, 2, 3, 4]) {
  await page.getByRole('button', { name: 'Registrera heat' }).click();
  const dialog = page.getByRole('dialog');
  await expect(
    dialog.getByRole('heading', { name: `Registrera Heat ${n} Resultat` }),
  ).toBeVisible();
  const save = dialog.getByRole('button', { name: 'Spara resultat' });
  await expect(save).toBeDisabled();
  for (const [i, place] of places.entries()) {
    await dialog
      .getByRole('group', { name: `Placering spår ${i + 1}` })
      .getByRole('button', { name: `Placering ${place}` })
      .click();
  }
  await expect(save).toBeEnabled();
  await save.click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`${n}/15 Heat komplett`)).toBeVisible();
}

/** Every rider of the heat finished (no exclusion), so places 1–4 in the dialog give its result. */
const allFinished = (heat: MatchHeat) =>
  heat.results.length === 4 && heat.results.every((r) => r.status === 'completed');

/**
 * A finished demo match the heat dialog can register as ridden with places alone: heats 1–14
 * with the programme's riders (no R/R, tactical or reserve change) and nobody excluded.
 */
export async function walkableOfficialMatch(api: Api): Promise<OfficialMatchDetail> {
  for (let skip = 0; ; skip += 1) {
    const official = await finishedOfficialMatch(api, skip);
    const heats = official.result?.heats ?? [];
    const riders = (h: MatchHeat | undefined) =>
      Object.values(h?.riders ?? {}).map((r) => r?.rider_id);
    const asProgrammed = (h: MatchHeat) =>
      h.heat_number === 15 || // nominated in elitserien-klassisk
      riders(h).join() ===
        riders(official.heats.find((p) => p.heat_number === h.heat_number)).join();
    if (heats.length === 15 && heats.every((h) => allFinished(h) && asProgrammed(h))) {
      return official;
    }
  }
}

/** The places of a heat's riders, lane 1 to 4: what registerHeat takes. */
export function placesOf(heat: MatchHeat): number[] {
  return (['1', '2', '3', '4'] as const).map(
    (lane) => heat.results.find((r) => r.rider_id === heat.riders[lane]?.rider_id)!.position,
  );
}

/** Nominates heat `target.heat_number` in the dialog with the official gates and riders. */
export async function nominateHeat(page: Page, target: MatchHeat) {
  const n = target.heat_number;
  await page.getByRole('button', { name: `Nominera heat ${n}` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(`Nomineringsheat – Heat ${n}`)).toBeVisible();
  const homeFirst = target.riders['1']!.team === 'home';
  await dialog.getByRole('radio', { name: homeFirst ? /Spår 1 och 3/ : /Spår 2 och 4/ }).click();
  const next = dialog.getByRole('button', { name: 'Nästa' });
  for (const lanes of homeFirst
    ? [
        ['1', '3'],
        ['2', '4'],
      ]
    : [
        ['2', '4'],
        ['1', '3'],
      ]) {
    await next.click();
    for (const lane of lanes as ('1' | '2' | '3' | '4')[]) {
      await dialog
        .getByRole('radiogroup', { name: new RegExp(`^Spår ${lane} `) })
        .getByRole('radio', { name: target.riders[lane]!.name })
        .click();
    }
  }
  await dialog.getByRole('button', { name: 'Spara nominering' }).click();
  await expect(dialog).toBeHidden();
}

/** Registers heats as ridden in the dialog, heat 15 after its nomination. */
export async function registerAsRidden(page: Page, heats: MatchHeat[]) {
  for (const heat of heats) {
    if (heat.heat_number === 15) await nominateHeat(page, heat);
    await registerHeat(page, heat.heat_number, placesOf(heat));
  }
}
