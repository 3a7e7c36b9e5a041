import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { OfficialDataDocument, OfficialHeat } from '@speedway/contracts';
import { createUserCommand } from '../src/cli/create-user';
import type { Executor } from '../src/db/client';
import { officialMatches } from '../src/db/schema/index';
import { recompareSavedMatches } from '../src/features/protocol/index';
import { importOfficialData } from '../src/features/official/index';
import { stockholmDate } from '../src/lib/stockholm-date';
import type { TestApp } from './test-app';
import { login, PASSWORD } from './users';

const here = path.dirname(fileURLToPath(import.meta.url));
// The rules package keeps the reference files next to its own replay tests.
const fixtures = path.resolve(here, '../../../packages/rules/src/test-support');

export type ReferenceDocument = OfficialDataDocument & {
  matches: (NonNullable<OfficialDataDocument['matches']>[number] & {
    result: { home_score: number; away_score: number; heats: OfficialHeat[] };
  })[];
  expected: {
    running_score_after_heat: Record<string, string>;
    rider_lines: Record<string, string>;
    rider_points?: Record<'home' | 'away', Record<string, number>>;
    rider_bonus?: Record<'home' | 'away', Record<string, number>>;
  };
};

function load(name: string): ReferenceDocument {
  return JSON.parse(readFileSync(path.join(fixtures, name), 'utf8')) as ReferenceDocument;
}

/** Indianerna 37–53 Västervik (2019), elitserien-2019: a real match with published values. */
export const kumlaVastervik = () => load('kumla-vastervik-2019.json');
/** A hand-worked klassisk match with R/R, exclusions, a tactical reserve and heat 15. */
export const syntheticKlassisk = () => load('synthetic-klassisk.json');

/**
 * Five matches between the synthetic teams (hemma, borta) around now: upcoming with line-ups,
 * live (started, no result), played (the synthetic result), without line-ups, and undated.
 */
export function fixtureSeason(now = Date.now()): OfficialDataDocument {
  const synthetic = syntheticKlassisk();
  const { lineups, result } = synthetic.matches[0]!;
  const at = (hours: number) => new Date(now + hours * 3_600_000).toISOString();
  const swapped = { home: lineups!.away!, away: lineups!.home! };
  return {
    format: 'speedway-official/1',
    teams: synthetic.teams,
    matches: [
      {
        external_id: 'fx-upcoming',
        competition: 'Elitserien',
        season: 2026,
        round: 3,
        start: at(48),
        home: 'hemma',
        away: 'borta',
        venue: 'Hemmabanan',
        referee: 'Greta Startgrind',
        tv: 'Demokanalen',
        lineups,
      },
      {
        external_id: 'fx-live',
        round: 2,
        start: at(-1),
        home: 'borta',
        away: 'hemma',
        lineups: swapped,
      },
      {
        external_id: 'fx-played',
        round: 1,
        start: at(-72),
        home: 'hemma',
        away: 'borta',
        lineups,
        result,
      },
      { external_id: 'fx-no-lineups', round: 4, start: at(24 * 7), home: 'borta', away: 'hemma' },
      { external_id: 'fx-undated', start: null, home: 'hemma', away: 'borta', lineups },
    ],
  };
}

/** The day in Sweden `days` from now, 'YYYY-MM-DD': an end of a window of the official list. */
export function swedishDayFromNow(days = 0): string {
  return stockholmDate(new Date(Date.now() + days * 86_400_000));
}

/**
 * GET /api/official-matches from ten days ago on: the whole fixture season (fixtureSeason), at any
 * hour. The default window starts today, so at 00:30 it no longer holds the match that started an
 * hour before.
 */
export const listAroundNow = () => `/api/official-matches?from=${swedishDayFromNow(-10)}`;

/** GET /api/official-matches of this year's season: the demo season (DEMO_DATA) whole. */
export const listThisSeason = () =>
  `/api/official-matches?season=${swedishDayFromNow(0).slice(0, 4)}`;

/** external_id → id of the imported official matches. */
export async function officialIds(t: TestApp): Promise<Record<string, string>> {
  const rows = await t.db
    .select({ id: officialMatches.id, externalId: officialMatches.externalId })
    .from(officialMatches);
  return Object.fromEntries(rows.map((r) => [r.externalId, r.id]));
}

/** An import as the app runs it: saved protocols compared again (app.ts passes matches'). */
export function importData(db: Executor, doc: unknown) {
  return importOfficialData(db, doc, { resultsChanged: recompareSavedMatches });
}

export function importDoc(t: TestApp, doc: unknown) {
  return importData(t.db, doc);
}

/** Posts a document (already JSON text) to the super_admin import route, as a client would. */
export function postImport(t: TestApp, token: string, payload: string) {
  return t.request({
    method: 'POST',
    url: '/api/official-matches/import',
    token,
    payload,
    headers: { 'content-type': 'application/json' },
  });
}

/** A verified account with a role, made the way an operator does (the CLI), then signed in. */
export async function userWithRole(
  t: TestApp,
  email: string,
  role: 'user' | 'club_admin' | 'super_admin',
): Promise<string> {
  await createUserCommand(
    { email, password: PASSWORD, role, ...(role === 'club_admin' ? { club: 'indianerna' } : {}) },
    t.db,
  );
  return login(t, email);
}

type SyntheticResult = ReferenceDocument['matches'][number]['result'];

/**
 * The synthetic result with heat `heat` ridden to other placements (gate → position), its heat
 * score and the match totals given as they follow from the placements.
 */
export function changedResult(
  result: SyntheticResult,
  heat: number,
  positions: Record<number, number>,
  heatScore: [number, number],
  totals: [number, number],
): SyntheticResult {
  return {
    home_score: totals[0],
    away_score: totals[1],
    heats: result.heats.map((h) =>
      h.heat !== heat
        ? h
        : {
            ...h,
            heat_score: heatScore,
            riders: h.riders.map((r) => ({ ...r, position: positions[r.gate] ?? r.position })),
          },
    ),
  } as SyntheticResult;
}

/** Heat 15 with the home rider 2nd instead of 3rd: 2–4 instead of 1–5, the match 47–43. */
export const heat15Changed = (result: SyntheticResult) =>
  changedResult(result, 15, { 2: 2, 3: 3 }, [2, 4], [47, 43]);

/** Heat 2 with the two home reserves' places swapped: the same 4–2, the same 46–44. */
export const heat2TeammatesSwapped = (result: SyntheticResult) =>
  changedResult(result, 2, { 2: 3, 4: 1 }, [4, 2], [46, 44]);

/** A document that sets (or, with null, withdraws) the result of one fixture-season match. */
export function resultDoc(
  externalId: string,
  result: Partial<SyntheticResult> | null,
): OfficialDataDocument {
  const synthetic = syntheticKlassisk();
  return {
    format: 'speedway-official/1',
    teams: synthetic.teams,
    matches: [
      {
        external_id: externalId,
        home: externalId === 'fx-live' ? 'borta' : 'hemma',
        away: externalId === 'fx-live' ? 'hemma' : 'borta',
        result: result as SyntheticResult | null,
      },
    ],
  };
}
